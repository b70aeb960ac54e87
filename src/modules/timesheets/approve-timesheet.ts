import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { TimesheetOutput } from './timesheet-model'
import { decideTimesheet } from './decide-timesheet'

export const TimesheetRef = t.Object({
  timesheet_id: t.String({ format: 'uuid', description: 'Timesheet id' }),
})

/** Approves a submitted (or auto-generated) timesheet; approved timesheets are locked. */
export const approveTimesheet = defineOperation({
  name: 'approve_timesheet',
  title: 'Approve a timesheet',
  description:
    'Approves a submitted or auto-generated timesheet of someone in a team you manage (admins: anyone in the tenant). Nobody approves their own. Approved timesheets are locked. Emits timesheet.approved. An assistant must confirm with the user before calling it.',
  access: { role: 'manager', write: true, userScopedKey: true },
  input: TimesheetRef,
  output: TimesheetOutput,
  mcp: { exposes: ['Timesheet'] },
  run: (ctx, input) => decideTimesheet(ctx, input.timesheet_id, 'approved', null),
})
