import { defineJob } from '../../kernel/job'
import { DAY } from '../../kernel/time'
import { purgeTenantlessToolCallsBefore } from '../analytics/purge-queries'
import { purgeGlobalJobRunsBefore } from '../jobs/purge-queries'
import { purgeExpiredOAuthTokensBefore, purgeUnusedOAuthClientsBefore } from '../oauth/purge-queries'
import { applyRetention } from './apply-retention'

/** Days the runs of global jobs (no tenant: backups, pruning, mail) and tenantless tool calls are kept. */
export const GLOBAL_RETENTION_DAYS = 90

export const retentionJob = defineJob({
  name: 'retention.purge',
  description:
    "Deletes monitoring data and append-only logs (samples, blocks, pings, agent sessions, tool calls, ask_workforce questions, finished webhook deliveries and delivered events, finished emails, ingest batch ids, MCP sessions, job runs) older than the tenant's retention periods.",
  each: { tenantDay: { dueAt: '03:00', catchUpDays: 1 } },
  run: (ctx) => applyRetention(ctx),
})

/** What belongs to no tenant: runs of global jobs and anonymous tool calls older than GLOBAL_RETENTION_DAYS. */
export const globalRetentionJob = defineJob({
  name: 'retention.global',
  pattern: '0 23 3 * * *',
  description: `Deletes run records of global jobs and tool calls of no tenant (anonymous discovery) older than ${GLOBAL_RETENTION_DAYS} days; OAuth codes and tokens expired over a day ago, and OAuth clients registered over a day ago that nobody ever allowed.`,
  each: 'global',
  run(rt, { now }) {
    const cutoff = now - GLOBAL_RETENTION_DAYS * DAY
    const deleted =
      purgeGlobalJobRunsBefore(rt.db, cutoff) +
      purgeTenantlessToolCallsBefore(rt.db, cutoff) +
      purgeExpiredOAuthTokensBefore(rt.db, now - DAY) +
      purgeUnusedOAuthClientsBefore(rt.db, now - DAY)
    if (deleted > 0) rt.log.debug('global records purged', { deleted })
  },
})

export const retentionJobs = [retentionJob, globalRetentionJob]
