import type { TenantBoundCtx } from '../../kernel/ctx'
import { addDays, startOfLocalDay } from '../../kernel/time'
import { closedWorkedLogsForTimesheet } from '../time-tracking/worked-time-read-model'

export interface TimesheetContent {
  logIds: string[]
  totalSeconds: number
}

/**
 * What a user's timesheet of a pay period is built from: their closed time logs that clocked in
 * during the period (tenant-local dates) and are free or already on this timesheet (null for one
 * not created yet), and the sum of their worked time net of breaks (what payroll pays for them). Submission and auto-generation both use it.
 */
export function timesheetContent(ctx: TenantBoundCtx, userId: string, period: { start: string; end: string }, timesheetId: string | null): TimesheetContent {
  const tz = ctx.tenant.timezone
  const logs = closedWorkedLogsForTimesheet(ctx, userId, startOfLocalDay(period.start, tz), startOfLocalDay(addDays(period.end, 1), tz), timesheetId)
  return { logIds: logs.map((l) => l.id), totalSeconds: logs.reduce((sum, l) => sum + l.seconds, 0) }
}
