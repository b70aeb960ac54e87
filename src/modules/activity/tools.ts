import { getProductivityOverview } from './get-productivity-overview'
import { listRecentActivity } from './list-recent-activity'

/** MCP tools of the activity module. */
export const activityTools = [listRecentActivity, getProductivityOverview] as const
