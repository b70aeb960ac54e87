import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import { userLabels } from '../users/queries'
import { visibleUser } from '../users/visibility'
import { timeLogsOfTimesheet } from '../time-tracking/worked-time-read-model'
import { Timesheet, TimesheetEntry, toTimesheetEntry } from './timesheet-model'
import { timesheetView } from './timesheet-access'
import { getTimesheetInTenant } from './timesheet-queries'

const Entry = t.Object(
  {
    ...TimesheetEntry.properties,
    break_seconds: t.Integer({ minimum: 0, description: 'Finished breaks inside the session' }),
    worked_hours: t.Number({ minimum: 0, description: 'hours minus breaks, two decimals' }),
    project_id: t.Union([Id, t.Null()], { description: 'Project the time is booked to' }),
    task_id: t.Union([Id, t.Null()], { description: 'Task the time is booked to' }),
  },
  { description: 'One work session (time log) of the timesheet, with its breaks' },
)

export const getTimesheetDetails = defineOperation({
  name: 'get_timesheet_details',
  title: 'Get a timesheet with its entries',
  description:
    'One timesheet with its owner, its time-log entries (clock-in, clock-out, hours, breaks, project and task) and its status history. Admins see every timesheet; a manager token bound to a manager those of the members of their teams.',
  access: { role: 'manager' },
  input: t.Object({ timesheet_id: Id }),
  output: t.Object({
    timesheet: Timesheet,
    user: t.Object({ id: Id, name: t.String(), email: t.String() }, { description: 'Whose timesheet' }),
    entries: t.Array(Entry, { description: 'The time logs of the timesheet, oldest first' }),
  }),
  run(ctx, input) {
    const sheet = getTimesheetInTenant(ctx, input.timesheet_id)
    visibleUser(ctx, sheet.userId, 'this timesheet')
    const owner = userLabels(ctx, [sheet.userId]).get(sheet.userId)!
    const tz = ctx.tenant.timezone
    return {
      timesheet: timesheetView(ctx, sheet),
      user: { id: sheet.userId, name: owner.name, email: owner.email },
      entries: timeLogsOfTimesheet(ctx, sheet.id).map((l) => {
        const worked = Math.max(0, (l.clockOutAt ?? ctx.now) - l.clockInAt - l.breakMs)
        return {
          ...toTimesheetEntry(l, tz, ctx.now),
          break_seconds: Math.round(l.breakMs / 1000),
          worked_hours: Math.round((worked / 3_600_000) * 100) / 100,
          project_id: l.projectId,
          task_id: l.taskId,
        }
      }),
    }
  },
})
