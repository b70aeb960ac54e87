import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { callerUserId } from '../../kernel/access'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { DateOnly } from '../../kernel/schemas'
import { isDate, localDate, toIso, hoursFromSeconds } from '../../kernel/time'
import { findTenantById } from '../tenants/queries'
import { getUserInTenant } from '../users/queries'
import { emit } from '../webhooks/outbox-queries'
import { linkTimeLogs } from '../time-tracking/timesheet-link-queries'
import { timesheetContent } from './build-timesheet'
import { payPeriodRange } from './period'
import { createTimesheet, transition } from './transitions'
import { findTimesheetForPeriod, type TimesheetRow } from './timesheet-queries'
import { TimesheetOutput } from './timesheet-model'
import { timesheetView } from './timesheet-access'

export const SubmitTimesheetInput = t.Object({
  date: t.Optional(
    t.String({
      pattern: DateOnly.pattern,
      description:
        "Any date in the period to submit (YYYY-MM-DD, tenant time zone); default today. The period follows the tenant's pay period; weeks start on Monday.",
    }),
  ),
})

/**
 * Submits the caller's timesheet for one pay period, built from their closed time logs of the
 * period (linked through time_logs.timesheet_id; total = sum of their durations). A rejected
 * timesheet is rebuilt and resubmitted the same way. Emits timesheet.submitted.
 */
export const submitTimesheet = defineOperation({
  name: 'submit_timesheet',
  title: 'Submit my timesheet',
  description:
    "Submits the calling user's timesheet for the pay period holding `date` (default today), from their closed time logs of that period. Resubmits a rejected timesheet after it was fixed. Submitted and approved timesheets answer conflict.",
  access: { role: 'employee', write: true, userScopedKey: true },
  input: SubmitTimesheetInput,
  output: TimesheetOutput,
  run(ctx, input) {
    const userId = callerUserId(ctx)
    const tenant = findTenantById(ctx.db, ctx.tenant.id)!
    const today = localDate(ctx.now, tenant.timezone)
    const date = input.date ?? today
    if (!isDate(date)) throw new DomainError('invalid_argument', `Not a calendar date: ${date}`, { field: 'date' })
    const period = payPeriodRange(tenant, date)
    if (period.start > today) throw new DomainError('invalid_argument', `The period ${period.start} to ${period.end} has not started yet.`, { field: 'date' })
    return inTransaction(ctx, (c) => {
      const existing = findTimesheetForPeriod(c, userId, period.start)
      const sheet = existing ?? createTimesheet(c, { userId, periodStart: period.start, periodEnd: period.end, totalSeconds: 0 }, 'draft', userId)
      const content = timesheetContent(c, userId, period, sheet.id)
      const submitted = transition(c, sheet, 'submitted', {
        actorUserId: userId,
        patch: { totalSeconds: content.totalSeconds, submittedAt: c.now, decidedAt: null, decidedByUserId: null, rejectionReason: null },
      })
      linkTimeLogs(c, sheet.id, content.logIds)
      emitSubmitted(c, submitted, userId)
      return { timesheet: timesheetView(c, submitted) }
    })
  },
})

function emitSubmitted(c: TenantBoundCtx, sheet: TimesheetRow, userId: string): void {
  emit(c, 'timesheet.submitted', {
    timesheetId: sheet.id,
    userId,
    userEmail: getUserInTenant(c, userId).email,
    periodStart: sheet.periodStart,
    periodEnd: sheet.periodEnd,
    totalHours: hoursFromSeconds(sheet.totalSeconds),
    submittedAt: toIso(c.now),
  })
}
