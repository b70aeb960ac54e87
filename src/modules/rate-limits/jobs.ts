import { defineJob } from '../../kernel/job'
import { pruneMinuteCounts } from './mcp-queries'
import { pruneRestCounters } from './rest-limits'

/**
 * Housekeeping: counters of windows long past are deleted every hour. MCP minute windows are also
 * pruned on the request path, but only while MCP calls arrive; this catches the last burst's.
 */
export const pruneRateLimitCounters = defineJob({
  name: 'rate-limits.prune',
  pattern: '0 7 * * * *',
  description: 'Deletes rate-limit counters of minute windows older than an hour, hourly windows older than a day and daily windows older than two days.',
  each: 'global',
  run(rt, { now }) {
    const deleted = pruneRestCounters(rt.db, now)
    pruneMinuteCounts(rt.db, Math.floor(now / 1000) - 3600)
    if (deleted > 0) rt.log.debug('rate-limit counters pruned', { deleted })
  },
})

export const rateLimitJobs = [pruneRateLimitCounters]
