import type { DbLike } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { countHourAndDay, deleteCountersBefore } from './queries'

const HOUR_S = 3600
const DAY_S = 86_400

export interface RestLimits {
  perHour: number
  perDay: number
}

/** Where a token stands after a request: what the X-RateLimit-* headers say. */
export interface RateLimitState {
  allowed: boolean
  limitHour: number
  remainingHour: number
  /** Unix seconds when the hourly window resets (top of the next UTC hour). */
  resetHour: number
  limitDay: number
  remainingDay: number
  /** Unix seconds when the daily window resets (next 00:00 UTC). */
  resetDay: number
  /** Seconds until the exhausted window(s) reset; 0 when allowed. */
  retryAfter: number
}

/** Fixed UTC windows: the hour and the day that contain `now`, as Unix seconds. */
export function windowsAt(now: number): { hourStart: number; dayStart: number } {
  const s = Math.floor(now / 1000)
  return { hourStart: s - (s % HOUR_S), dayStart: s - (s % DAY_S) }
}

function stateOf(now: number, limits: RestLimits, hourCount: number, dayCount: number, allowed: boolean): RateLimitState {
  const { hourStart, dayStart } = windowsAt(now)
  const nowS = Math.floor(now / 1000)
  const resetHour = hourStart + HOUR_S
  const resetDay = dayStart + DAY_S
  const hourOut = hourCount >= limits.perHour
  const dayOut = dayCount >= limits.perDay
  const retryAfter = allowed ? 0 : Math.max(hourOut ? resetHour - nowS : 0, dayOut ? resetDay - nowS : 0, 1)
  return {
    allowed,
    limitHour: limits.perHour,
    remainingHour: Math.max(0, limits.perHour - hourCount),
    resetHour,
    limitDay: limits.perDay,
    remainingDay: Math.max(0, limits.perDay - dayCount),
    resetDay,
    retryAfter,
  }
}

/** The headers of a request that counts against no token (no key, or a key that is not valid). */
export const uncountedState = (now: number, limits: RestLimits): RateLimitState => stateOf(now, limits, 0, 0, true)

/**
 * Counts one REST request of a token against its hourly and daily windows. Both counters are
 * incremented in one BEGIN IMMEDIATE transaction; when either goes over its limit the
 * transaction rolls back, so a refused request consumes neither budget. Exact under concurrency
 * (one two-row UPSERT ... RETURNING) and durable across restarts (the counters are rows).
 */
export function consumeRestRequest(db: DbLike, tenantId: number, keyId: string, now: number, limits: RestLimits): RateLimitState {
  const { hourStart, dayStart } = windowsAt(now)
  const counted = countHourAndDay(db, tenantId, keyId, hourStart, dayStart, limits)
  return stateOf(now, limits, counted.hour, counted.day, counted.allowed)
}

/** The response headers of the spec (plus X-RateLimit-Reset-Hour). */
export function rateLimitHeaders(s: RateLimitState): Record<string, string> {
  return {
    'x-ratelimit-limit-hour': String(s.limitHour),
    'x-ratelimit-remaining-hour': String(s.remainingHour),
    'x-ratelimit-reset-hour': String(s.resetHour),
    'x-ratelimit-limit-day': String(s.limitDay),
    'x-ratelimit-remaining-day': String(s.remainingDay),
    'x-ratelimit-reset-day': String(s.resetDay),
  }
}

/** The 429 of a refused request, naming the window that ran out and when to come back. */
export function rateLimitedError(s: RateLimitState): DomainError {
  const which =
    s.remainingHour === 0 && s.remainingDay === 0
      ? `hourly limit of ${s.limitHour} and daily limit of ${s.limitDay}`
      : s.remainingDay === 0
        ? `daily limit of ${s.limitDay}`
        : `hourly limit of ${s.limitHour}`
  return new DomainError('rate_limited', `This token has used its ${which} requests. Retry after ${s.retryAfter} seconds.`, {
    retry_after_seconds: s.retryAfter,
    limit_hour: s.limitHour,
    limit_day: s.limitDay,
  })
}

/** Counters older than two days serve nothing: the housekeeping job deletes them. */
export function pruneRestCounters(db: DbLike, now: number): number {
  const { dayStart } = windowsAt(now)
  return deleteCountersBefore(db, 'hour', dayStart - DAY_S) + deleteCountersBefore(db, 'day', dayStart - 2 * DAY_S)
}
