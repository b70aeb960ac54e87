import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Int, Nullable } from '../../kernel/schemas'
import { addDays } from '../../kernel/time'
import { recordChange } from '../audit/audit-queries'
import { HORIZON_DAYS, syncSchedules, today } from './materialize'
import { ShiftTemplate, toShiftTemplate } from './model'
import { checkShiftTimes, HHMM, templateFor, Weekdays } from './schedule-model'
import { updateTemplate } from './schedule-queries'

export const updateShiftTemplate = defineOperation({
  name: 'update_shift_template',
  title: 'Edit a shift template',
  description: 'Changes a template. Days of published recurring schedules that use it change from today on; past days and one-off days keep their times.',
  access: { role: 'admin', write: true },
  input: t.Object({
    template_id: t.String({ format: 'uuid', description: 'The shift template (its name on the CLI)' }),
    name: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'Template name' })),
    start_time: t.Optional(t.String({ ...HHMM, description: 'Local start time HH:MM' })),
    end_time: t.Optional(t.String({ ...HHMM, description: 'Local end time HH:MM' })),
    break_minutes: t.Optional(Int({ minimum: 0, maximum: 600, description: 'Unpaid break minutes' })),
    days_of_week: t.Optional(Weekdays),
    color: t.Optional(Nullable(t.String({ maxLength: 20, description: 'Display colour' }))),
  }),
  output: ShiftTemplate,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const old = templateFor(c, input.template_id)
      const start = input.start_time ?? old.startTime
      const end = input.end_time ?? old.endTime
      const breakMinutes = input.break_minutes ?? old.breakMinutes
      checkShiftTimes(start, end, breakMinutes)
      const row = updateTemplate(c, old.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        startTime: start,
        endTime: end,
        breakMinutes,
        ...(input.days_of_week ? { daysOfWeek: [...input.days_of_week].sort() } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
      })
      const t0 = today(c)
      syncSchedules(c, { userIds: null, from: t0, to: addDays(t0, HORIZON_DAYS) })
      const after = toShiftTemplate(row)
      recordChange(c, { action: 'shift_template.updated', entity: 'shift_template', entityId: row.id, before: toShiftTemplate(old), after })
      return after
    })
  },
})
