import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { breaks, timeLogs } from '../time-tracking/schema'
import { timesheets } from '../timesheets/schema'

/**
 * Worked time of a closed time log in seconds: clock-out minus clock-in minus its breaks (an
 * unended break counts up to the clock-out). Payroll and project budgets both use this.
 */
const workedSeconds = sql<number>`max(0, (${timeLogs.clockOutAt} - ${timeLogs.clockInAt}) - coalesce((
  select sum(min(coalesce(b.ended_at, ${timeLogs.clockOutAt}), ${timeLogs.clockOutAt}) - b.started_at)
  from ${breaks} b where b.tenant_id = ${timeLogs.tenantId} and b.time_log_id = ${timeLogs.id}
), 0)) / 1000.0`.mapWith(Number)

export interface WorkedLog {
  userId: string
  clockInAt: number
  workedSeconds: number
}

/**
 * Closed time logs that belong to approved timesheets and started in [fromMs, toMs): the hours
 * payroll pays. Logs of draft, submitted or rejected timesheets are not paid yet.
 */
export function approvedWorkedLogs(ctx: TenantBoundCtx, fromMs: number, toMs: number): WorkedLog[] {
  return ctx.db
    .select({ userId: timeLogs.userId, clockInAt: timeLogs.clockInAt, workedSeconds })
    .from(timeLogs)
    .innerJoin(timesheets, and(eq(timesheets.tenantId, timeLogs.tenantId), eq(timesheets.id, timeLogs.timesheetId)))
    .where(
      and(
        eq(timeLogs.tenantId, ctx.tenant.id),
        gte(timeLogs.clockInAt, fromMs),
        lt(timeLogs.clockInAt, toMs),
        isNotNull(timeLogs.clockOutAt),
        eq(timesheets.status, 'approved'),
      ),
    )
    .all()
}

/** Worked seconds booked to a project, per user (closed time logs only). */
export function projectWorkedSecondsByUser(ctx: TenantBoundCtx, projectId: string): { userId: string; seconds: number }[] {
  return ctx.db
    .select({ userId: timeLogs.userId, seconds: sql<number>`sum(${workedSeconds})`.mapWith(Number) })
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, ctx.tenant.id), eq(timeLogs.projectId, projectId), isNotNull(timeLogs.clockOutAt)))
    .groupBy(timeLogs.userId)
    .all()
}
