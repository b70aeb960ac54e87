import { and, desc, eq, isNull, lte, max } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { activitySamples, agentSessions, dailyActivitySummaries } from './schema'

/** What a person's status needs from the desktop agent: its live session and the latest sample. */

/** The user's most recent agent session that has not ended (by last heartbeat), or null. */
export function latestOpenAgentSession(ctx: TenantScope, userId: string): { id: string; lastHeartbeatAt: number } | null {
  return (
    ctx.db
      .select({ id: agentSessions.id, lastHeartbeatAt: agentSessions.lastHeartbeatAt })
      .from(agentSessions)
      .where(and(eq(agentSessions.tenantId, ctx.tenant.id), eq(agentSessions.userId, userId), isNull(agentSessions.endedAt)))
      .orderBy(desc(agentSessions.lastHeartbeatAt))
      .get() ?? null
  )
}

export interface LatestSample {
  startedAt: number
  endedAt: number
  isIdle: boolean
}

/** The sample of one local date that ends last (index tenant, date, user). */
export function latestSampleOn(ctx: TenantScope, userId: string, date: string): LatestSample | null {
  const s = activitySamples
  const row = ctx.db
    .select({ startedAt: s.startedAt, duration: s.durationSeconds, isIdle: s.isIdle })
    .from(s)
    .where(and(eq(s.tenantId, ctx.tenant.id), eq(s.localDate, date), eq(s.userId, userId)))
    .orderBy(desc(s.startedAt))
    .get()
  return row ? { startedAt: row.startedAt, endedAt: row.startedAt + row.duration * 1000, isIdle: row.isIdle } : null
}

/** The latest summarised date of a user up to `date`, or null (index tenant, user, date). */
export function lastSummarisedDate(ctx: TenantScope, userId: string, date: string): string | null {
  const d = dailyActivitySummaries
  return (
    ctx.db
      .select({ date: max(d.date) })
      .from(d)
      .where(and(eq(d.tenantId, ctx.tenant.id), eq(d.userId, userId), lte(d.date, date)))
      .get()?.date ?? null
  )
}
