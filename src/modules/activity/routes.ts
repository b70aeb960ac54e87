import { defineRoutes, get } from '../../kernel/route'
import { getActivitySummary, summaryMaxAgeMs } from './get-activity-summary'
import { getHourlyActivity } from './get-hourly-activity'
import { getIdleTime } from './get-idle-time'
import { listActivityRecords } from './list-activity-records'

/** /api/v1/activity: the team summary of a day, and one person's application usage, hours and idle time. */
export const activityRoutes = defineRoutes({ surface: 'rest', prefix: '/activity', tags: ['activity'] }, [
  // The day summary is the heavy read integrators poll: answers are reused until the data changes.
  get('/summary', getActivitySummary, { cache: { maxAgeMs: summaryMaxAgeMs } }),
  get('/records', listActivityRecords),
  get('/hourly', getHourlyActivity),
  get('/idle', getIdleTime),
])
