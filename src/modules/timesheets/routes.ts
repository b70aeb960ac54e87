import { Elysia } from 'elysia'
import { invoke } from '../../kernel/operation'
import type { Runtime } from '../../runtime'
import { restAuth, restHook } from '../../surfaces/rest'
import { getTimesheetDetails } from './get-timesheet-details'
import { listTimesheets } from './list-timesheets'

const tags = ['timesheets']

/** /api/v1/timesheets: timesheet records (read-only; people submit and managers decide in the client API). */
export const timesheetsRoutes = (rt: Runtime) =>
  new Elysia({ prefix: '/timesheets' })
    .use(restAuth(rt))
    .get('/', ({ ctx, query }) => invoke(listTimesheets, ctx, query), restHook(listTimesheets, { tags, from: 'query' }))
    .get('/:timesheet_id', ({ ctx, params }) => invoke(getTimesheetDetails, ctx, params), restHook(getTimesheetDetails, { tags, from: 'query', path: ['timesheet_id'] }))
