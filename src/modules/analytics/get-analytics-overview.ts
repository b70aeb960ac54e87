import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Instant, Int, PeriodEnum } from '../../kernel/schemas'
import { DAY, toIso } from '../../kernel/time'
import { UNAVAILABLE_IN_DEMO, periodWindow } from './period'
import { activeCallers, callStats, callsBySource } from './queries'
import { flushToolCalls } from './tool-call-log'

const TopSource = t.Object(
  {
    source: t.String({ description: 'MCP client name from initialize (clientInfo.name), or "unknown"' }),
    call_count: Int({ minimum: 0 }),
    distinct_callers: Int({ minimum: 0, description: 'People (or keys not bound to a person) using it' }),
    share: t.Number({ minimum: 0, maximum: 1, description: 'Share of the period calls' }),
  },
  { description: 'An AI client that called the tools' },
)

/** No web analytics on an appliance: the spec's web-traffic fields are 0 (the AI query count is not one of them). */
const NO_WEB_TRAFFIC = { active_users_1d: 0, active_users_7d: 0, active_users_28d: 0, sessions_in_period: 0, top_sources: [] as never[] }

export const getAnalyticsOverview = defineOperation({
  name: 'get_analytics_overview',
  title: 'Get analytics overview',
  description:
    'How the company uses this AI interface: AI queries served in a period, and the MCP usage behind them (people calling the tools over 1, 7 and 28 days, MCP sessions, the top AI clients) in the mcp_* fields and top_ai_clients. Web-traffic analytics are not configured on an appliance, so the web-traffic fields (active_users_*, sessions_in_period, top_sources) are 0 or empty; the AI query count is always present. Admin or OwnerAdmin; unavailable (available: false) in demo mode.',
  access: { role: 'admin' },
  // It flushes the buffered tool-call records first and must read them.
  ownSnapshot: true,
  input: t.Object({ period: t.Union(PeriodEnum.anyOf, { description: PeriodEnum.description, default: 'this_week' }) }),
  output: t.Object({
    available: t.Boolean({ description: 'false in demo mode' }),
    period: PeriodEnum,
    period_start: DateOnly,
    period_end: DateOnly,
    as_of: Instant,
    active_users_1d: Int({
      minimum: 0,
      description: 'Web-traffic active users, last 24 hours: 0 while web analytics is not configured (MCP callers: mcp_active_users_1d)',
    }),
    active_users_7d: Int({ minimum: 0, description: 'Web-traffic active users, last 7 days: 0 while web analytics is not configured' }),
    active_users_28d: Int({ minimum: 0, description: 'Web-traffic active users, last 28 days: 0 while web analytics is not configured' }),
    sessions_in_period: Int({
      minimum: 0,
      description: 'Web-traffic sessions in the period: 0 while web analytics is not configured (MCP: mcp_sessions_in_period)',
    }),
    mcp_active_users_1d: Int({ minimum: 0, description: 'Distinct people (or keys bound to no person) calling the tools in the last 24 hours' }),
    mcp_active_users_7d: Int({ minimum: 0 }),
    mcp_active_users_28d: Int({ minimum: 0 }),
    mcp_sessions_in_period: Int({ minimum: 0, description: 'Distinct MCP sessions with tool calls in the period' }),
    ai_queries_served_in_period: Int({ minimum: 0, description: 'Tool calls answered in the period (always present)' }),
    failed_queries_in_period: Int({ minimum: 0 }),
    top_sources: t.Array(TopSource, {
      maxItems: 5,
      description: 'Up to 5 web-traffic sources: empty while web analytics is not configured (AI clients: top_ai_clients)',
    }),
    top_ai_clients: t.Array(TopSource, { maxItems: 5, description: 'Up to 5 AI clients calling the tools, most calls first' }),
    web_analytics_configured: t.Boolean({ description: 'Always false on the appliance: the web-traffic fields are 0 or empty' }),
    message: t.String(),
  }),
  unavailableInDemo(ctx, input) {
    const w = periodWindow(ctx, input.period)
    const base = { period: input.period, period_start: w.start, period_end: w.end, as_of: toIso(ctx.now), web_analytics_configured: false }
    return {
      ...base,
      available: false,
      ...NO_WEB_TRAFFIC,
      mcp_active_users_1d: 0,
      mcp_active_users_7d: 0,
      mcp_active_users_28d: 0,
      mcp_sessions_in_period: 0,
      ai_queries_served_in_period: 0,
      failed_queries_in_period: 0,
      top_ai_clients: [],
      message: UNAVAILABLE_IN_DEMO,
    }
  },
  run(ctx, input) {
    const w = periodWindow(ctx, input.period)
    const base = { period: input.period, period_start: w.start, period_end: w.end, as_of: toIso(ctx.now), web_analytics_configured: false }
    flushToolCalls(ctx.db)
    const stats = callStats(ctx, w)
    return {
      ...base,
      available: true,
      ...NO_WEB_TRAFFIC,
      mcp_active_users_1d: activeCallers(ctx, ctx.now - DAY),
      mcp_active_users_7d: activeCallers(ctx, ctx.now - 7 * DAY),
      mcp_active_users_28d: activeCallers(ctx, ctx.now - 28 * DAY),
      mcp_sessions_in_period: stats.sessions,
      ai_queries_served_in_period: stats.calls,
      failed_queries_in_period: stats.errors,
      top_ai_clients: callsBySource(ctx, w, 5).map((s) => ({
        source: s.source,
        call_count: s.calls,
        distinct_callers: s.callers,
        share: stats.calls ? Math.round((s.calls / stats.calls) * 1000) / 1000 : 0,
      })),
      message: `${stats.calls} AI queries served from ${w.start} to ${w.end}.`,
    }
  },
})
