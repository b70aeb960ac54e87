import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Int, PeriodEnum } from '../../kernel/schemas'
import { dateRange, hoursFromMs, localDate, periodRange, weekStart } from '../../kernel/time'
import { scheduledShiftSpans } from '../shifts/alert-queries'
import { workedMsBetween } from '../time-tracking/person-day-queries'
import { userLabels, usersMatching } from '../users/queries'
import { managerVisibility, scopeUserIds, usersOfTeam } from '../users/visibility'
import { detectOvertime, overtimeCalendar, overtimeMsIn, shiftRows } from './overtime'

const OvertimeCase = t.Object(
  {
    kind: t.Union([t.Literal('week'), t.Literal('day')], {
      description: 'week: net hours from Monday went over the weekly contract; day: net hours of a day went over its scheduled shift',
    }),
    period_start: DateOnly,
    period_end: DateOnly,
    scheduled_hours: t.Number({ description: 'Weekly contract hours (week) or the shift less its unpaid break (day)' }),
    worked_hours: t.Number({ description: 'Clocked hours net of breaks over the case period' }),
    overtime_hours: t.Number({ minimum: 0 }),
  },
  { description: 'One overtime case, as overtime.detected reports it' },
)

const PersonOvertime = t.Object(
  {
    user_id: Id,
    name: t.String(),
    email: t.String(),
    worked_hours: t.Number({ minimum: 0, description: 'Hours worked in the period, net of breaks (as summarize_team_hours counts them)' }),
    overtime_hours: t.Number({
      minimum: 0,
      description:
        'Overtime in the period, as summarize_team_hours counts it: per week, the larger of the hours over contract and the sum of the hours over shifts (the cases overlap, so this is not their sum)',
    }),
    cases: t.Array(OvertimeCase),
  },
  { description: 'One person who worked overtime in the period' },
)

/**
 * Who worked overtime over a period, by the one overtime rule of dashboard/overtime.ts (the rule
 * the workload-alerts job and overtime.detected use): each date of the period up to today is
 * judged as the job judges it, and the cases are gathered per person.
 */
export const getOvertimeReport = defineOperation({
  name: 'get_overtime_report',
  title: 'Overtime report',
  description:
    'Who worked overtime over a period, in one call: hours net of breaks against the weekly contract (the day the week went over) and against scheduled shifts (days worked past the shift), by the same rule as the overtime alerts and overtime.detected. Period today, this_week, last_week (default), this_month or last_month in the company time zone, or from/to dates (at most 93 days). Admins see everyone, managers the teams they manage; team_id narrows it. Manager role or above. Extended tool (enabled by the operator).',
  access: { role: 'manager' },
  input: t.Object({
    period: t.Union(PeriodEnum.anyOf, { description: PeriodEnum.description, default: 'last_week' }),
    from: t.Optional(t.String({ ...DateOnly, description: 'First date (YYYY-MM-DD); with to, instead of period' })),
    to: t.Optional(t.String({ ...DateOnly, description: 'Last date (YYYY-MM-DD); with from' })),
    team_id: t.Optional(t.String({ format: 'uuid', description: 'Only the members of this team' })),
  }),
  output: t.Object({
    period_start: DateOnly,
    period_end: DateOnly,
    people: t.Array(PersonOvertime, { description: 'Most overtime first' }),
    people_count: Int({ minimum: 0, description: 'People with overtime in the period' }),
    total_overtime_hours: t.Number({ minimum: 0 }),
    rule: t.String({ description: 'The overtime rule applied, in words' }),
  }),
  mcp: { exposes: ['TimeLog', 'Break', 'ShiftSchedule', 'User'] },
  run(ctx, input) {
    if ((input.from === undefined) !== (input.to === undefined))
      throw new DomainError('invalid_argument', 'Give both from and to, or neither.', { field: input.from ? 'to' : 'from' })
    const today = localDate(ctx.now, ctx.tenant.timezone)
    const range = input.from && input.to ? { start: input.from, end: input.to } : periodRange(input.period, today)
    if (range.start > range.end) throw new DomainError('invalid_argument', 'from must not be after to.', { field: 'from' })
    const dates = dateRange(range.start, range.end < today ? range.end : today)
    if (dates.length > 93) throw new DomainError('invalid_argument', 'The period is at most 93 days.', { field: 'from' })
    const v = managerVisibility(ctx)
    const allowed = scopeUserIds(v, input.team_id ? usersOfTeam(ctx, v, input.team_id) : null)
    const seen = allowed === null ? null : new Set(allowed)
    const byUser = new Map<
      string,
      {
        email: string
        cases: { kind: 'week' | 'day'; period_start: string; period_end: string; scheduled_hours: number; worked_hours: number; overtime_hours: number }[]
      }
    >()
    // The worked hours of the period (from the Monday of its first week) are read once, for the people in scope only.
    const lastDate = dates[dates.length - 1] ?? range.start
    const worked = workedMsBetween(ctx, weekStart(range.start), lastDate, allowed)
    // The people in scope are read once for the period, not once per date.
    const inScope = usersMatching(ctx, { userIds: allowed })
    for (const date of dates) {
      for (const e of detectOvertime(ctx, date, allowed, worked, inScope)) {
        if (e.type !== 'overtime.detected') continue
        const d = e.data
        if (seen && !seen.has(d.userId)) continue
        const entry = byUser.get(d.userId) ?? { email: d.userEmail, cases: [] }
        entry.cases.push({
          kind: d.periodStart === d.periodEnd ? 'day' : 'week',
          period_start: d.periodStart,
          period_end: d.periodEnd,
          scheduled_hours: d.scheduledHours,
          worked_hours: d.workedHours,
          overtime_hours: d.overtimeHours,
        })
        byUser.set(d.userId, entry)
      }
    }
    const ids = [...byUser.keys()]
    const labels = userLabels(ctx, ids)
    // Overtime per person by the rule summarize_team_hours applies (weekly overtime counted from Monday).
    const weekly = new Map(usersMatching(ctx, { userIds: ids }).map((u) => [u.id, u.weeklyHours]))
    // The dates' scheduled shifts in one statement (they were read one date at a time).
    const shifts = shiftRows(worked, dates.length ? scheduledShiftSpans(ctx, dates[0]!, lastDate, ids) : [])
    const calendar = overtimeCalendar(worked, range.start, lastDate)
    const people = [...byUser.entries()]
      .map(([userId, p]) => ({
        user_id: userId,
        name: labels.get(userId)?.name ?? p.email,
        email: p.email,
        worked_hours: hoursFromMs(worked.sum(userId, range.start, lastDate)),
        overtime_hours: hoursFromMs(overtimeMsIn(calendar, worked.row(userId), weekly.get(userId) ?? 0, shifts.get(userId))),
        cases: p.cases,
      }))
      .sort((a, b) => b.overtime_hours - a.overtime_hours || a.name.localeCompare(b.name))
    return {
      period_start: range.start,
      period_end: range.end,
      people,
      people_count: people.length,
      total_overtime_hours: Math.round(people.reduce((a, p) => a + p.overtime_hours, 0) * 100) / 100,
      rule: 'Hours are clocked time net of breaks, each session on the local date it clocked in (as timesheets count it). A week counts once, on the day its hours from Monday first exceed the weekly contract; otherwise a day counts when its hours exceed that day’s scheduled shift (less its unpaid break).',
    }
  },
})
