import { addAbsence } from '../modules/absences/add-absence'
import { addHoliday } from '../modules/absences/add-holiday'
import { deleteAbsenceOp } from '../modules/absences/delete-absence'
import { deleteHolidayOp } from '../modules/absences/delete-holiday'
import { listAbsences } from '../modules/absences/list-absences'
import { listHolidays } from '../modules/absences/list-holidays'
import { listPaidAbsenceHours } from '../modules/absences/list-paid-absence-hours'
import { commandGroup, operationCommand } from './operation-command'

export const absencesCommand = commandGroup('absences', 'Time off per person (vacation, sick, other) and company holidays per office.', [
  operationCommand({
    name: 'add',
    op: addAbsence,
    print: (a) =>
      `Absence ${a.id}: ${a.kind} ${a.start_date}${a.end_date !== a.start_date ? ` to ${a.end_date}` : ''}${a.part_day ? ` (${a.hours} h)` : ''}${a.paid ? ', paid' : ', unpaid'}.`,
  }),
  operationCommand({ name: 'delete', op: deleteAbsenceOp, args: ['absence_id'], print: (o) => `Absence ${o.absence_id} deleted.` }),
  operationCommand({ name: 'list', op: listAbsences }),
  operationCommand({
    name: 'holiday-add',
    op: addHoliday,
    print: (h) => `Holiday ${h.name} on ${h.date} (${h.id}) for ${h.office_id ? `office ${h.office_id}` : 'everyone'}.`,
  }),
  operationCommand({ name: 'holiday-delete', op: deleteHolidayOp, args: ['holiday_id'], print: (o) => `Holiday ${o.holiday_id} deleted.` }),
  operationCommand({ name: 'holidays', op: listHolidays }),
  operationCommand({
    name: 'paid-hours',
    op: listPaidAbsenceHours,
    print: (o) => [...o.data.map((r) => `${r.date} ${r.user_id}: ${r.hours} h`), `Total ${o.total_hours} h.`].join('\n'),
  }),
])
