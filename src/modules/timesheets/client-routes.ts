import { defineRoutes, get, post } from '../../kernel/route'
import { submitTimesheet } from './submit-timesheet'
import { approveTimesheet } from './approve-timesheet'
import { rejectTimesheet } from './reject-timesheet'
import { getTimesheet } from './get-timesheet'

/** Client API of timesheets: employees submit, managers and admins approve or reject. */
export const timesheetClientRoutes = defineRoutes({ surface: 'client', prefix: '/client' }, [
  post('/timesheets/submit', submitTimesheet),
  get('/timesheets/:timesheet_id', getTimesheet),
  post('/timesheets/:timesheet_id/approve', approveTimesheet),
  post('/timesheets/:timesheet_id/reject', rejectTimesheet),
])
