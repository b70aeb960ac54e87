import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Int } from '../../kernel/schemas'
import { localDate, periodRange } from '../../kernel/time'
import { userAsOfAuth } from '../users/queries'
import { assertCanSee, visibility } from '../users/visibility'
import { PRIVACY_NOTE, activeSeconds, productivityTotals, scoreOf } from './productivity'

export const ProductivityPeriodEnum = t.Union([t.Literal('today'), t.Literal('this_week'), t.Literal('last_week'), t.Literal('this_month')], {
  description: 'Period in the company time zone; weeks start on Monday',
  default: 'this_week',
})

export const getProductivityOverview = defineOperation({
  name: 'get_productivity_overview',
  title: 'Get productivity overview',
  description:
    'Category-based productivity of one person over a period: score 0-100 (productive share of active application time), productive and total seconds, and whether data exists. Defaults to the caller and this week. Employees can only see their own; managers their team members; admins everyone. Based on application-usage time only: no keystrokes, content or URLs are tracked.',
  access: { role: 'member' },
  input: t.Object({
    user_id: t.Optional(t.String({ format: 'uuid', description: 'Person to look at (UUID); default the caller' })),
    period: ProductivityPeriodEnum,
  }),
  output: t.Object({
    user_id: Id,
    user_name: t.String(),
    score: Int({ minimum: 0, maximum: 100, description: 'round(100 x productive / active seconds); 0 without data' }),
    productiveSeconds: Int({ minimum: 0, description: 'Seconds in applications classed productive (idle excluded)' }),
    totalSeconds: Int({ minimum: 0, description: 'Active seconds: productive + neutral + unproductive (idle excluded)' }),
    neutral_seconds: Int({ minimum: 0 }),
    unproductive_seconds: Int({ minimum: 0 }),
    idle_seconds: Int({ minimum: 0, description: 'Seconds the desktop agent saw no input' }),
    days_with_data: Int({ minimum: 0 }),
    period_applied: ProductivityPeriodEnum,
    week_start: t.String({ ...DateOnly, description: 'First date of the period applied (a Monday for week periods)' }),
    week_end: t.String({ ...DateOnly, description: 'Last date of the period applied' }),
    data_availability: t.Union([t.Literal('available'), t.Literal('no_data'), t.Literal('synthetic_demo')], {
      description: 'available: real desktop-agent data; no_data: nothing recorded in the period; synthetic_demo: generated demo data',
    }),
    privacy_note: t.String(),
  }),
  run(ctx, input) {
    const userId = input.user_id ?? callerUserId(ctx)
    // A read-only operation: the caller's own row as authentication read it (another person's is
    // read now); saves a read and its drizzle row mapping per call (issue 18, perf-reads-js).
    const user = userAsOfAuth(ctx, userId)
    assertCanSee(visibility(ctx), user.id, "this person's productivity")
    const { start, end } = periodRange(input.period, localDate(ctx.now, ctx.tenant.timezone))
    const totals = productivityTotals(ctx, [user.id], start, end).get(user.id)
    const active = totals ? activeSeconds(totals) : 0
    const hasData = totals !== undefined && active + totals.idle > 0
    return {
      user_id: user.id,
      user_name: user.name,
      score: totals ? scoreOf(totals) : 0,
      productiveSeconds: totals?.productive ?? 0,
      totalSeconds: active,
      neutral_seconds: totals?.neutral ?? 0,
      unproductive_seconds: totals?.unproductive ?? 0,
      idle_seconds: totals?.idle ?? 0,
      days_with_data: totals?.days ?? 0,
      period_applied: input.period,
      week_start: start,
      week_end: end,
      data_availability: !hasData ? ('no_data' as const) : ctx.tenant.isDemo ? ('synthetic_demo' as const) : ('available' as const),
      privacy_note: PRIVACY_NOTE,
    }
  },
})
