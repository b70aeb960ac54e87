import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { DateOnly } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { listOffices } from '../locations/office-queries'
import { Holiday, toHoliday } from './model'
import { findHoliday, insertHoliday } from './queries'

export const addHoliday = defineOperation({
  name: 'add_holiday',
  title: 'Add a company holiday',
  description:
    'A day off for the people of one office (their home office) or, without office_id, for everyone: no "not clocked in" alert, no timesheet gap, paid by payroll.',
  access: { role: 'admin', write: true },
  input: t.Object({
    date: t.String({ ...DateOnly, description: 'Local date (YYYY-MM-DD)' }),
    name: t.String({ minLength: 1, maxLength: 100, description: 'Name, e.g. New Year' }),
    office_id: t.Optional(t.String({ format: 'uuid', description: 'The office (id); none: a holiday for everyone' })),
  }),
  output: Holiday,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      if (input.office_id && !listOffices(c).some((o) => o.id === input.office_id))
        throw new DomainError('invalid_argument', `office_id: no office ${input.office_id} in this tenant.`, { field: 'office_id' })
      const same = findHoliday(c, input.office_id ?? null, input.date)
      if (same)
        throw new DomainError(
          'conflict',
          `date: there is already a holiday on ${input.date} (${same.name}) for ${input.office_id ? 'this office' : 'everyone'}.`,
          { field: 'date', holiday_id: same.id },
        )
      const row = insertHoliday(c, { date: input.date, name: input.name, officeId: input.office_id ?? null })
      const after = toHoliday(row)
      recordChange(c, { action: 'holiday.created', entity: 'holiday', entityId: row.id, before: null, after })
      return after
    })
  },
})
