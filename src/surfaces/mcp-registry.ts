import type { AnyOperation } from '../kernel/operation'
import { getProductivityOverview } from '../modules/activity/get-productivity-overview'
import { listRecentActivity } from '../modules/activity/list-recent-activity'
import { askWorkforce } from '../modules/analytics/ask-workforce'
import { getAnalyticsFeatureUsage } from '../modules/analytics/get-analytics-feature-usage'
import { getAnalyticsOverview } from '../modules/analytics/get-analytics-overview'
import { getAnalyticsQuestions } from '../modules/analytics/get-analytics-questions'
import { getDashboardSummary } from '../modules/dashboard/get-dashboard-summary'
import { getWorkloadAlerts } from '../modules/dashboard/get-workload-alerts'
import { summarizeTeamHours } from '../modules/dashboard/summarize-team-hours'
import { provideToolCatalog } from '../modules/discovery/catalog'
import { getCapabilities } from '../modules/discovery/get-capabilities'
import { getPricingAndPlans } from '../modules/discovery/get-pricing-and-plans'
import { startFreeTrial } from '../modules/discovery/start-free-trial'
import { getDataDictionary } from '../modules/onboarding/get-data-dictionary'
import { getDemoScenarios } from '../modules/onboarding/get-demo-scenarios'
import { getStartedGuide } from '../modules/onboarding/get-started-guide'
import { switchToDemo } from '../modules/onboarding/switch-to-demo'
import { switchToProduction } from '../modules/onboarding/switch-to-production'
import { clockIn } from '../modules/time-tracking/clock-in'
import { clockOut } from '../modules/time-tracking/clock-out'
import { listMyTimesheet } from '../modules/timesheets/list-my-timesheet'
import { listPendingApprovals } from '../modules/timesheets/list-pending-approvals'
import { getEmployeeDetails } from '../modules/users/get-employee-details'
import { inviteStaff } from '../modules/users/invite-staff'
import { listEmployees } from '../modules/users/list-employees'
import { getProductivityTrend } from '../modules/activity/get-productivity-trend'
import { getOvertimeReport } from '../modules/dashboard/get-overtime-report'
import { getProjectHoursLeft } from '../modules/projects/get-project-hours-left'
import { listProjectBudgets } from '../modules/projects/list-project-budgets'
import { listTasks } from '../modules/tasks/list-tasks'
import { listPresenceNow } from '../modules/time-tracking/list-presence-now'
import { approveTimesheet } from '../modules/timesheets/approve-timesheet'
import { listMissingTimesheets } from '../modules/timesheets/list-missing-timesheets'
import { rejectTimesheet } from '../modules/timesheets/reject-timesheet'

/**
 * Every MCP tool, in the specification's groups and order: the one list tools/list, GET /tools,
 * the discovery catalogue, usage reports and docs/mcp-tools.md are derived from. Adding a tool is
 * one line here; its access, schemas and quirks live on its operation.
 */
export const MCP_TOOL_GROUPS = [
  { group: 'platform_analytics', tools: [getAnalyticsOverview, getAnalyticsFeatureUsage] },
  {
    group: 'workforce_analytics',
    tools: [
      getDashboardSummary,
      listEmployees,
      getEmployeeDetails,
      listMyTimesheet,
      summarizeTeamHours,
      listPendingApprovals,
      listRecentActivity,
      getWorkloadAlerts,
      getProductivityOverview,
    ],
  },
  { group: 'write_actions', tools: [clockIn, clockOut, inviteStaff] },
  { group: 'discovery', tools: [getCapabilities, getPricingAndPlans, startFreeTrial] },
  { group: 'onboarding', tools: [getStartedGuide, getDataDictionary, switchToDemo, switchToProduction, getDemoScenarios] },
  { group: 'demand_capture', tools: [askWorkforce, getAnalyticsQuestions] },
] as const satisfies readonly { group: string; tools: readonly AnyOperation[] }[]

/**
 * Tools beyond the specification's list, for questions its 24 cannot answer. Offered only when the
 * operator turns them on (`serve --mcp-extended-tools`, WORKFORCE_MCP_EXTENDED_TOOLS=on); off,
 * tools/list, GET /tools and the discovery catalogue are exactly the specification's.
 */
export const MCP_EXTENDED_TOOL_GROUPS = [
  {
    group: 'extended',
    tools: [
      listProjectBudgets,
      getProjectHoursLeft,
      listTasks,
      listPresenceNow,
      getOvertimeReport,
      listMissingTimesheets,
      getProductivityTrend,
      approveTimesheet,
      rejectTimesheet,
    ],
  },
] as const satisfies readonly { group: string; tools: readonly AnyOperation[] }[]

type ToolGroup = (typeof MCP_TOOL_GROUPS)[number]['group'] | (typeof MCP_EXTENDED_TOOL_GROUPS)[number]['group']

/** The same lists with each operation erased to AnyOperation, for the generic readers below. */
const specGroups: readonly { group: ToolGroup; tools: readonly AnyOperation[] }[] = MCP_TOOL_GROUPS
const extendedGroups: readonly { group: ToolGroup; tools: readonly AnyOperation[] }[] = MCP_EXTENDED_TOOL_GROUPS

const groupsOf = (extended: boolean) => (extended ? [...specGroups, ...extendedGroups] : specGroups)

const cached = new Map<boolean, AnyOperation[]>()

/**
 * Every MCP tool in the specification's order, then (with `extended`) the extended ones; a name
 * registered twice is a startup error.
 */
export function mcpOperations(extended = false): AnyOperation[] {
  const hit = cached.get(extended)
  if (hit) return hit
  const all = groupsOf(extended).flatMap((g) => g.tools)
  const names = new Set(all.map((op) => op.name))
  if (names.size !== all.length) throw new Error('Two MCP tools share a name in MCP_TOOL_GROUPS / MCP_EXTENDED_TOOL_GROUPS')
  cached.set(extended, all)
  return all
}

// Discovery tools describe this very list; they read it through the catalog provider.
provideToolCatalog((extended) =>
  groupsOf(extended).flatMap(({ group, tools }) =>
    tools.map((op) => ({
      name: op.name,
      title: op.title,
      role: op.access.role,
      write: op.access.write === true,
      access: op.access,
      group,
      exposes: op.mcp?.exposes ?? [],
    })),
  ),
)
