import { listMyTimesheet } from './list-my-timesheet'
import { listPendingApprovals } from './list-pending-approvals'

/** MCP tools of the timesheets module. */
export const timesheetsTools = [listMyTimesheet, listPendingApprovals] as const
