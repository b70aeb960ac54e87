import { and, eq, sql } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import { rateLimitCounters } from './schema'

// MCP calls are counted by queries.ts `countRequests` (window 'minute'), with REST's requests of
// the same event-loop turn (turn-batch.ts).

/** Drops minute windows older than `before` (Unix seconds): they can never matter again. */
export function pruneMinuteCounts(db: DbLike, before: number): void {
  db.delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.window, 'minute'), sql`${rateLimitCounters.windowStart} < ${before}`))
    .run()
}
