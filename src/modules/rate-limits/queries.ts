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

/** One counter a request is counted in, and the count it may not reach before this request. */
export interface CounterAsk {
  keyId: string
  window: RateWindow
  windowStart: number
  limit: number
}

/** One request to count: in all of its counters, or (one of them at its limit) in none. */
export interface CountAsk {
  tenantId: number
  counters: readonly CounterAsk[]
}

/** What counting one request found: allowed or not, and each counter's count (with this request when allowed, without it when refused). */
export interface Counted {
  allowed: boolean
  counts: number[]
}

type BatchCounter = (asks: readonly CountAsk[]) => Counted[]

const batchCounters = new WeakMap<Database, BatchCounter>()

/**
 * Counts the requests of one batch (rest-limits.ts gathers those of one event-loop turn) in ONE
 * BEGIN IMMEDIATE transaction: each counter the batch touches is read once under the write lock
 * (so the counts of every process on the data directory are in it), the requests are decided in
 * order against those counts plus the batch's own earlier increments (a request is allowed when
 * every one of its counters is below its limit; a refused one counts nothing), and each changed
 * counter is written back once. Exact under concurrency and across processes; committed (in the
 * WAL) before the caller answers any of the requests. Prepared once per connection on the raw
 * bun:sqlite handle: drizzle's wrappers cost several times the statements on this path.
 */
export function countRequests(db: DbLike, asks: readonly CountAsk[]): Counted[] {
  const sqlite = sqliteOf(db)
  let count = batchCounters.get(sqlite)
  if (!count) batchCounters.set(sqlite, (count = batchCounter(sqlite)))
  return count(asks)
}

interface CounterRow {
  tenantId: number
  keyId: string
  window: RateWindow
  windowStart: number
  count: number
  changed: boolean
}

function batchCounter(sqlite: Database): BatchCounter {
  const read: Statement<{ count: number }, [number, string, string, number]> = sqlite.prepare(
    'select count from rate_limit_counters where tenant_id = ?1 and key_id = ?2 and window = ?3 and window_start = ?4',
  )
  const write: Statement<unknown, [number, string, string, number, number]> = sqlite.prepare(
    `insert into rate_limit_counters (tenant_id, key_id, window, window_start, count) values (?1, ?2, ?3, ?4, ?5)
     on conflict (tenant_id, key_id, window, window_start) do update set count = excluded.count`,
  )
  // A turn of one request with one counter (an MCP call on a quiet server): one autocommit UPSERT
  // does the same (atomic under the write lock, so just as exact) without BEGIN/SELECT/COMMIT.
  const upsertOne: Statement<{ count: number }, [number, string, string, number, number]> = sqlite.prepare(
    `insert into rate_limit_counters (tenant_id, key_id, window, window_start, count) values (?1, ?2, ?3, ?4, 1)
     on conflict (tenant_id, key_id, window, window_start) do update set count = count + 1 where count < ?5
     returning count`,
  )
  const inTransaction = sqlite.transaction((asks: readonly CountAsk[]): Counted[] => {
    const rows = new Map<string, CounterRow>()
    const rowOf = (tenantId: number, c: CounterAsk): CounterRow => {
      const id = `${tenantId}\u0000${c.keyId}\u0000${c.window}\u0000${c.windowStart}`
      let row = rows.get(id)
      if (!row) {
        const count = read.get(tenantId, c.keyId, c.window, c.windowStart)?.count ?? 0
        rows.set(id, (row = { tenantId, keyId: c.keyId, window: c.window, windowStart: c.windowStart, count, changed: false }))
      }
      return row
    }
    const results = asks.map((ask) => {
      const counters = ask.counters.map((c) => rowOf(ask.tenantId, c))
      const allowed = counters.every((row, i) => row.count < ask.counters[i]!.limit)
      if (allowed) {
        for (const row of counters) {
          row.count += 1
          row.changed = true
        }
      }
      return { allowed, counts: counters.map((row) => row.count) }
    })
    for (const row of rows.values()) if (row.changed) write.run(row.tenantId, row.keyId, row.window, row.windowStart, row.count)
    return results
  })
  return (asks) => {
    const only = asks.length === 1 ? asks[0]! : null
    if (only && only.counters.length === 1 && only.counters[0]!.limit > 0) {
      const c = only.counters[0]!
      const counted = upsertOne.get(only.tenantId, c.keyId, c.window, c.windowStart, c.limit)
      if (counted) return [{ allowed: true, counts: [counted.count] }]
      // Refused (the window is at its limit): its count, unchanged.
      return [{ allowed: false, counts: [read.get(only.tenantId, c.keyId, c.window, c.windowStart)?.count ?? 0] }]
    }
    return inTransaction.immediate(asks)
  }
}
