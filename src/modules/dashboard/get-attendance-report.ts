import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Int, Nullable } from '../../kernel/schemas'
import { daysBetween, hoursFromMs } from '../../kernel/time'
import { workedMsBetween } from '../time-tracking/person-day-queries'
import { usersMatching } from '../users/queries'
import { managerVisibility, scopeUserIds, usersOfTeam, visibleUser } from '../users/visibility'

/** The longest range an attendance report covers. */
const MAX_DAYS = 366

const PersonAttendance = t.Object(
  {
    user_id: Id,
    name: t.String(),
    email: t.String(),
    days_worked: Int({ minimum: 0, description: 'Dates of the range with clocked time' }),
    hours: t.Number({ minimum: 0, description: 'Clocked hours net of breaks, each session on the local date it clocked in' }),
    first_date: Nullable(DateOnly, { description: 'First date with clocked time in the range' }),
    last_date: Nullable(DateOnly, { description: 'Last date with clocked time in the range' }),
  },
  { description: 'Attendance of one person over the range' },
)

/**
 * Attendance over any date range: per person, the days with clocked time and the hours net of
 * breaks (the count timesheets and summarize_team_hours use). Written for the console's reports.
 */
export const getAttendanceReport = defineOperation({
  name: 'get_attendance_report',
  title: 'Attendance report',
  description:
    'Per person over a date range (from/to, YYYY-MM-DD, company time zone, at most 366 days): days with clocked time, hours net of breaks, first and last day present. Active people in scope are listed even without time. Admins see everyone, managers the teams they manage; team_id and user_id narrow it. Manager role or above.',
  access: { role: 'manager' },
  input: t.Object({
    from: t.String({ ...DateOnly, description: 'First date (YYYY-MM-DD)' }),
    to: t.String({ ...DateOnly, description: 'Last date, included (YYYY-MM-DD)' }),
    team_id: t.Optional(t.String({ ...Id, description: 'Only members of this team' })),
    user_id: t.Optional(t.String({ ...Id, description: 'Only this person' })),
  }),
  output: t.Object({
    period_start: DateOnly,
    period_end: DateOnly,
    people: t.Array(PersonAttendance, { description: 'By name' }),
    total_hours: t.Number({ minimum: 0 }),
    total_days_worked: Int({ minimum: 0 }),
  }),
  run(ctx, input) {
    if (input.from > input.to) throw new DomainError('invalid_argument', 'from must not be after to.', { field: 'from' })
    if (daysBetween(input.from, input.to) + 1 > MAX_DAYS)
      throw new DomainError('invalid_argument', `The range covers at most ${MAX_DAYS} days.`, { field: 'to' })
    const v = managerVisibility(ctx)
    let requested = input.team_id ? usersOfTeam(ctx, v, input.team_id) : null
    if (input.user_id) {
      const user = visibleUser(ctx, input.user_id, "this person's attendance")
      requested = requested ? requested.filter((id) => id === user.id) : [user.id]
    }
    const ids = scopeUserIds(v, requested)
    const people = usersMatching(ctx, { userIds: ids }).filter((u) => u.status === 'active' || input.user_id === u.id)
    const worked = workedMsBetween(
      ctx,
      input.from,
      input.to,
      people.map((p) => p.id),
    )
    let totalMs = 0
    let totalDays = 0
    const rows = people.map((p) => {
      const row = worked.row(p.id)
      const dates = row ? worked.dates.filter((_, i) => row[i]! > 0) : []
      const ms = worked.sum(p.id, input.from, input.to)
      totalMs += ms
      totalDays += dates.length
      return {
        user_id: p.id,
        name: p.name,
        email: p.email,
        days_worked: dates.length,
        hours: hoursFromMs(ms),
        first_date: dates[0] ?? null,
        last_date: dates[dates.length - 1] ?? null,
      }
    })
    return { period_start: input.from, period_end: input.to, people: rows, total_hours: hoursFromMs(totalMs), total_days_worked: totalDays }
  },
})
