import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Int, Nullable, PeriodEnum } from '../../kernel/schemas'
import { addDays, localDate, periodRange, hoursFromMs } from '../../kernel/time'
import { findTeamInTenant } from '../teams/queries'
import { findUserInTenant } from '../users/queries'
import { scopeUserIds, usersOfTeam, visibility, type Visibility } from '../users/visibility'
import { figuresFromDays } from './team-hours-days'
import { orgWeekFigures } from './team-hours-week'

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
    const today = localDate(ctx.now, ctx.tenant.timezone)
    const { start, end } = periodRange(input.period, today)
    const wholeWeek = input.period === 'this_week' || input.period === 'last_week'
    const figures =
      (scope.userIds === null && wholeWeek ? orgWeekFigures(ctx, start, today, MAX_MEMBERS) : null) ??
      figuresFromDays(ctx, scopeUserIds(v, scope.userIds), scope.userIds === null, { start, end, today }, MAX_MEMBERS)
    return {
      scope_team_id: scope.teamId,
      scope_team_name: scope.teamName,
      period_applied: input.period,
      period_start: start,
      period_end: end,
      result: {
        total_hours: hoursFromMs(figures.totalMs),
        member_count: figures.memberCount,
        members_with_time: figures.withTime,
        average_hours_per_member: figures.memberCount ? hoursFromMs(figures.totalMs / figures.memberCount) : 0,
        members: figures.members,
        members_truncated: figures.memberCount > MAX_MEMBERS,
        overtime: figures.overtime,
        by_day: figures.dayMs.map((ms, i) => ({ date: addDays(start, i), hours: hoursFromMs(ms) })),
      },
    }
  },
})
