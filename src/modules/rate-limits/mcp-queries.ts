import { and, eq, sql } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import { rateLimitCounters } from './schema'

export interface WindowCount {
  tenantId: number
  keyId: string
  windowStart: number
  count: number
}

/** The persisted count of one key's MCP minute window (0 when none). */
export function loadMinuteCount(db: DbLike, tenantId: number, keyId: string, windowStart: number): number {
  const row = db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.tenantId, tenantId),
        eq(rateLimitCounters.keyId, keyId),
        eq(rateLimitCounters.window, 'minute'),
        eq(rateLimitCounters.windowStart, windowStart),
      ),
    )
    .get()
  return row?.count ?? 0
}

/** Persists in-memory minute counters; the larger count wins so a restart never lowers one. */
export function saveMinuteCounts(db: DbLike, rows: WindowCount[]): void {
  for (const r of rows) {
    db.insert(rateLimitCounters)
      .values({ tenantId: r.tenantId, keyId: r.keyId, window: 'minute', windowStart: r.windowStart, count: r.count })
      .onConflictDoUpdate({
        target: [rateLimitCounters.tenantId, rateLimitCounters.keyId, rateLimitCounters.window, rateLimitCounters.windowStart],
        set: { count: sql`max(${rateLimitCounters.count}, excluded.count)` },
      })
      .run()
  }
}

/** Drops minute windows older than `before` (Unix seconds): they can never matter again. */
export function pruneMinuteCounts(db: DbLike, before: number): void {
  db.delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.window, 'minute'), sql`${rateLimitCounters.windowStart} < ${before}`))
    .run()
}
