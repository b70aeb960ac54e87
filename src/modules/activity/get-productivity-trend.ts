import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Int, Nullable } from '../../kernel/schemas'
import { addDays, localDate, weekStart } from '../../kernel/time'
import { getTeamInTenant } from '../teams/queries'
import { getUserInTenant } from '../users/queries'
import { assertCanSee, scopeUserIds, usersOfTeam, visibility } from '../users/visibility'
import { PRIVACY_NOTE, activeSeconds, combine, productivityTotals, scoreOf } from './productivity'

const WeekPoint = t.Object(
  {
    week_start: DateOnly,
    week_end: DateOnly,
    score: Int({ minimum: 0, maximum: 100, description: 'round(100 x productive / active seconds) of the week; 0 without data' }),
    productive_seconds: Int({ minimum: 0 }),
    active_seconds: Int({ minimum: 0, description: 'productive + neutral + unproductive (idle excluded)' }),
    idle_seconds: Int({ minimum: 0 }),
    people_with_data: Int({ minimum: 0 }),
  },
  { description: 'One week (Monday to Sunday, company time zone); the running week is counted up to today' },
)

/** Productivity week by week for a person or a team, with the same totals and score as get_productivity_overview. */
export const getProductivityTrend = defineOperation({
  name: 'get_productivity_trend',
  title: 'Productivity trend',
  description:
    'Productivity week by week over the last N weeks (default 4, the running week last) for one person (user_id), a team (team_id; with user_id too, the person is answered) or, without either, yourself; managers may look at their teams and members, admins at anyone. Same score as get_productivity_overview (productive share of active application time) with the change from the first to the last week with data. Based on application-usage time only: no keystrokes, content or URLs. Extended tool (enabled by the operator).',
  access: { role: 'member' },
  input: t.Object({
    weeks: Int({ minimum: 1, maximum: 26, default: 4, description: 'Number of weeks, 1-26, ending with the running week' }),
    user_id: t.Optional(t.String({ format: 'uuid', description: 'Person (UUID)' })),
    team_id: t.Optional(t.String({ format: 'uuid', description: 'Team (UUID); instead of user_id' })),
  }),
  output: t.Object({
    scope: t.Union([t.Literal('person'), t.Literal('team')]),
    user_id: Nullable(Id, { description: 'The person, for scope person' }),
    team_id: Nullable(Id, { description: 'The team, for scope team' }),
    name: t.String({ description: 'Name of the person or team' }),
    weeks: t.Array(WeekPoint, { description: 'Oldest first' }),
    score_change: t.Number({ description: 'Score of the last week with data minus the first week with data; 0 with fewer than two' }),
    direction: t.Union([t.Literal('up'), t.Literal('down'), t.Literal('flat'), t.Literal('no_data')], { description: 'up/down: a change of 3 points or more' }),
    privacy_note: t.String(),
  }),
  mcp: { exposes: ['DailyActivitySummary', 'ActivitySample'] },
  run(ctx, input) {
    const v = visibility(ctx)
    // A team given with a person is still checked (not_found, forbidden); the person is answered.
    const team = input.team_id ? getTeamInTenant(ctx, input.team_id) : null
    const teamIds = input.team_id ? (scopeUserIds(v, usersOfTeam(ctx, v, input.team_id)) ?? []) : []
    let who: { scope: 'person' | 'team'; userId: string | null; teamId: string | null; name: string; ids: string[] }
    if (team && !input.user_id) {
      who = { scope: 'team', userId: null, teamId: team.id, name: team.name, ids: teamIds }
    } else {
      const user = getUserInTenant(ctx, input.user_id ?? callerUserId(ctx))
      assertCanSee(v, user.id, "this person's productivity")
      who = { scope: 'person', userId: user.id, teamId: null, name: user.name, ids: [user.id] }
    }
    const current = weekStart(localDate(ctx.now, ctx.tenant.timezone))
    const weeks = Array.from({ length: input.weeks }, (_, i) => addDays(current, -7 * (input.weeks - 1 - i))).map((start) => {
      const end = addDays(start, 6)
      const perUser = who.ids.length ? productivityTotals(ctx, who.ids, start, end) : new Map()
      const total = combine(perUser.values())
      return {
        week_start: start,
        week_end: end,
        score: scoreOf(total),
        productive_seconds: total.productive,
        active_seconds: activeSeconds(total),
        idle_seconds: total.idle,
        people_with_data: [...perUser.values()].filter((x) => activeSeconds(x) + x.idle > 0).length,
      }
    })
    const withData = weeks.filter((w) => w.active_seconds > 0)
    const change = withData.length >= 2 ? withData[withData.length - 1]!.score - withData[0]!.score : 0
    return {
      scope: who.scope,
      user_id: who.userId,
      team_id: who.teamId,
      name: who.name,
      weeks,
      score_change: change,
      direction: withData.length === 0 ? ('no_data' as const) : change >= 3 ? ('up' as const) : change <= -3 ? ('down' as const) : ('flat' as const),
      privacy_note: PRIVACY_NOTE,
    }
  },
})
