import { defineOperation } from '../../kernel/operation'
import { getTimesheetInTenant } from './timesheet-queries'
import { assertCanView, timesheetView } from './timesheet-access'
import { TimesheetOutput } from './timesheet-model'
import { TimesheetRef } from './approve-timesheet'

/** One timesheet with its time logs and status history, for its owner, their managers and admins. */
export const getTimesheet = defineOperation({
  name: 'get_timesheet',
  title: 'Get a timesheet',
  description: 'A timesheet with the ids of its time logs and its status history. Employees see their own; managers those of their teams; admins all.',
  access: { role: 'employee', userScopedKey: true },
  input: TimesheetRef,
  output: TimesheetOutput,
  run(ctx, input) {
    const sheet = getTimesheetInTenant(ctx, input.timesheet_id)
    assertCanView(ctx, sheet)
    return { timesheet: timesheetView(ctx, sheet) }
  },
})
