import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Int, Nullable } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { ShiftTemplate, toShiftTemplate } from './model'
import { checkShiftTimes, HHMM, Weekdays } from './schedule-model'
import { insertTemplate } from './schedule-queries'

export const createShiftTemplate = defineOperation({
  name: 'create_shift_template',
  title: 'Create a shift template',
  description: 'A reusable shift: local start and end time (an end not after the start is an overnight shift), unpaid break, usual weekdays.',
  access: { role: 'admin', write: true },
  input: t.Object({
    name: t.String({ minLength: 1, maxLength: 100, description: 'Template name, e.g. Early' }),
    start_time: t.String({ ...HHMM, description: 'Local start time HH:MM' }),
    end_time: t.String({ ...HHMM, description: 'Local end time HH:MM (not after the start: ends the next day)' }),
    break_minutes: t.Optional(Int({ minimum: 0, maximum: 600, description: 'Unpaid break minutes (default 30)' })),
    days_of_week: t.Optional(Weekdays),
    color: t.Optional(Nullable(t.String({ maxLength: 20, description: 'Display colour' }))),
  }),
  output: ShiftTemplate,
  run(ctx, input) {
    const breakMinutes = input.break_minutes ?? 30
    checkShiftTimes(input.start_time, input.end_time, breakMinutes)
    return inTransaction(ctx, (c) => {
      const row = insertTemplate(c, {
        name: input.name,
        startTime: input.start_time,
        endTime: input.end_time,
        breakMinutes,
        daysOfWeek: [...(input.days_of_week ?? [1, 2, 3, 4, 5])].sort(),
        color: input.color ?? null,
      })
      const after = toShiftTemplate(row)
      recordChange(c, { action: 'shift_template.created', entity: 'shift_template', entityId: row.id, before: null, after })
      return after
    })
  },
})
