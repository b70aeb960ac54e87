/**
 * Names and groups of the 24 MCP tools, in the order of the specification. A leaf module (no
 * imports) so that both the registry and the tools that describe it can use it.
 */
/** The 24 tools in the order of the specification's groups. */
export const TOOL_ORDER = [
  // Platform analytics
  'get_analytics_overview',
  'get_analytics_feature_usage',
  // Workforce analytics (read-only)
  'get_dashboard_summary',
  'list_employees',
  'get_employee_details',
  'list_my_timesheet',
  'summarize_team_hours',
  'list_pending_approvals',
  'list_recent_activity',
  'get_workload_alerts',
  'get_productivity_overview',
  // Write actions
  'clock_in',
  'clock_out',
  'invite_staff',
  // Discovery (no key needed)
  'get_capabilities',
  'get_pricing_and_plans',
  'start_free_trial',
  // Onboarding and utility
  'get_started_guide',
  'get_data_dictionary',
  'switch_to_demo',
  'switch_to_production',
  'get_demo_scenarios',
  // Demand capture
  'ask_workforce',
  'get_analytics_questions',
] as const

export type ToolName = (typeof TOOL_ORDER)[number]

/** The specification's tool groups, for discovery and usage reports. */
export const TOOL_GROUPS: Record<string, readonly ToolName[]> = {
  platform_analytics: ['get_analytics_overview', 'get_analytics_feature_usage'],
  workforce_analytics: [
    'get_dashboard_summary',
    'list_employees',
    'get_employee_details',
    'list_my_timesheet',
    'summarize_team_hours',
    'list_pending_approvals',
    'list_recent_activity',
    'get_workload_alerts',
    'get_productivity_overview',
  ],
  write_actions: ['clock_in', 'clock_out', 'invite_staff'],
  discovery: ['get_capabilities', 'get_pricing_and_plans', 'start_free_trial'],
  onboarding: ['get_started_guide', 'get_data_dictionary', 'switch_to_demo', 'switch_to_production', 'get_demo_scenarios'],
  demand_capture: ['ask_workforce', 'get_analytics_questions'],
}

export const groupOf = (tool: string): string =>
  Object.entries(TOOL_GROUPS).find(([, tools]) => (tools as readonly string[]).includes(tool))?.[0] ?? 'other'
