import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly } from '../../kernel/schemas'
import { addDays, localDate } from '../../kernel/time'
import { Holiday, toHoliday } from './model'
import { holidaysBetween } from './queries'

export const listHolidays = defineOperation({
  name: 'list_holidays',
  title: 'List company holidays',
  description: 'Holidays over a date range (default: today and the next 365 days), company-wide and per office.',
  access: { role: 'manager' },
  input: t.Object({
    from: t.Optional(t.String({ ...DateOnly, description: 'First date (default today)' })),
    to: t.Optional(t.String({ ...DateOnly, description: 'Last date, included (default from + 365 days)' })),
  }),
  output: t.Object({ data: t.Array(Holiday) }),
  run(ctx, input) {
    const from = input.from ?? localDate(ctx.now, ctx.tenant.timezone)
    const to = input.to ?? addDays(from, 365)
    return { data: holidaysBetween(ctx, from, to).map(toHoliday) }
  },
})
