import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DomainError } from '../../kernel/errors'
import { DateOnly, Id } from '../../kernel/schemas'
import { daysBetween, hoursFromSeconds } from '../../kernel/time'
import { paidAbsenceSecondsByUserDate } from './days-off'

const MAX_RANGE_DAYS = 93

export const listPaidAbsenceHours = defineOperation({
  name: 'list_paid_absence_hours',
  title: 'Paid absence hours per person and day',
  description:
    'What payroll pays for holidays and paid time off, per person and date: a holiday or a whole paid day off at the hours of the published shift of that date, else contract hours / 5 on Monday to Friday; a paid part day at its hours.',
  access: { role: 'admin' },
  input: t.Object({
    from: t.String({ ...DateOnly, description: 'First date (YYYY-MM-DD)' }),
    to: t.String({ ...DateOnly, description: `Last date, included (at most ${MAX_RANGE_DAYS} days)` }),
    user_id: t.Optional(t.String({ format: 'uuid', description: 'The person (their e-mail on the CLI)' })),
  }),
  output: t.Object({
    data: t.Array(t.Object({ user_id: Id, date: DateOnly, hours: t.Number(), seconds: t.Integer() })),
    total_hours: t.Number(),
  }),
  run(ctx, input) {
    if (input.to < input.from) throw new DomainError('invalid_argument', 'to must not be before from.', { field: 'to' })
    if (daysBetween(input.from, input.to) + 1 > MAX_RANGE_DAYS)
      throw new DomainError('invalid_argument', `to: a request covers at most ${MAX_RANGE_DAYS} days.`, { field: 'to' })
    const paid = paidAbsenceSecondsByUserDate(ctx, input.from, input.to, input.user_id ? [input.user_id] : null)
    const data = [...paid]
      .flatMap(([userId, dates]) => [...dates].map(([date, seconds]) => ({ user_id: userId, date, hours: hoursFromSeconds(seconds), seconds })))
      .sort((a, b) => a.date.localeCompare(b.date) || a.user_id.localeCompare(b.user_id))
    return { data, total_hours: hoursFromSeconds(data.reduce((s, r) => s + r.seconds, 0)) }
  },
})
