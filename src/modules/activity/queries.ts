import { and, between, eq, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { activityBlocks, activitySamples } from './schema'

/** Start and end (ms) of the user's samples on these local dates: what the agent covered. */
export function sampleIntervals(ctx: TenantScope, userId: string, fromDate: string, toDate: string): { start: number; end: number }[] {
  return ctx.db
    .select({ start: activitySamples.startedAt, end: sql<number>`${activitySamples.startedAt} + ${activitySamples.durationSeconds} * 1000` })
    .from(activitySamples)
    .where(and(eq(activitySamples.tenantId, ctx.tenant.id), between(activitySamples.localDate, fromDate, toDate), eq(activitySamples.userId, userId)))
    .all()
}

type NewActivityBlock = Omit<typeof activityBlocks.$inferInsert, 'tenantId' | 'createdAt'>

/** Writes timeline blocks of the scope's tenant, created now; returns how many. */
export function insertBlocks(c: TenantScope, rows: NewActivityBlock[]): number {
  if (rows.length === 0) return 0
  c.db
    .insert(activityBlocks)
    .values(rows.map((r) => ({ ...r, tenantId: c.tenant.id, createdAt: c.now })))
    .run()
  return rows.length
}
