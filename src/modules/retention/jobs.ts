import { defineTenantDailyJob } from '../jobs/tenant-daily'
import { applyRetention } from './apply-retention'

export const retentionJob = defineTenantDailyJob({
  name: 'retention.purge',
  description: "Deletes monitoring data (samples, blocks, pings, agent sessions, tool calls, finished webhook deliveries) older than the plan's retention periods.",
  dueAtLocalTime: '03:00',
  catchUpDays: 1,
  runForDay: (ctx) => applyRetention(ctx),
})

export const retentionJobs = [retentionJob]
