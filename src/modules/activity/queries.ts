import { and, between, eq, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { prepared } from '../../kernel/db'
import { activityBlocks, activitySamples } from './schema'

/** Start and end (ms) of the user's samples on these local dates: what the agent covered. */
export function sampleIntervals(ctx: TenantScope, userId: string, fromDate: string, toDate: string): { start: number; end: number }[] {
  // Prepared once per connection: every clock-out's gap-fill asks.
  return prepared(ctx.db, 'activitySamples.intervals', (d) =>
    d
      .select({ start: activitySamples.startedAt, end: sql<number>`${activitySamples.startedAt} + ${activitySamples.durationSeconds} * 1000` })
      .from(activitySamples)
      .where(
        and(
          eq(activitySamples.tenantId, sql.placeholder('tenantId')),
          between(activitySamples.localDate, sql.placeholder('fromDate'), sql.placeholder('toDate')),
          eq(activitySamples.userId, sql.placeholder('userId')),
        ),
      )
      .prepare(),
  ).all({ tenantId: ctx.tenant.id, fromDate, toDate, userId })
}

type NewActivityBlock = Omit<typeof activityBlocks.$inferInsert, 'tenantId' | 'createdAt'>

/** Writes timeline blocks of the scope's tenant, created now; returns how many. */
export function insertBlocks(c: TenantScope, rows: NewActivityBlock[]): number {
  if (rows.length === 0) return 0
  // One prepared single-row INSERT per block (a clock-out writes a handful, inside its transaction).
  const stmt = prepared(c.db, 'activityBlocks.insert', (d) =>
    d
      .insert(activityBlocks)
      .values({
        tenantId: sql.placeholder('tenantId'),
        userId: sql.placeholder('userId'),
        timeLogId: sql.placeholder('timeLogId'),
        kind: sql.placeholder('kind'),
        startedAt: sql.placeholder('startedAt'),
        endedAt: sql.placeholder('endedAt'),
        category: sql.placeholder('category'),
        createdAt: sql.placeholder('createdAt'),
      })
      .prepare(),
  )
  for (const r of rows) {
    stmt.run({
      tenantId: c.tenant.id,
      userId: r.userId,
      timeLogId: r.timeLogId ?? null,
      kind: r.kind,
      startedAt: r.startedAt,
      endedAt: r.endedAt,
      category: r.category ?? null,
      createdAt: c.now,
    })
  }
  return rows.length
}
