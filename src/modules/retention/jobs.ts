import { defineJob } from '../../kernel/job'
import { applyRetention } from './apply-retention'

export const retentionJob = defineJob({
  name: 'retention.purge',
  description:
    "Deletes monitoring data (samples, blocks, pings, agent sessions, tool calls, finished webhook deliveries) older than the plan's retention periods.",
  each: { tenantDay: { dueAt: '03:00', catchUpDays: 1 } },
  run: (ctx) => applyRetention(ctx),
})

export const retentionJobs = [retentionJob]
