import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Instant, Int, MAX_PAGE, Nullable } from '../../kernel/schemas'
import { DAY, toIsoOrNull, hoursFromSeconds } from '../../kernel/time'
import { teamNames } from '../teams/queries'

import { userLabels } from '../users/queries'
import { scopeUserIds, usersOfTeam, visibility } from '../users/visibility'
import { countPendingTimesheets, pendingTimesheets } from './queries'

/** Items returned at most; count always tells the full number. */
const MAX_PENDING_ITEMS = 200

const PendingApproval = t.Object(
  {
    timesheet_id: Id,
    user_id: Id,
    user_name: t.String(),
    user_email: t.String(),
    team_name: Nullable(t.String(), { description: "The employee's primary team" }),
    period_start: DateOnly,
    period_end: DateOnly,
    status: t.Union([t.Literal('submitted'), t.Literal('auto_generated')], {
      description: 'submitted by the employee, or auto_generated when the period closed without a submission',
    }),
    total_hours: t.Number({ minimum: 0 }),
    submitted_at: Nullable(Instant, { description: 'null for auto-generated timesheets' }),
    waiting_days: Int({ minimum: 0, description: 'Whole days since submission (or creation)' }),
  },
  { description: 'A timesheet awaiting approval' },
)

export const listPendingApprovals = defineOperation({
  name: 'list_pending_approvals',
  title: 'List pending approvals',
  description:
    'Timesheets awaiting approval (submitted, or auto-generated when a period closed without a submission), oldest first, for the teams the caller manages (admins: everyone), or one team with team_id. Lists only: it cannot approve or reject. Manager role or above.',
  access: { role: 'manager' },
  input: t.Object({
    team_id: t.Optional(t.String({ format: 'uuid', description: 'Only this team (UUID); omit for all teams you can see' })),
    page: t.Optional(Int({ minimum: 1, maximum: MAX_PAGE, description: `Page of page_size items, from 1 (default 1)` })),
    page_size: t.Optional(
      Int({ minimum: 1, maximum: MAX_PENDING_ITEMS, description: `Items per page, at most ${MAX_PENDING_ITEMS} (default ${MAX_PENDING_ITEMS})` }),
    ),
  }),
  output: t.Object({
    count: Int({ minimum: 0, description: 'All pending timesheets in scope' }),
    items: t.Array(PendingApproval, { description: `Oldest first, at most ${MAX_PENDING_ITEMS} (one page)` }),
    has_more: t.Boolean({ description: 'True when pending timesheets follow this page' }),
    scope_team_id: Nullable(Id, { description: 'The team filter, null for all visible teams' }),
  }),
  run(ctx, input) {
    const v = visibility(ctx)
    const userIds = scopeUserIds(v, input.team_id ? usersOfTeam(ctx, v, input.team_id) : null)
    const size = input.page_size ?? MAX_PENDING_ITEMS
    const offset = ((input.page ?? 1) - 1) * size
    const rows = pendingTimesheets(ctx, userIds, size, offset)
    // A first page that is not full holds them all; otherwise one count.
    const total = offset === 0 && rows.length < size ? rows.length : countPendingTimesheets(ctx, userIds)
    const people = userLabels(
      ctx,
      rows.map((r) => r.userId),
    )
    const teams = teamNames(
      ctx,
      [...people.values()].flatMap((p) => (p.primaryTeamId ? [p.primaryTeamId] : [])),
    )
    return {
      count: total,
      items: rows.map((r) => {
        const who = people.get(r.userId)
        const since = r.submittedAt ?? r.createdAt
        return {
          timesheet_id: r.id,
          user_id: r.userId,
          user_name: who?.name ?? 'Unknown',
          user_email: who?.email ?? '',
          team_name: who?.primaryTeamId ? (teams.get(who.primaryTeamId) ?? null) : null,
          period_start: r.periodStart,
          period_end: r.periodEnd,
          status: r.status as 'submitted' | 'auto_generated',
          total_hours: hoursFromSeconds(r.totalSeconds),
          submitted_at: toIsoOrNull(r.submittedAt),
          waiting_days: Math.max(0, Math.floor((ctx.now - since) / DAY)),
        }
      }),
      has_more: total > offset + rows.length,
      scope_team_id: input.team_id ?? null,
    }
  },
})
