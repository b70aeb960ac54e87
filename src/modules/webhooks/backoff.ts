import { DAY, HOUR, MINUTE } from '../../kernel/time'

/**
 * Retry schedule of a failed delivery (DECISIONS.md): about 1 min, 5 min, 30 min, 2 h, 6 h, 12 h
 * and 24 h after each failed attempt, so 8 attempts over about 45 hours. Each wait is jittered by
 * ±10% so that endpoints coming back after an outage are not hit by every retry at once.
 */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR] as const
export const JITTER = 0.1

/** An endpoint failing without a single success for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * DAY

/** Wait before the attempt after `attempt` (1-based) failed; null when no attempt is left. */
export function retryDelay(attempt: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attempt - 1]
  if (base === undefined) return null
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()))
}
