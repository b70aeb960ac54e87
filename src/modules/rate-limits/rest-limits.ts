import type { DbLike } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { deleteCountersBefore } from './queries'
import { countThisTurn } from './turn-batch'

const HOUR_S = 3600
const DAY_S = 86_400

export interface RestLimits {
  perHour: number
  perDay: number
}

/** Hour and day counts of one budget (a key, or a tenant's whole client API). */
export interface HourDay {
  hour: number
  day: number
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
  /** The tenant's shared budget (client API only): what X-RateLimit-Tenant-* say. */
  tenant?: { limitHour: number; remainingHour: number; limitDay: number; remainingDay: number }
}

/** Client API limits: each wf_live_ key has its own budget, and all keys of a tenant share one. */
export interface ClientLimits {
  key: RestLimits
  tenant: RestLimits
}

/** The key id the tenant-wide client budget is counted under (no key id has a colon). */
export const CLIENT_TENANT_BUDGET = 'tenant:client'

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

function retryAfterOf(now: number, limits: RestLimits, counts: HourDay): number {
  const { hourStart, dayStart } = windowsAt(now)
  const nowS = Math.floor(now / 1000)
  const hourOut = counts.hour >= limits.perHour
  const dayOut = counts.day >= limits.perDay
  return Math.max(hourOut ? hourStart + HOUR_S - nowS : 0, dayOut ? dayStart + DAY_S - nowS : 0)
}

/**
 * Counts one client API request against its key's hourly and daily windows and the tenant's
 * (all its keys together), in one transaction: refused when any of the four is spent, and then
 * none is consumed. The state's own fields are the key's; `tenant` is the shared budget.
 */
export async function consumeClientRequest(db: DbLike, tenantId: number, keyId: string, now: number, limits: ClientLimits): Promise<RateLimitState> {
  const { hourStart, dayStart } = windowsAt(now)
  const t = countThisTurn(db, {
    tenantId,
    counters: [
      { keyId, window: 'hour', windowStart: hourStart, limit: limits.key.perHour },
      { keyId, window: 'day', windowStart: dayStart, limit: limits.key.perDay },
      { keyId: CLIENT_TENANT_BUDGET, window: 'hour', windowStart: hourStart, limit: limits.tenant.perHour },
      { keyId: CLIENT_TENANT_BUDGET, window: 'day', windowStart: dayStart, limit: limits.tenant.perDay },
    ],
  })
  const { allowed, counts } = (await t.turn)[t.index]!
  const key: HourDay = { hour: counts[0]!, day: counts[1]! }
  const tenant: HourDay = { hour: counts[2]!, day: counts[3]! }
  const state = stateOf(now, limits.key, key.hour, key.day, allowed)
  const retryAfter = allowed ? 0 : Math.max(retryAfterOf(now, limits.key, key), retryAfterOf(now, limits.tenant, tenant), 1)
  return {
    ...state,
    retryAfter,
    tenant: {
      limitHour: limits.tenant.perHour,
      remainingHour: Math.max(0, limits.tenant.perHour - tenant.hour),
      limitDay: limits.tenant.perDay,
      remainingDay: Math.max(0, limits.tenant.perDay - tenant.day),
    },
  }
}

/** The headers of a request that counts against no token (no key, or a key that is not valid). */
export const uncountedState = (now: number, limits: RestLimits): RateLimitState => stateOf(now, limits, 0, 0, true)

/**
 * Counts one REST request of a token against its hourly and daily windows, both or neither: a
 * refused request consumes neither budget. Exact under concurrency and across processes, and
 * durable across restarts (the counters are rows, committed before the promise settles).
 */
export async function consumeRestRequest(db: DbLike, tenantId: number, keyId: string, now: number, limits: RestLimits): Promise<RateLimitState> {
  const { hourStart, dayStart } = windowsAt(now)
  const t = countThisTurn(db, {
    tenantId,
    counters: [
      { keyId, window: 'hour', windowStart: hourStart, limit: limits.perHour },
      { keyId, window: 'day', windowStart: dayStart, limit: limits.perDay },
    ],
  })
  const { allowed, counts } = (await t.turn)[t.index]!
  return stateOf(now, limits, counts[0]!, counts[1]!, allowed)
}

/** The response headers of the spec (plus X-RateLimit-Reset-Hour, and the tenant's on the client API). */
export function rateLimitHeaders(s: RateLimitState): Record<string, string> {
  return {
    'x-ratelimit-limit-hour': String(s.limitHour),
    'x-ratelimit-remaining-hour': String(s.remainingHour),
    'x-ratelimit-reset-hour': String(s.resetHour),
    'x-ratelimit-limit-day': String(s.limitDay),
    'x-ratelimit-remaining-day': String(s.remainingDay),
    'x-ratelimit-reset-day': String(s.resetDay),
    ...(s.tenant
      ? {
          'x-ratelimit-tenant-limit-hour': String(s.tenant.limitHour),
          'x-ratelimit-tenant-remaining-hour': String(s.tenant.remainingHour),
          'x-ratelimit-tenant-limit-day': String(s.tenant.limitDay),
          'x-ratelimit-tenant-remaining-day': String(s.tenant.remainingDay),
        }
      : {}),
  }
}

/** Which windows ran out, in words: "hourly limit of 2000", "daily limit of 10000", or both. */
function spentWindows(w: { remainingHour: number; remainingDay: number; limitHour: number; limitDay: number }): string {
  if (w.remainingHour === 0 && w.remainingDay === 0) return `hourly limit of ${w.limitHour} and daily limit of ${w.limitDay}`
  return w.remainingDay === 0 ? `daily limit of ${w.limitDay}` : `hourly limit of ${w.limitHour}`
}

/** The 429 of a refused request, naming the window that ran out and when to come back. */
export function rateLimitedError(s: RateLimitState): DomainError {
  const keyOut = s.remainingHour === 0 || s.remainingDay === 0
  if (s.tenant && !keyOut) {
    const t = s.tenant
    const which = spentWindows(t)
    return new DomainError('rate_limited', `This company's keys have used their shared ${which} client API requests. Retry after ${s.retryAfter} seconds.`, {
      retry_after_seconds: s.retryAfter,
      scope: 'tenant',
      limit_hour: t.limitHour,
      limit_day: t.limitDay,
    })
  }
  const which = spentWindows(s)
  return new DomainError('rate_limited', `This ${s.tenant ? 'key' : 'token'} has used its ${which} requests. Retry after ${s.retryAfter} seconds.`, {
    retry_after_seconds: s.retryAfter,
    ...(s.tenant ? { scope: 'key' } : {}),
    limit_hour: s.limitHour,
    limit_day: s.limitDay,
  })
}

/** Counters older than two days serve nothing: the housekeeping job deletes them. */
export function pruneRestCounters(db: DbLike, now: number): number {
  const { dayStart } = windowsAt(now)
  return deleteCountersBefore(db, 'hour', dayStart - DAY_S) + deleteCountersBefore(db, 'day', dayStart - 2 * DAY_S)
}
