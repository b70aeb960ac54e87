import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Instant, Int, Nullable } from '../../kernel/schemas'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { addDays, dateRange, localDate, toIso, weekStart, hoursFromMs } from '../../kernel/time'
import { activeSeconds, combinedProductivity, scoreOf, summedSampleSeconds } from '../activity/productivity'
import { workedMsBetween } from '../time-tracking/person-day-queries'
import { openLogUserIds } from '../time-tracking/queries'
import { countPendingTimesheets } from '../timesheets/queries'
import { countActiveUsers } from '../users/queries'
import { scopeUserIds, visibility } from '../users/visibility'
import { openLogCountMaintained } from './open-session-totals'
import { hasPendingPersonDays, openWorkedMs, tenantDaysBetween } from './tenant-day-totals'

export const getDashboardSummary = defineOperation({
  name: 'get_dashboard_summary',
  title: 'Get dashboard summary',
  description:
    'Today\'s key figures for what the caller can see (admins: the organisation; managers: their teams; employees: themselves): hours worked today and this week, the team productivity score over the last 7 days, timesheets pending approval, active headcount and who is clocked in now. A good first call for "how is my team doing?".',
  access: { role: 'member' },
  // The specified output carries as_of, error and message: a failure still says when it was.
  mcp: { failure: (standard, { now }) => ({ as_of: toIso(now), ...standard }) },
  input: t.Object({}),
  output: t.Object({
    as_of: Instant,
    date: t.String({ ...DateOnly, description: 'Today in the company time zone' }),
    scope: t.Union([t.Literal('organization'), t.Literal('team'), t.Literal('self')], { description: 'Whose figures these are' }),
    tenant_name: t.String(),
    hours_worked_today: t.Number({ minimum: 0, description: 'Hours worked today net of breaks, open sessions counted until now' }),
    hours_worked_this_week: t.Number({ minimum: 0, description: 'Hours worked since Monday, net of breaks' }),
    team_productivity_score: Nullable(Int({ minimum: 0, maximum: 100 }), {
      description: 'Category-based score over the last 7 days; null without desktop-agent data',
    }),
    productivity_window: t.Literal('last_7_days'),
    pending_approvals: Int({ minimum: 0, description: 'Timesheets submitted or auto-generated and awaiting approval' }),
    active_headcount: Int({ minimum: 0, description: 'Active people in scope' }),
    clocked_in_now: Int({ minimum: 0, description: 'People with an open session right now' }),
    error: t.Optional(t.String({ description: 'Error code when the summary could not be computed' })),
    message: t.Optional(t.String()),
  }),
  run(ctx) {
    const tz = ctx.tenant.timezone
    const today = localDate(ctx.now, tz)
    const monday = weekStart(today)
    const v = visibility(ctx)
    const userIds = scopeUserIds(v, null)
    const figures = userIds === null && !hasPendingPersonDays(ctx) ? organisationFigures(ctx, monday, today) : scopedFigures(ctx, userIds, monday, today)
    const { todayMs, weekMs, productivity } = figures
    return {
      as_of: toIso(ctx.now),
      date: today,
      scope: v.scope,
      tenant_name: ctx.tenant.name,
      hours_worked_today: hoursFromMs(todayMs),
      hours_worked_this_week: hoursFromMs(weekMs),
      team_productivity_score: activeSeconds(productivity) > 0 ? scoreOf(productivity) : null,
      productivity_window: 'last_7_days' as const,
      pending_approvals: countPendingTimesheets(ctx, userIds),
      active_headcount: countActiveUsers(ctx, userIds),
      clocked_in_now: userIds === null ? openLogCountMaintained(ctx) : openLogUserIds(ctx, userIds).size,
    }
  },
})

interface Figures {
  todayMs: number
  weekMs: number
  productivity: ReturnType<typeof combinedProductivity>
}

/** Any scope: per person and date (person_day_totals), summed here. */
function scopedFigures(ctx: TenantBoundCtx, userIds: string[] | null, monday: string, today: string): Figures {
  // Stored per person and date, open sessions added until now (time-tracking/person-day-queries.ts).
  const worked = workedMsBetween(ctx, monday, today, userIds)
  const todayColumn = worked.column(today)
  let todayMs = 0
  let weekMs = 0
  for (const [, row] of worked.people()) {
    todayMs += row[todayColumn]!
    for (const ms of row) weekMs += ms
  }
  return { todayMs, weekMs, productivity: combinedProductivity(ctx, userIds, addDays(today, -6), today) }
}

/**
 * The whole organisation: one row per date of tenant_day_totals (the same sums, maintained by
 * triggers) plus the open sessions summed by SQLite, so the cost does not grow with head count.
 * Dates without stored activity summaries fall back to the raw samples, as combinedProductivity does.
 */
function organisationFigures(ctx: TenantBoundCtx, monday: string, today: string): Figures {
  const productivityFrom = addDays(today, -6)
  const from = productivityFrom < monday ? productivityFrom : monday
  const rows = tenantDaysBetween(ctx, from, today)
  const open = openWorkedMs(ctx, monday, today)
  let todayMs = open.today
  let weekMs = open.total
  const productivity = { productive: 0, neutral: 0, unproductive: 0, idle: 0 }
  const summarised = new Set<string>()
  for (const r of rows) {
    if (r.date >= monday) weekMs += r.workedMs
    if (r.date === today) todayMs += r.workedMs
    if (r.date >= productivityFrom && r.summaryRows > 0) {
      summarised.add(r.date)
      productivity.productive += r.productive
      productivity.neutral += r.neutral
      productivity.unproductive += r.unproductive
      productivity.idle += r.idle
    }
  }
  const missing = dateRange(productivityFrom, today).filter((d) => !summarised.has(d))
  const raw = summedSampleSeconds(ctx, null, missing)
  productivity.productive += raw.productive
  productivity.neutral += raw.neutral
  productivity.unproductive += raw.unproductive
  productivity.idle += raw.idle
  return { todayMs, weekMs, productivity }
}
