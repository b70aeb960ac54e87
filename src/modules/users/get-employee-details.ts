import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Instant, Int, Nullable, RoleEnum } from '../../kernel/schemas'
import { WORK_PROFILES } from './schema'
import { DAY, addDays, localDate, toIso, toIsoOrNull, hoursFromMs } from '../../kernel/time'
import { activeSeconds, productivityTotals, scoreOf } from '../activity/productivity'
import { findTeamInTenant } from '../teams/queries'
import { msByUserDate, sumDates } from '../time-tracking/hours'
import { recentTimeLogs, timeLogsOverlapping } from '../time-tracking/queries'
import { UserStatusEnum } from './model'
import { getUserInTenant } from './queries'
import { assertCanSee, visibility } from './visibility'

const RecentSession = t.Object(
  {
    time_log_id: Id,
    clock_in_at: Instant,
    clock_out_at: Nullable(Instant, { description: 'null while the session is open' }),
    hours: t.Number({ minimum: 0, description: 'Length so far, hours' }),
    status: t.Union([t.Literal('open'), t.Literal('closed'), t.Literal('auto_closed')]),
  },
  { description: 'One work session (time log)' },
)

const RecentActivity = t.Object(
  {
    hours_today: t.Number({ minimum: 0, description: 'Hours worked today (tenant time zone), open session included' }),
    hours_last_7_days: t.Number({ minimum: 0, description: 'Hours worked today and the 6 days before' }),
    days_worked_last_7_days: Int({ minimum: 0, maximum: 7 }),
    last_clock_in_at: Nullable(Instant),
    last_clock_out_at: Nullable(Instant),
    productivity_score_last_7_days: Nullable(Int({ minimum: 0, maximum: 100 }), {
      description: 'Category-based score over the same 7 days; null without desktop-agent data',
    }),
    recent_sessions: t.Array(RecentSession, { description: 'Up to 5 latest work sessions, newest first' }),
  },
  { description: 'Recent attendance and activity of the employee' },
)

export const getEmployeeDetails = defineOperation({
  name: 'get_employee_details',
  title: 'Get employee details',
  description:
    'The profile of one employee: name, email, role, team, whether they are clocked in now, and recent activity (hours today and over 7 days, latest sessions, productivity score). Pass employee_id "me" for the caller\'s own profile. Employees see only themselves, managers their team members, admins everyone.',
  access: { role: 'member' },
  input: t.Object({
    employee_id: t.Union([t.String({ format: 'uuid' }), t.Literal('me')], { description: 'Employee UUID, or "me" for the caller' }),
  }),
  output: t.Object({
    id: Id,
    name: t.String({ description: 'Full name' }),
    email: t.String({ description: 'Work email' }),
    role: RoleEnum,
    team: t.String({ description: 'Name of the primary team; "" (empty) when the person has none (team_id is then null)' }),
    team_id: Nullable(Id),
    status: UserStatusEnum,
    job_title: Nullable(t.String()),
    weekly_hours: t.Number({ minimum: 0, description: 'Contracted hours per week' }),
    employee_number: Nullable(t.String(), { description: "The company's own employee number; null when not set" }),
    start_date: Nullable(DateOnly, { description: 'First working day (tenant time zone); null when not set' }),
    work_profile: t.UnionEnum(WORK_PROFILES, { description: 'Kind of work; selects the default productivity categories of applications' }),
    is_clocked_in: t.Boolean(),
    current_session_started_at: Nullable(Instant, { description: 'Start of the open session; null when clocked out' }),
    is_me: t.Boolean({ description: 'True when this is the caller' }),
    recent_activity: RecentActivity,
  }),
  run(ctx, input) {
    const id = input.employee_id === 'me' ? callerUserId(ctx) : input.employee_id
    const user = getUserInTenant(ctx, id)
    assertCanSee(visibility(ctx), user.id, 'this employee')
    const tz = ctx.tenant.timezone
    const today = localDate(ctx.now, tz)
    const weekAgo = addDays(today, -6)
    const logs = timeLogsOverlapping(ctx, { from: ctx.now - 8 * DAY, to: ctx.now + 1 }, [user.id])
    const perDate = msByUserDate(logs, tz, ctx.now).get(user.id)
    const recent = recentTimeLogs(ctx, user.id, 5)
    const open = recent.find((l) => l.clockOutAt === null) ?? null
    const lastOut = recent.find((l) => l.clockOutAt !== null)
    const totals = productivityTotals(ctx, [user.id], weekAgo, today).get(user.id)
    const team = user.primaryTeamId ? findTeamInTenant(ctx, user.primaryTeamId) : null
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      team: team?.name ?? '',
      team_id: team?.id ?? null,
      status: user.status,
      job_title: user.jobTitle,
      weekly_hours: user.weeklyHours,
      employee_number: user.employeeNumber,
      start_date: user.startDate,
      work_profile: user.workProfile,
      is_clocked_in: open !== null,
      current_session_started_at: open ? toIso(open.clockInAt) : null,
      is_me: user.id === ctx.actor.userId,
      recent_activity: {
        hours_today: hoursFromMs(sumDates(perDate, today, today)),
        hours_last_7_days: hoursFromMs(sumDates(perDate, weekAgo, today)),
        days_worked_last_7_days: [...(perDate ?? new Map<string, number>()).entries()].filter(([d, ms]) => d >= weekAgo && d <= today && ms > 0).length,
        last_clock_in_at: toIsoOrNull(recent[0]?.clockInAt),
        last_clock_out_at: toIsoOrNull(lastOut?.clockOutAt),
        productivity_score_last_7_days: totals && activeSeconds(totals) > 0 ? scoreOf(totals) : null,
        recent_sessions: recent.map((l) => ({
          time_log_id: l.id,
          clock_in_at: toIso(l.clockInAt),
          clock_out_at: toIsoOrNull(l.clockOutAt),
          hours: hoursFromMs((l.clockOutAt ?? ctx.now) - l.clockInAt),
          status: l.status,
        })),
      },
    }
  },
})
