import { cancelShiftDay } from '../modules/shifts/cancel-shift-day'
import { createSchedule } from '../modules/shifts/create-schedule'
import { createShiftTemplate } from '../modules/shifts/create-shift-template'
import { deleteSchedule } from '../modules/shifts/delete-schedule'
import { deleteShiftTemplate } from '../modules/shifts/delete-shift-template'
import { listRecurringSchedules } from '../modules/shifts/list-recurring-schedules'
import { listSchedules } from '../modules/shifts/list-schedules'
import { listShiftTemplates } from '../modules/shifts/list-shift-templates'
import { publishSchedule } from '../modules/shifts/publish-schedule'
import { resetShiftDay } from '../modules/shifts/reset-shift-day'
import { setShiftDay } from '../modules/shifts/set-shift-day'
import { unpublishSchedule } from '../modules/shifts/unpublish-schedule'
import { updateSchedule } from '../modules/shifts/update-schedule'
import { updateShiftTemplate } from '../modules/shifts/update-shift-template'
import { commandGroup, operationCommand } from './operation-command'

const day = (d: { user_id: string; date: string; starts_at: string; ends_at: string; status: string; source: string }) =>
  `${d.date} ${d.user_id}: ${d.starts_at} – ${d.ends_at} (${d.status}, ${d.source})`

export const schedulesCommand = commandGroup('schedules', 'Shift templates, weekly recurring schedules (draft, published) and one-off changes of a day.', [
  operationCommand({
    name: 'template-add',
    op: createShiftTemplate,
    print: (t) => `Shift template ${t.name} (${t.id}): ${t.start_time}-${t.end_time}, ${t.paid_hours} h paid.`,
  }),
  operationCommand({
    name: 'template-edit',
    op: updateShiftTemplate,
    print: (t) => `Shift template ${t.name} (${t.id}): ${t.start_time}-${t.end_time}, ${t.paid_hours} h paid.`,
  }),
  operationCommand({ name: 'template-delete', op: deleteShiftTemplate, print: (o) => `Shift template ${o.template_id} deleted.` }),
  operationCommand({ name: 'templates', op: listShiftTemplates }),
  operationCommand({
    name: 'create',
    op: createSchedule,
    print: (s) => `Schedule ${s.id} (${s.status}) from ${s.from}${s.until ? ` until ${s.until}` : ''}, weekdays ${s.days_of_week.join(',')}.`,
  }),
  operationCommand({ name: 'edit', op: updateSchedule, print: (s) => `Schedule ${s.id} (${s.status}) from ${s.from}${s.until ? ` until ${s.until}` : ''}.` }),
  operationCommand({
    name: 'publish',
    op: publishSchedule,
    args: ['schedule_id'],
    print: (o) => `Schedule ${o.schedule.id} published; ${o.days_changed} day(s) written.`,
  }),
  operationCommand({
    name: 'unpublish',
    op: unpublishSchedule,
    args: ['schedule_id'],
    print: (o) => `Schedule ${o.schedule.id} is a draft again; ${o.days_changed} day(s) removed.`,
  }),
  operationCommand({ name: 'delete', op: deleteSchedule, args: ['schedule_id'], print: (o) => `Schedule ${o.schedule_id} deleted.` }),
  operationCommand({ name: 'list', op: listRecurringSchedules }),
  operationCommand({ name: 'shifts', op: listSchedules, summary: 'List the published shifts of a date range (what /api/v1/shifts/schedules answers)' }),
  operationCommand({ name: 'set-day', op: setShiftDay, print: day }),
  operationCommand({ name: 'cancel-day', op: cancelShiftDay, print: day }),
  operationCommand({ name: 'reset-day', op: resetShiftDay, print: (o) => (o.shift ? `Back to the schedule: ${day(o.shift)}` : `${o.date}: no shift.`) }),
])
