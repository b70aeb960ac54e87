import { defineRoutes, get } from '../../kernel/route'
import { getTimesheetDetails } from './get-timesheet-details'
import { listTimesheets } from './list-timesheets'

/** /api/v1/timesheets: timesheet records (read-only; people submit and managers decide in the client API). */
export const timesheetsRoutes = defineRoutes({ surface: 'rest', prefix: '/timesheets', tags: ['timesheets'] }, [
  get('/', listTimesheets),
  get('/:timesheet_id', getTimesheetDetails),
])
