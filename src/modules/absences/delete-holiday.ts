import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { toHoliday } from './model'
import { deleteHoliday, getHolidayInTenant } from './queries'

export const deleteHolidayOp = defineOperation({
  name: 'delete_holiday',
  title: 'Delete a company holiday',
  description: 'Removes a holiday: the date is an ordinary workday again.',
  access: { role: 'admin', write: true },
  input: t.Object({ holiday_id: Id }),
  output: t.Object({ holiday_id: Id, deleted: t.Boolean() }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const old = getHolidayInTenant(c, input.holiday_id)
      deleteHoliday(c, old.id)
      recordChange(c, { action: 'holiday.deleted', entity: 'holiday', entityId: old.id, before: toHoliday(old), after: null })
      return { holiday_id: old.id, deleted: true }
    })
  },
})
