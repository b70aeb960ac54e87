import type { TenantBoundCtx } from '../../kernel/ctx'
import { linkTimeLogs } from '../time-tracking/timesheet-link-queries'
import { timesheetContent } from './build-timesheet'
import { timesheetsOverlapping } from './queries'
import { setTimesheetTotal } from './timesheet-queries'

/**
 * After a time entry of a person changed on a date (a correction): the timesheet holding that date,
 * if one exists, takes the entry in and recomputes its total, whatever its status. A correction by
 * a manager or admin is itself a decision on those hours, so an approved timesheet stays approved
 * with the corrected total (the audit log keeps the before and after).
 */
export function refreshTimesheetOn(ctx: TenantBoundCtx, userId: string, date: string): string | null {
  const sheet = timesheetsOverlapping(ctx, userId, date, date)[0]
  if (!sheet) return null
  const content = timesheetContent(ctx, userId, { start: sheet.periodStart, end: sheet.periodEnd }, sheet.id)
  linkTimeLogs(ctx, sheet.id, content.logIds)
  setTimesheetTotal(ctx, sheet.id, content.totalSeconds)
  return sheet.id
}
