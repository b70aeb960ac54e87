import { askWorkforce } from './ask-workforce'
import { getAnalyticsFeatureUsage } from './get-analytics-feature-usage'
import { getAnalyticsOverview } from './get-analytics-overview'
import { getAnalyticsQuestions } from './get-analytics-questions'

/** MCP tools of the analytics module: platform analytics and demand capture. */
export const analyticsTools = [getAnalyticsOverview, getAnalyticsFeatureUsage, askWorkforce, getAnalyticsQuestions] as const
