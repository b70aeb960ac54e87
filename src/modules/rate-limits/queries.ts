import type { Database, Statement } from 'bun:sqlite'
import { and, eq, lt } from 'drizzle-orm'
import { sqliteOf, type DbLike } from '../../kernel/db'
import { rateLimitCounters } from './schema'

export type RateWindow = 'minute' | 'hour' | 'day'

/** The count of a window without changing it (0 when nothing was counted yet). */
export function readCounter(db: DbLike, tenantId: number, keyId: string, window: RateWindow, windowStart: number): number {
  const row = db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.tenantId, tenantId),
        eq(rateLimitCounters.keyId, keyId),
        eq(rateLimitCounters.window, window),
        eq(rateLimitCounters.windowStart, windowStart),
      ),
    )
    .get()
  return row?.count ?? 0
}

/** Deletes counters of windows that started before `beforeSeconds` (all tenants: housekeeping). */
export function deleteCountersBefore(db: DbLike, window: RateWindow, beforeSeconds: number): number {
  return db
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.window, window), lt(rateLimitCounters.windowStart, beforeSeconds)))
    .returning({ keyId: rateLimitCounters.keyId })
    .all().length
}

/** Thrown inside the counting transaction to roll it back: the request is over a limit. */
class OverLimit {
  constructor(
    readonly hour: number,
    readonly day: number,
  ) {}
}

type WindowCounter = (
  tenantId: number,
  keyId: string,
  hourStart: number,
  dayStart: number,
  limits: { perHour: number; perDay: number },
) => { hour: number; day: number; allowed: boolean }

const windowCounters = new WeakMap<Database, WindowCounter>()

/**
 * Counts one REST request in its hour and day windows with one two-row UPSERT ... RETURNING in
 * one BEGIN IMMEDIATE transaction, rolled back when either count goes over its limit (a refused
 * request consumes neither). Prepared once per connection on the raw bun:sqlite handle: this
 * runs on every REST request, and drizzle's query and transaction wrappers cost several times
 * the statement itself. Returns the counts including this request (or, refused, without it).
 */
export function countHourAndDay(db: DbLike, tenantId: number, keyId: string, hourStart: number, dayStart: number, limits: { perHour: number; perDay: number }) {
  const sqlite = sqliteOf(db)
  let count = windowCounters.get(sqlite)
  if (!count) windowCounters.set(sqlite, (count = windowCounter(sqlite)))
  return count(tenantId, keyId, hourStart, dayStart, limits)
}

function windowCounter(sqlite: Database): WindowCounter {
  const upsert: Statement<{ window: string; count: number }, [number, string, number, number]> = sqlite.prepare(
    `insert into rate_limit_counters (tenant_id, key_id, window, window_start, count) values (?1, ?2, 'hour', ?3, 1), (?1, ?2, 'day', ?4, 1)
     on conflict (tenant_id, key_id, window, window_start) do update set count = count + 1
     returning window, count`,
  )
  const inTransaction = sqlite.transaction(
    (tenantId: number, keyId: string, hourStart: number, dayStart: number, limits: { perHour: number; perDay: number }) => {
      let hour = 0
      let day = 0
      for (const row of upsert.all(tenantId, keyId, hourStart, dayStart)) {
        if (row.window === 'hour') hour = row.count
        else day = row.count
      }
      if (hour > limits.perHour || day > limits.perDay) throw new OverLimit(hour - 1, day - 1)
      return { hour, day, allowed: true }
    },
  )
  return (tenantId, keyId, hourStart, dayStart, limits) => {
    try {
      return inTransaction.immediate(tenantId, keyId, hourStart, dayStart, limits)
    } catch (e) {
      if (e instanceof OverLimit) return { hour: e.hour, day: e.day, allowed: false }
      throw e
    }
  }
}

/** Hour and day counts of one budget (a key, or a tenant's whole client API). */
export interface HourDay {
  hour: number
  day: number
}

type BudgetCounter = (
  tenantId: number,
  keyId: string,
  tenantBudgetId: string,
  hourStart: number,
  dayStart: number,
  limits: { key: { perHour: number; perDay: number }; tenant: { perHour: number; perDay: number } },
) => { key: HourDay; tenant: HourDay; allowed: boolean }

/** Thrown inside the counting transaction to roll it back: over the key's or the tenant's limit. */
class OverBudget {
  constructor(
    readonly key: HourDay,
    readonly tenant: HourDay,
  ) {}
}

const budgetCounters = new WeakMap<Database, BudgetCounter>()

/**
 * Counts one client API request against two budgets at once, the key's and the tenant's (the
 * tenant's counted under `tenantBudgetId`, a key id no key has): one four-row UPSERT ...
 * RETURNING in one BEGIN IMMEDIATE transaction, rolled back when any window goes over its limit,
 * so a refused request consumes nothing. Returns the counts including this request (or, refused,
 * without it).
 */
export function countKeyAndTenant(
  db: DbLike,
  tenantId: number,
  keyId: string,
  tenantBudgetId: string,
  hourStart: number,
  dayStart: number,
  limits: { key: { perHour: number; perDay: number }; tenant: { perHour: number; perDay: number } },
) {
  const sqlite = sqliteOf(db)
  let count = budgetCounters.get(sqlite)
  if (!count) budgetCounters.set(sqlite, (count = budgetCounter(sqlite)))
  return count(tenantId, keyId, tenantBudgetId, hourStart, dayStart, limits)
}

function budgetCounter(sqlite: Database): BudgetCounter {
  const upsert: Statement<{ key_id: string; window: string; count: number }, [number, string, string, number, number]> = sqlite.prepare(
    `insert into rate_limit_counters (tenant_id, key_id, window, window_start, count)
     values (?1, ?2, 'hour', ?4, 1), (?1, ?2, 'day', ?5, 1), (?1, ?3, 'hour', ?4, 1), (?1, ?3, 'day', ?5, 1)
     on conflict (tenant_id, key_id, window, window_start) do update set count = count + 1
     returning key_id, window, count`,
  )
  const inTransaction = sqlite.transaction((...[tenantId, keyId, tenantBudgetId, hourStart, dayStart, limits]: Parameters<BudgetCounter>) => {
    const key = { hour: 0, day: 0 }
    const tenant = { hour: 0, day: 0 }
    for (const row of upsert.all(tenantId, keyId, tenantBudgetId, hourStart, dayStart)) {
      const of = row.key_id === keyId ? key : tenant
      if (row.window === 'hour') of.hour = row.count
      else of.day = row.count
    }
    const over = key.hour > limits.key.perHour || key.day > limits.key.perDay || tenant.hour > limits.tenant.perHour || tenant.day > limits.tenant.perDay
    if (over) throw new OverBudget({ hour: key.hour - 1, day: key.day - 1 }, { hour: tenant.hour - 1, day: tenant.day - 1 })
    return { key, tenant, allowed: true }
  })
  return (...args) => {
    try {
      return inTransaction.immediate(...args)
    } catch (e) {
      if (e instanceof OverBudget) return { key: e.key, tenant: e.tenant, allowed: false }
      throw e
    }
  }
}
