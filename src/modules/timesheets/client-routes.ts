import { Elysia } from 'elysia'
import type { Runtime } from '../../runtime'
import { restAuth } from '../../surfaces/rest'
import { clientHook, handle } from '../../surfaces/client-hook'
import { submitTimesheet } from './submit-timesheet'
import { approveTimesheet } from './approve-timesheet'
import { rejectTimesheet } from './reject-timesheet'
import { getTimesheet } from './get-timesheet'

/** Client API of timesheets: employees submit, managers and admins approve or reject. */
export const timesheetClientRoutes = (rt: Runtime) =>
  new Elysia({ name: 'client:timesheets', prefix: '/client' })
    .use(restAuth(rt, 'client'))
    .post('/timesheets/submit', handle(submitTimesheet), clientHook(submitTimesheet))
    .get('/timesheets/:timesheet_id', handle(getTimesheet), clientHook(getTimesheet, { params: ['timesheet_id'], from: 'query' }))
    .post('/timesheets/:timesheet_id/approve', handle(approveTimesheet), clientHook(approveTimesheet, { params: ['timesheet_id'] }))
    .post('/timesheets/:timesheet_id/reject', handle(rejectTimesheet), clientHook(rejectTimesheet, { params: ['timesheet_id'] }))
