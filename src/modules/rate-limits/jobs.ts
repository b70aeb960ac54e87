import { defineJob } from '../../kernel/job'
import { pruneMinuteCounts } from './mcp-queries'
import { pruneRestCounters } from './rest-limits'

/**
 * Housekeeping: counters of windows long past are deleted every hour. MCP minute windows are also
 * pruned on the request path, but only while MCP calls arrive; this catches the last burst's.
 * Counters live in their own file, counters.db (store.ts).
 */
export const pruneRateLimitCounters = defineJob({
  name: 'rate-limits.prune',
  pattern: '0 7 * * * *',
  description: 'Deletes rate-limit counters of minute windows older than an hour, hourly windows older than a day and daily windows older than two days.',
  each: 'global',
  run(rt, { now }) {
    let deleted = 0
    // counters.db holds today's counters; the main database's table only what an older version
    // counted there before the upgrade, pruned the same way until it is empty.
    for (const db of [rt.rateLimitDb, rt.db]) {
      deleted += pruneRestCounters(db, now)
      pruneMinuteCounts(db, Math.floor(now / 1000) - 3600)
    }
    if (deleted > 0) rt.log.debug('rate-limit counters pruned', { deleted })
  },
})

export const rateLimitJobs = [pruneRateLimitCounters]
