import type { EventName } from '../src/modules/webhooks/event-names'
import type { SeedEnv } from './env'

/**
 * Writes a historical event to the outbox. It is marked fanned out at once: history is not
 * re-delivered to webhook subscribers, and the demo tenant has none.
 */
export function emit(env: SeedEnv, type: EventName, data: Record<string, unknown>, at: number): void {
  if (at > env.now) return
  env.w.events.add({ id: env.ids.eventId(), tenantId: env.tenantId, type, data, occurredAt: at, fannedOutAt: at })
}

export const iso = (ms: number): string => new Date(ms).toISOString()
export const hours = (seconds: number): number => Math.round(seconds / 36) / 100
