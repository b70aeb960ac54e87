import type { Database, Statement } from 'bun:sqlite'
import { and, eq, sql } from 'drizzle-orm'
import { sqliteOf, type DbLike } from '../../kernel/db'
import { rateLimitCounters } from './schema'

type MinuteCounter = (tenantId: number, keyId: string, windowStart: number, limit: number) => number | null

const minuteCounters = new WeakMap<Database, MinuteCounter>()

/**
 * Counts one MCP call of a key in its minute window unless the window is already full: one
 * `INSERT … ON CONFLICT DO UPDATE … WHERE count < limit RETURNING count` (one statement, atomic in
 * SQLite, so exact across processes on one data directory and durable across a crash of this
 * one). Returns the count including this call, or null when refused (a refused call counts nothing).
 * Prepared once per connection on the raw bun:sqlite handle: it runs on every tool call.
 */
export function countMinuteCall(db: DbLike, tenantId: number, keyId: string, windowStart: number, limit: number): number | null {
  const sqlite = sqliteOf(db)
  let count = minuteCounters.get(sqlite)
  if (!count) minuteCounters.set(sqlite, (count = minuteCounter(sqlite)))
  return count(tenantId, keyId, windowStart, limit)
}

function minuteCounter(sqlite: Database): MinuteCounter {
  const upsert: Statement<{ count: number }, [number, string, number, number]> = sqlite.prepare(
    `insert into rate_limit_counters (tenant_id, key_id, window, window_start, count) values (?1, ?2, 'minute', ?3, 1)
     on conflict (tenant_id, key_id, window, window_start) do update set count = count + 1 where count < ?4
     returning count`,
  )
  return (tenantId, keyId, windowStart, limit) => upsert.get(tenantId, keyId, windowStart, limit)?.count ?? null
}

/** Drops minute windows older than `before` (Unix seconds): they can never matter again. */
export function pruneMinuteCounts(db: DbLike, before: number): void {
  db.delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.window, 'minute'), sql`${rateLimitCounters.windowStart} < ${before}`))
    .run()
}
