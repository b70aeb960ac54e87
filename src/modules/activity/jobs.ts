import { defineTenantDailyJob } from '../jobs/tenant-daily'
import { writeDailySummaries } from './daily-summaries'
import { agentSessionTimeoutJob } from './agent-session-jobs'

/** End of each tenant-local day: per-user summaries, daily_summary and productivity_drop events. */
export const dailySummariesJob = defineTenantDailyJob({
  name: 'activity.daily_summaries',
  description: 'Summarises each user-day of activity (seconds by category, idle, score) and emits activity.daily_summary and activity.productivity_drop.',
  dueAtLocalTime: '00:15',
  runForDay: writeDailySummaries,
})

export const activityJobs = [dailySummariesJob, agentSessionTimeoutJob]
