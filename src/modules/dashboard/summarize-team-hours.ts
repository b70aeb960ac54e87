import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Int, Nullable, PeriodEnum } from '../../kernel/schemas'
import { dateRange, localDate, periodRange, hoursFromMs, weekStart } from '../../kernel/time'
import { scheduledShiftsBetween } from '../shifts/alert-queries'
import { findTeamInTenant } from '../teams/queries'
import { sumDates } from '../time-tracking/hours'
import { openLogUserIds } from '../time-tracking/queries'
import { findUserInTenant, usersMatching } from '../users/queries'
import { scopeUserIds, usersOfTeam, visibility, type Visibility } from '../users/visibility'
import { netWorkedBetween, overtimeCalendar, overtimeMsIn, shiftNetMs } from './overtime'

/** Members listed at most (by hours, most first); the totals always cover everyone. */
const MAX_MEMBERS = 100

const MemberHours = t.Object(
  {
    user_id: Id,
    name: t.String(),
    hours: t.Number({ minimum: 0, description: 'Hours worked in the period, net of breaks' }),
    overtime_hours: t.Number({
      minimum: 0,
      description:
        'Overtime in the period by the rule of get_workload_alerts: per week, the larger of the hours over contract and the hours over scheduled shifts',
    }),
    days_worked: Int({ minimum: 0 }),
    is_clocked_in: t.Boolean(),
  },
  { description: 'Hours of one member in the period' },
)

interface Scope {
  teamId: string | null
  teamName: string
  userIds: string[] | null
}

/** Managers default to their primary team (when they manage it), else the first team they manage; admins to everyone. */
function resolveScope(ctx: TenantBoundCtx, v: Visibility, teamId: string | undefined): Scope {
  if (teamId) {
    const userIds = usersOfTeam(ctx, v, teamId)
    return { teamId, teamName: findTeamInTenant(ctx, teamId)!.name, userIds }
  }
  if (v.teamIds === null) return { teamId: null, teamName: `${ctx.tenant.name} (all employees)`, userIds: null }
  const me = ctx.actor.userId ? findUserInTenant(ctx, ctx.actor.userId) : null
  const primary = me?.primaryTeamId && v.teamIds.includes(me.primaryTeamId) ? me.primaryTeamId : v.teamIds[0]
  if (!primary) throw new DomainError('forbidden', 'You do not manage any team yet, so there is no team to summarise.')
  return { teamId: primary, teamName: findTeamInTenant(ctx, primary)!.name, userIds: usersOfTeam(ctx, v, primary) }
}

export const summarizeTeamHours = defineOperation({
  name: 'summarize_team_hours',
  title: 'Summarize team hours',
  description:
    "Hours worked by a team over a period (today, this_week, last_week, this_month, last_month; default this_week; weeks start Monday, company time zone), net of breaks: total, per member (with overtime hours) and per day, and who worked overtime (the same rule as get_workload_alerts' overtime alerts). team_id defaults to the manager's primary team; admins without team_id get the whole organisation. Manager role or above.",
  access: { role: 'manager' },
  input: t.Object({
    team_id: t.Optional(t.String({ format: 'uuid', description: "Team UUID; default the manager's primary team" })),
    period: t.Union(PeriodEnum.anyOf, { description: PeriodEnum.description, default: 'this_week' }),
  }),
  output: t.Object({
    scope_team_id: Nullable(Id, { description: 'Team summarised; null for organisation-wide' }),
    scope_team_name: t.String(),
    period_applied: PeriodEnum,
    period_start: DateOnly,
    period_end: DateOnly,
    result: t.Object(
      {
        total_hours: t.Number({ minimum: 0 }),
        member_count: Int({ minimum: 0, description: 'Active members in scope' }),
        members_with_time: Int({ minimum: 0 }),
        average_hours_per_member: t.Number({ minimum: 0 }),
        members: t.Array(MemberHours, { description: `Most hours first, at most ${MAX_MEMBERS}` }),
        members_truncated: t.Boolean(),
        overtime: t.Array(t.Object({ user_id: Id, name: t.String(), overtime_hours: t.Number({ minimum: 0 }) }), {
          description: 'Everyone in scope who worked overtime in the period (weekly hours over contract or a day over its shift), most first',
        }),
        by_day: t.Array(t.Object({ date: DateOnly, hours: t.Number({ minimum: 0 }) }), { description: 'Every date of the period up to today' }),
      },
      { description: 'Team hours breakdown' },
    ),
  }),
  run(ctx, input) {
    const v = visibility(ctx)
    const scope = resolveScope(ctx, v, input.team_id)
    const tz = ctx.tenant.timezone
    const today = localDate(ctx.now, tz)
    const { start, end } = periodRange(input.period, today)
    const members = usersMatching(ctx, { userIds: scopeUserIds(v, scope.userIds) }).filter((u) => u.status === 'active')
    const ids = scope.userIds === null ? null : members.map((m) => m.id)
    // From the Monday of the first week: weekly overtime counts the whole week to date.
    const perUser = netWorkedBetween(ctx, weekStart(start), end, ids)
    const lastDate = end < today ? end : today
    const shiftMs = new Map<string, Map<string, number>>()
    // One query over the period (one shift per person and date: shift_schedules_tenant_user_date_uq).
    if (lastDate >= start)
      for (const s of scheduledShiftsBetween(ctx, start, lastDate, ids)) shiftMs.set(s.userId, (shiftMs.get(s.userId) ?? new Map()).set(s.date, shiftNetMs(s)))
    const calendar = overtimeCalendar(start, lastDate)
    const clockedIn = openLogUserIds(ctx, ids)
    const rows = members
      .map((m) => {
        const dates = perUser.get(m.id)
        const days = [...(dates ?? new Map<string, number>()).entries()].filter(([d, ms]) => d >= start && d <= end && ms > 0).length
        const overtimeMs = overtimeMsIn(calendar, dates, m.weeklyHours, shiftMs.get(m.id))
        return {
          user_id: m.id,
          name: m.name,
          hours: hoursFromMs(sumDates(dates, start, end)),
          overtime_hours: hoursFromMs(overtimeMs),
          overtimeMs,
          days_worked: days,
          is_clocked_in: clockedIn.has(m.id),
        }
      })
      .sort((a, b) => b.hours - a.hours || a.name.localeCompare(b.name))
    const totalMs = members.reduce((sum, m) => sum + sumDates(perUser.get(m.id), start, end), 0)
    const memberIds = new Set(members.map((m) => m.id))
    const byDay = dateRange(start, lastDate).map((date) => {
      let ms = 0
      for (const [userId, dates] of perUser) if (memberIds.has(userId)) ms += dates.get(date) ?? 0
      return { date, hours: hoursFromMs(ms) }
    })
    return {
      scope_team_id: scope.teamId,
      scope_team_name: scope.teamName,
      period_applied: input.period,
      period_start: start,
      period_end: end,
      result: {
        total_hours: hoursFromMs(totalMs),
        member_count: members.length,
        members_with_time: rows.filter((r) => r.hours > 0).length,
        average_hours_per_member: members.length ? hoursFromMs(totalMs / members.length) : 0,
        members: rows.slice(0, MAX_MEMBERS).map(({ overtimeMs: _, ...r }) => r),
        members_truncated: rows.length > MAX_MEMBERS,
        overtime: rows
          .filter((r) => r.overtimeMs > 0)
          .map((r) => ({ user_id: r.user_id, name: r.name, overtime_hours: r.overtime_hours }))
          .sort((a, b) => b.overtime_hours - a.overtime_hours || a.name.localeCompare(b.name))
          .slice(0, MAX_MEMBERS),
        by_day: byDay,
      },
    }
  },
})
