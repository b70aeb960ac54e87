import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DomainError } from '../../kernel/errors'
import { TimesheetOutput } from './timesheet-model'
import { decideTimesheet } from './decide-timesheet'

export const RejectTimesheetInput = t.Object({
  timesheet_id: t.String({ format: 'uuid', description: 'Timesheet id' }),
  reason: t.String({ minLength: 1, maxLength: 1000, description: 'Why it is rejected; shown to the employee, who fixes and resubmits' }),
})

/** Rejects a submitted (or auto-generated) timesheet with a reason; the owner can resubmit. */
export const rejectTimesheet = defineOperation({
  name: 'reject_timesheet',
  title: 'Reject a timesheet',
  description:
    'Rejects a submitted or auto-generated timesheet of someone in a team you manage (admins: anyone in the tenant), with a reason. The employee fixes it and submits again. Emits timesheet.rejected. An assistant must confirm with the user before calling it.',
  access: { role: 'manager', write: true, userScopedKey: true },
  input: RejectTimesheetInput,
  output: TimesheetOutput,
  mcp: { exposes: ['Timesheet'] },
  run(ctx, input) {
    const reason = input.reason.trim()
    if (!reason) throw new DomainError('invalid_argument', 'Give a reason for the rejection.', { field: 'reason' })
    return decideTimesheet(ctx, input.timesheet_id, 'rejected', reason)
  },
})
