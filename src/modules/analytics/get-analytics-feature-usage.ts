import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Instant, Int } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { groupOf } from '../discovery/catalog'
import { eventCountsByType } from '../webhooks/event-stats-queries'
import { UNAVAILABLE_IN_DEMO, periodWindow } from './period'
import { callsByTool } from './queries'
import { flushToolCalls } from './tool-call-log'

const UsagePeriodEnum = t.Union([t.Literal('this_week'), t.Literal('last_week'), t.Literal('this_month'), t.Literal('last_month')], {
  description: 'Period in the company time zone; weeks start on Monday',
  default: 'this_week',
})

const FeatureArea = t.Object(
  {
    tool_name: t.String(),
    area: t.String({ description: 'Tool group: workforce_analytics, write_actions, discovery, onboarding, demand_capture or platform_analytics' }),
    call_count: Int({ minimum: 0 }),
    error_count: Int({ minimum: 0 }),
    distinct_callers: Int({ minimum: 0 }),
    average_duration_ms: Int({ minimum: 0 }),
  },
  { description: 'Use of one tool in the period' },
)

const TopEvent = t.Object(
  { event: t.String({ description: 'Domain event name, e.g. clock.in or user.invited' }), count: Int({ minimum: 0 }) },
  { description: 'How often a domain event (webhook event) happened in the period' },
)

export const getAnalyticsFeatureUsage = defineOperation({
  name: 'get_analytics_feature_usage',
  title: 'Get feature usage',
  description:
    'Which tools the company uses most through AI clients in a period (calls, errors, distinct callers, average duration) and the most frequent domain events (clock-ins, invitations, timesheet actions…). limit 1-25, default 10. Admin or OwnerAdmin; unavailable (available: false) in demo mode.',
  access: { role: 'admin' },
  // It flushes the buffered tool-call records first and must read them.
  ownSnapshot: true,
  input: t.Object({
    period: UsagePeriodEnum,
    limit: Int({ minimum: 1, maximum: 25, default: 10, description: 'Entries per list, at most 25' }),
  }),
  output: t.Object({
    available: t.Boolean({ description: 'false in demo mode' }),
    period: UsagePeriodEnum,
    period_start: DateOnly,
    period_end: DateOnly,
    as_of: Instant,
    feature_areas: t.Array(FeatureArea, { description: 'Most called tools first' }),
    top_events: t.Array(TopEvent),
    message: t.String(),
  }),
  unavailableInDemo(ctx, input) {
    const w = periodWindow(ctx, input.period)
    const base = { period: input.period, period_start: w.start, period_end: w.end, as_of: toIso(ctx.now) }
    return { ...base, available: false, feature_areas: [], top_events: [], message: UNAVAILABLE_IN_DEMO }
  },
  run(ctx, input) {
    const w = periodWindow(ctx, input.period)
    const base = { period: input.period, period_start: w.start, period_end: w.end, as_of: toIso(ctx.now) }
    flushToolCalls(ctx.db)
    const tools = callsByTool(ctx, w, input.limit)
    return {
      ...base,
      available: true,
      feature_areas: tools.map((r) => ({
        tool_name: r.tool,
        area: groupOf(r.tool),
        call_count: r.calls,
        error_count: r.errors,
        distinct_callers: r.callers,
        average_duration_ms: Math.round(r.avgMs),
      })),
      top_events: eventCountsByType(ctx, w, input.limit).map((e) => ({ event: e.type, count: e.count })),
      message: tools.length ? `Most used: ${tools[0]!.tool} (${tools[0]!.calls} calls).` : 'No tool calls recorded in this period.',
    }
  },
})
