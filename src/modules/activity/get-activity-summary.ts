import { t } from 'elysia'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Instant, Int, Nullable } from '../../kernel/schemas'
import { localDate } from '../../kernel/time'
import { managerVisibility, scopeUserIds, usersOfTeam } from '../users/visibility'
import { readDaySummary } from './day-summary'

const Seconds = (description: string) => Int({ minimum: 0, description })

export const ActivitySummaryUser = t.Object(
  {
    user_id: Id,
    name: t.String(),
    email: t.String(),
    team_id: Nullable(Id, { description: 'Primary team; null when none' }),
    team: Nullable(t.String(), { description: 'Name of the primary team' }),
    hours: t.Number({ minimum: 0, description: 'Hours clocked in on the date (two decimals); an open session counts until now' }),
    active_seconds: Seconds('productive + neutral + unproductive seconds (idle excluded)'),
    productive_seconds: Seconds('Seconds in applications classed productive'),
    neutral_seconds: Seconds('Seconds in applications classed neutral'),
    unproductive_seconds: Seconds('Seconds in applications classed unproductive'),
    idle_seconds: Seconds('Seconds the desktop agent saw no input'),
    productivity_score: Nullable(Int({ minimum: 0, maximum: 100 }), { description: 'round(100 x productive / active); null without desktop-agent activity' }),
    first_activity_at: Nullable(Instant, { description: 'Start of the first activity sample of the date' }),
    last_activity_at: Nullable(Instant, { description: 'End of the last activity sample of the date' }),
    is_clocked_in: t.Boolean({ description: 'Clocked in right now (whatever the date asked)' }),
  },
  { description: 'One person’s day' },
)

export const ActivitySummary = t.Object(
  {
    date: t.String({ ...DateOnly, description: 'The date summarised (tenant time zone)' }),
    active_users: Int({ minimum: 0, description: 'People with clocked time or desktop-agent activity on the date' }),
    total_hours: t.Number({ minimum: 0, description: 'Hours clocked in by everyone listed, two decimals' }),
    avg_productivity_score: t.Number({
      minimum: 0,
      maximum: 100,
      description: 'Mean of the productivity scores of the people with agent activity, one decimal; 0 when nobody has any',
    }),
    users: t.Array(ActivitySummaryUser, { description: 'Everyone in scope by name (people deactivated only when they have data on the date)' }),
  },
  { description: 'The activity summary resource' },
)

/** How long today's summary may be reused: open sessions keep adding hours while the day runs. */
const OPEN_DAY_MAX_AGE_MS = 5_000

/**
 * How long a summary computed now may be served while the data is unchanged: a day that is over
 * depends on the data only (a session still open counts until its midnight); today's hours grow
 * with the clock, so it is recomputed after a few seconds.
 */
export function summaryMaxAgeMs(ctx: TenantBoundCtx, input: { date?: string | undefined }): number {
  const today = localDate(ctx.now, ctx.tenant.timezone)
  return input.date !== undefined && input.date < today ? Number.POSITIVE_INFINITY : OPEN_DAY_MAX_AGE_MS
}

export const getActivitySummary = defineOperation({
  name: 'get_activity_summary',
  title: 'Team activity summary',
  description:
    'Activity of a team (team_id) or of everyone the token sees on one date (default today, tenant time zone): people active, hours clocked, average productivity score, and per person hours, seconds by category (productive, neutral, unproductive, idle), score, first and last activity and whether they are clocked in. Scores come from application-usage time only: no keystrokes, content or URLs. Admins see everyone; a manager token bound to a manager sees the teams they manage.',
  access: { role: 'manager' },
  input: t.Object({
    date: t.Optional(t.String({ ...DateOnly, description: 'Date to summarise (YYYY-MM-DD); today when omitted' })),
    team_id: t.Optional(t.String({ ...Id, description: 'Only members of this team' })),
  }),
  output: ActivitySummary,
  run(ctx, input) {
    const v = managerVisibility(ctx)
    const userIds = scopeUserIds(v, input.team_id ? usersOfTeam(ctx, v, input.team_id) : null)
    return readDaySummary(ctx, input.date ?? localDate(ctx.now, ctx.tenant.timezone), userIds)
  },
})
