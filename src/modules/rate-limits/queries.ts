import { and, eq, lt, sql } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import { rateLimitCounters } from './schema'

export type RateWindow = 'minute' | 'hour' | 'day'

const upsertStatement = (db: DbLike) =>
  db
    .insert(rateLimitCounters)
    .values({
      tenantId: sql.placeholder('tenantId'),
      keyId: sql.placeholder('keyId'),
      window: sql.placeholder('window'),
      windowStart: sql.placeholder('windowStart'),
      count: 1,
    })
    .onConflictDoUpdate({
      target: [rateLimitCounters.tenantId, rateLimitCounters.keyId, rateLimitCounters.window, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count })
    .prepare()

// Every REST request runs this twice: prepare it once per connection, not per call.
const prepared = new WeakMap<object, ReturnType<typeof upsertStatement>>()

/**
 * Counts one request in a fixed window and returns the new count, in one statement: an UPSERT
 * with RETURNING, so two processes on the same database never lose an increment. Pass the
 * connection (not a transaction handle): the statement runs on it, inside the caller's
 * transaction when one is open.
 */
export function incrementCounter(db: DbLike, tenantId: number, keyId: string, window: RateWindow, windowStart: number): number {
  let statement = prepared.get(db)
  if (!statement) prepared.set(db, (statement = upsertStatement(db)))
  return statement.get({ tenantId, keyId, window, windowStart })?.count ?? 1
}

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
