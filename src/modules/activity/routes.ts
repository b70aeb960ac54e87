import { Elysia } from 'elysia'
import { invoke } from '../../kernel/operation'
import type { Runtime } from '../../runtime'
import { restAuth, restHook } from '../../surfaces/rest'
import { cachedRead } from '../../surfaces/rest-cache'
import { getActivitySummary, summaryMaxAgeMs } from './get-activity-summary'
import { getHourlyActivity } from './get-hourly-activity'
import { getIdleTime } from './get-idle-time'
import { listActivityRecords } from './list-activity-records'

const tags = ['activity']

/** /api/v1/activity: the team summary of a day, and one person's application usage, hours and idle time. */
export const activityRoutes = (rt: Runtime) =>
  new Elysia({ prefix: '/activity' })
    .use(restAuth(rt))
    // The day summary is the heavy read integrators poll: answers are reused until the data changes.
    .get('/summary', cachedRead(rt, getActivitySummary, { maxAgeMs: summaryMaxAgeMs }), restHook(getActivitySummary, { tags, from: 'query' }))
    .get('/records', ({ ctx, query }) => invoke(listActivityRecords, ctx, query), restHook(listActivityRecords, { tags, from: 'query' }))
    .get('/hourly', ({ ctx, query }) => invoke(getHourlyActivity, ctx, query), restHook(getHourlyActivity, { tags, from: 'query' }))
    .get('/idle', ({ ctx, query }) => invoke(getIdleTime, ctx, query), restHook(getIdleTime, { tags, from: 'query' }))
