import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Instant, Int, Nullable } from '../../kernel/schemas'
import { isDate, localDate, toIso } from '../../kernel/time'
import { scopeUserIds, visibility } from '../users/visibility'
import { computeWorkloadAlerts } from './workload-alerts'
import { readStoredWorkloadAlerts } from './workload-store'

const AlertKindEnum = t.Union([t.Literal('unusual_hours'), t.Literal('not_clocked_in'), t.Literal('timesheet_gap'), t.Literal('overtime')])

const Alert = t.Object(
  {
    user_id: Id,
    user_name: t.String(),
    date: DateOnly,
    kind: t.Union(AlertKindEnum.anyOf, {
      description:
        'unusual_hours (long day or night work), not_clocked_in (scheduled shift without clock-in), timesheet_gap (workdays without time last week), overtime (week-to-date over contract, or the day over its scheduled shift by more than 15 min; hours net of breaks)',
    }),
    severity: t.Union([t.Literal('info'), t.Literal('warning'), t.Literal('critical')]),
    message: t.String({ description: 'Sentence for a manager' }),
    details: t.Object(
      {
        hours_worked: Nullable(t.Number(), { description: 'Hours worked on the date, net of breaks (unusual_hours; overtime over a shift)' }),
        threshold_hours: Nullable(t.Number(), {
          description: "The company's daily threshold (unusual_hours); the shift's scheduled hours (overtime over a shift)",
        }),
        scheduled_start: Nullable(Instant, { description: 'Start of the scheduled shift (not_clocked_in)' }),
        week_hours: Nullable(t.Number(), { description: 'Week-to-date hours, net of breaks (overtime)' }),
        contracted_weekly_hours: Nullable(t.Number(), { description: 'Contracted hours per week (overtime)' }),
        missing_dates: t.Array(DateOnly, { description: 'Workdays without time (timesheet_gap); empty otherwise' }),
      },
      { description: 'The numbers behind the alert; fields that do not apply to its kind are null or empty' },
    ),
  },
  { description: 'A workload signal about one person on one date' },
)

export const getWorkloadAlerts = defineOperation({
  name: 'get_workload_alerts',
  title: 'Get workload alerts',
  description:
    'Workload signals for a date (default today, company time zone): people working unusually long or at night, people not clocked in for a scheduled shift, workdays without logged time in the past week, and overtime (week over contracted hours, or a day over its scheduled shift; hours net of breaks). Most severe first. Past dates answer the alerts recorded after that day ended (as_of says when); today is computed live. Managers see their teams, admins everyone, and an employee their own alerts.',
  // Employees are answered their own alerts (visibility scope self), not refused.
  access: { role: 'member' },
  input: t.Object({
    date: t.Optional(t.String({ ...DateOnly, description: 'Date YYYY-MM-DD; default today' })),
  }),
  output: t.Object({
    date: DateOnly,
    alerts: t.Array(Alert),
    total_count: Int({ minimum: 0 }),
    counts_by_kind: t.Object({
      unusual_hours: Int({ minimum: 0 }),
      not_clocked_in: Int({ minimum: 0 }),
      timesheet_gap: Int({ minimum: 0 }),
      overtime: Int({ minimum: 0 }),
    }),
    as_of: Instant,
  }),
  run(ctx, input) {
    const date = input.date ?? localDate(ctx.now, ctx.tenant.timezone)
    if (!isDate(date))
      throw new DomainError('invalid_argument', `date is not a real date: ${date}.`, {
        errors: [{ field: 'date', message: 'must be a calendar date YYYY-MM-DD' }],
      })
    const userIds = scopeUserIds(visibility(ctx), null)
    // A finished day answers what the nightly job recorded; today (or a day never recorded) is live.
    const stored = date < localDate(ctx.now, ctx.tenant.timezone) ? readStoredWorkloadAlerts(ctx, date, userIds) : null
    const alerts = stored?.alerts ?? computeWorkloadAlerts(ctx, date, userIds)
    const counts = { unusual_hours: 0, not_clocked_in: 0, timesheet_gap: 0, overtime: 0 }
    for (const a of alerts) counts[a.kind]++
    return {
      date,
      alerts: alerts.map((a) => ({
        user_id: a.userId,
        user_name: a.userName,
        date: a.date,
        kind: a.kind,
        severity: a.severity,
        message: a.message,
        details: a.details,
      })),
      total_count: alerts.length,
      counts_by_kind: counts,
      as_of: toIso(stored?.asOf ?? ctx.now),
    }
  },
})
