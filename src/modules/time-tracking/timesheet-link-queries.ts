import { and, eq, gte, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { timeLogs } from './schema'

export interface LoggedSpan {
  id: string
  seconds: number
}

/**
 * Closed time logs of a user that clocked in within [fromMs, toMs) and are free or already on
 * this timesheet (null: a timesheet not created yet): what a timesheet of that period is built
 * from. A log belongs to the period of its clock-in, even when it runs past midnight at the end.
 */
export function closedLogsForTimesheet(ctx: TenantScope, userId: string, fromMs: number, toMs: number, timesheetId: string | null): LoggedSpan[] {
  const l = timeLogs
  return ctx.db
    .select({ id: l.id, clockInAt: l.clockInAt, clockOutAt: l.clockOutAt })
    .from(l)
    .where(
      and(
        eq(l.tenantId, ctx.tenant.id),
        eq(l.userId, userId),
        gte(l.clockInAt, fromMs),
        lt(l.clockInAt, toMs),
        isNotNull(l.clockOutAt),
        timesheetId === null ? isNull(l.timesheetId) : or(isNull(l.timesheetId), eq(l.timesheetId, timesheetId)),
      ),
    )
    .all()
    .map((r) => ({ id: r.id, seconds: Math.round((r.clockOutAt! - r.clockInAt) / 1000) }))
}

/** Makes exactly `logIds` the time logs of the timesheet (the previous links are replaced). */
export function linkTimeLogs(ctx: TenantScope, timesheetId: string, logIds: string[]): void {
  const l = timeLogs
  ctx.db
    .update(l)
    .set({ timesheetId: null })
    .where(and(eq(l.tenantId, ctx.tenant.id), eq(l.timesheetId, timesheetId)))
    .run()
  for (let i = 0; i < logIds.length; i += 500) {
    ctx.db
      .update(l)
      .set({ timesheetId })
      .where(and(eq(l.tenantId, ctx.tenant.id), inArray(l.id, logIds.slice(i, i + 500))))
      .run()
  }
}

export function timeLogIdsOfTimesheet(ctx: TenantScope, timesheetId: string): string[] {
  const l = timeLogs
  return ctx.db
    .select({ id: l.id })
    .from(l)
    .where(and(eq(l.tenantId, ctx.tenant.id), eq(l.timesheetId, timesheetId)))
    .orderBy(l.clockInAt)
    .all()
    .map((r) => r.id)
}
