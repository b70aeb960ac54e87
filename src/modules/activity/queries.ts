import { and, between, eq, inArray, sql } from 'drizzle-orm'
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

export interface CategoryTotals {
  userId: string
  date: string
  productive: number
  neutral: number
  unproductive: number
  idle: number
  samples: number
}

/** Seconds by category per user and date straight from the samples (days not yet summarised). */
export function sampleTotals(ctx: TenantScope, userIds: string[] | null, dates: string[]): CategoryTotals[] {
  if ((userIds !== null && userIds.length === 0) || dates.length === 0) return []
  const s = activitySamples
  const active = (cat: string) => sql<number>`coalesce(sum(case when ${s.isIdle} = 0 and ${s.category} = ${cat} then ${s.durationSeconds} end), 0)`
  return ctx.db
    .select({
      userId: s.userId,
      date: s.localDate,
      productive: active('productive'),
      neutral: active('neutral'),
      unproductive: active('unproductive'),
      idle: sql<number>`coalesce(sum(case when ${s.isIdle} = 1 then ${s.durationSeconds} end), 0)`,
      samples: sql<number>`count(*)`,
    })
    .from(s)
    .where(and(eq(s.tenantId, ctx.tenant.id), inArray(s.localDate, dates), userIds === null ? undefined : inArray(s.userId, userIds)))
    .groupBy(s.localDate, s.userId)
    .all()
}
