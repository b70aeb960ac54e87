import { getDashboardSummary } from './get-dashboard-summary'
import { getWorkloadAlerts } from './get-workload-alerts'
import { summarizeTeamHours } from './summarize-team-hours'

/** MCP tools of the dashboard module (workforce analytics across people). */
export const dashboardTools = [getDashboardSummary, summarizeTeamHours, getWorkloadAlerts] as const
