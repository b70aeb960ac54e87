import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Instant, Int, Nullable } from '../../kernel/schemas'
import { addDays, daysBetween, isDate, localDate, toIsoOrNull, hoursFromMs, hoursFromSeconds, localRange } from '../../kernel/time'
import { timeLogsOverlapping } from '../time-tracking/queries'
import { timesheetsOverlapping } from './queries'
import { TimesheetEntry, toTimesheetEntry } from './timesheet-model'

const TimesheetStatusEnum = t.Union(['draft', 'submitted', 'approved', 'rejected', 'auto_generated'].map((s) => t.Literal(s)))

const TimesheetPeriod = t.Object(
  {
    timesheet_id: Id,
    period_start: DateOnly,
    period_end: DateOnly,
    status: TimesheetStatusEnum,
    total_hours: t.Number({ minimum: 0 }),
    submitted_at: Nullable(Instant),
    rejection_reason: Nullable(t.String()),
  },
  { description: 'A pay-period timesheet overlapping the range, with its approval status' },
)

export const MAX_RANGE_DAYS = 366

export const listMyTimesheet = defineOperation({
  name: 'list_my_timesheet',
  title: 'List my timesheet',
  description:
    "The caller's own work sessions between from and to (dates YYYY-MM-DD in the company time zone; from defaults to 30 days ago, to to today; at most 366 days), with total hours and the approval status of the pay periods they fall in. Only ever the caller's own timesheet: it needs a key bound to a person.",
  access: { role: 'member' },
  input: t.Object({
    from: t.Optional(t.String({ ...DateOnly, description: 'First date, YYYY-MM-DD; default 30 days ago' })),
    to: t.Optional(t.String({ ...DateOnly, description: 'Last date, YYYY-MM-DD; default today' })),
  }),
  output: t.Object({
    user_id: Id,
    from: DateOnly,
    to: DateOnly,
    entries: t.Array(TimesheetEntry, { description: 'Sessions that started in the range, oldest first' }),
    total_hours: t.Number({ minimum: 0, description: 'Sum of the entries, hours' }),
    days_worked: Int({ minimum: 0 }),
    timesheets: t.Array(TimesheetPeriod),
  }),
  run(ctx, input) {
    const userId = callerUserId(ctx)
    const tz = ctx.tenant.timezone
    const today = localDate(ctx.now, tz)
    const to = input.to ?? today
    const from = input.from ?? addDays(to < today ? to : today, -30)
    for (const [field, value] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (!isDate(value))
        throw new DomainError('invalid_argument', `${field} is not a real date: ${value}.`, {
          errors: [{ field, message: 'must be a calendar date YYYY-MM-DD' }],
        })
    }
    if (from > to) throw new DomainError('invalid_argument', 'from must not be after to.', { errors: [{ field: 'from', message: 'must be on or before to' }] })
    if (daysBetween(from, to) >= MAX_RANGE_DAYS)
      throw new DomainError('invalid_argument', `The range may span at most ${MAX_RANGE_DAYS} days.`, {
        errors: [{ field: 'from', message: `range over ${MAX_RANGE_DAYS} days` }],
      })
    const range = localRange(from, to, tz)
    const logs = timeLogsOverlapping(ctx, range, [userId]).filter((l) => l.clockInAt >= range.from)
    const entries = logs.map((l) => toTimesheetEntry(l, tz, ctx.now))
    const totalMs = logs.reduce((sum, l) => sum + ((l.clockOutAt ?? ctx.now) - l.clockInAt), 0)
    return {
      user_id: userId,
      from,
      to,
      entries,
      total_hours: hoursFromMs(totalMs),
      days_worked: new Set(entries.map((e) => e.date)).size,
      timesheets: timesheetsOverlapping(ctx, userId, from, to).map((s) => ({
        timesheet_id: s.id,
        period_start: s.periodStart,
        period_end: s.periodEnd,
        status: s.status,
        total_hours: hoursFromSeconds(s.totalSeconds),
        submitted_at: toIsoOrNull(s.submittedAt),
        rejection_reason: s.rejectionReason,
      })),
    }
  },
})
