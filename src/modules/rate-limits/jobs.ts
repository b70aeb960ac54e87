import { defineJob } from '../../kernel/job'
import { pruneRestCounters } from './rest-limits'

/** Housekeeping: REST counters of windows long past are deleted every hour. */
export const pruneRateLimitCounters = defineJob({
  name: 'rate-limits.prune',
  pattern: '0 7 * * * *',
  description: 'Deletes REST rate-limit counters of hourly windows older than a day and daily windows older than two days.',
  each: 'global',
  run(rt, { now }) {
    const deleted = pruneRestCounters(rt.db, now)
    if (deleted > 0) rt.log.debug('rate-limit counters pruned', { deleted })
  },
})

export const rateLimitJobs = [pruneRateLimitCounters]
