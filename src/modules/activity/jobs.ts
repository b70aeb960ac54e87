import { defineJob } from '../../kernel/job'
import { writeDailySummaries } from './daily-summaries'
import { agentSessionTimeoutJob } from './agent-session-jobs'

/** End of each tenant-local day: per-user summaries, daily_summary and productivity_drop events. */
export const dailySummariesJob = defineJob({
  name: 'activity.daily_summaries',
  description: 'Summarises each user-day of activity (seconds by category, idle, score) and emits activity.daily_summary and activity.productivity_drop.',
  each: { tenantDay: { dueAt: '00:15' } },
  run: writeDailySummaries,
})

export const activityJobs = [dailySummariesJob, agentSessionTimeoutJob]
