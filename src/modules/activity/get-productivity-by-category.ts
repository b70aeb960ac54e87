import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Int, Nullable } from '../../kernel/schemas'
import { addDays, localDate, weekStart } from '../../kernel/time'
import { getTeamInTenant } from '../teams/queries'
import { managerVisibility, scopeUserIds, usersOfTeam } from '../users/visibility'
import { PRIVACY_NOTE, activeSeconds, combine, productivityTotals, scoreOf } from './productivity'

const Seconds = (description: string) => Int({ minimum: 0, description })

const CategoryWeek = t.Object(
  {
    week_start: DateOnly,
    week_end: DateOnly,
    productive_seconds: Seconds('Seconds in applications classed productive'),
    neutral_seconds: Seconds('Seconds in applications classed neutral'),
    unproductive_seconds: Seconds('Seconds in applications classed unproductive'),
    idle_seconds: Seconds('Seconds the desktop agent saw no input'),
    score: Int({ minimum: 0, maximum: 100, description: 'round(100 x productive / active seconds); 0 without data' }),
    people_with_data: Int({ minimum: 0 }),
  },
  { description: 'One week (Monday to Sunday, company time zone); the running week is counted up to today' },
)

/**
 * Productivity by category, week by week, of the people a manager manages (one team of theirs with
 * team_id) or, for admins, of everyone (or one team). The totals are those of get_productivity_trend.
 */
export const getProductivityByCategory = defineOperation({
  name: 'get_productivity_by_category',
  title: 'Productivity by category over weeks',
  description:
    'Seconds of application use by category (productive, neutral, unproductive) and idle, week by week over the last N weeks (the running week last), for a team (team_id) or everyone the caller sees: a manager the teams they manage, an admin everyone. Same totals and score as get_productivity_trend. Based on application-usage time only: no keystrokes, content or URLs.',
  access: { role: 'manager' },
  input: t.Object({
    weeks: Int({ minimum: 1, maximum: 26, default: 8, description: 'Number of weeks, 1-26, ending with the running week' }),
    team_id: t.Optional(t.String({ ...Id, description: 'Only members of this team' })),
  }),
  output: t.Object({
    team_id: Nullable(Id, { description: 'The team asked for; null for everyone the caller sees' }),
    team_name: Nullable(t.String()),
    weeks: t.Array(CategoryWeek, { description: 'Oldest first' }),
    privacy_note: t.String(),
  }),
  run(ctx, input) {
    const v = managerVisibility(ctx)
    const team = input.team_id ? getTeamInTenant(ctx, input.team_id) : null
    const ids = scopeUserIds(v, input.team_id ? usersOfTeam(ctx, v, input.team_id) : null)
    const current = weekStart(localDate(ctx.now, ctx.tenant.timezone))
    const weeks = Array.from({ length: input.weeks }, (_, i) => addDays(current, -7 * (input.weeks - 1 - i))).map((start) => {
      const end = addDays(start, 6)
      const perUser = ids === null || ids.length ? productivityTotals(ctx, ids, start, end) : new Map()
      const total = combine(perUser.values())
      return {
        week_start: start,
        week_end: end,
        productive_seconds: total.productive,
        neutral_seconds: total.neutral,
        unproductive_seconds: total.unproductive,
        idle_seconds: total.idle,
        score: scoreOf(total),
        people_with_data: [...perUser.values()].filter((x) => activeSeconds(x) + x.idle > 0).length,
      }
    })
    return {
      team_id: team?.id ?? null,
      team_name: team?.name ?? null,
      weeks,
      privacy_note: PRIVACY_NOTE,
    }
  },
})
