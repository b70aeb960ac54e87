import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DateOnly } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { bad, requireUser, ShiftDay, toShiftDay } from './schedule-model'
import { findShiftDay, updateShiftDay } from './schedule-queries'

export const cancelShiftDay = defineOperation({
  name: 'cancel_shift_day',
  title: "Cancel one day's shift",
  description:
    "A one-off change: the person's shift on that date is cancelled (listed as cancelled, no alert, no auto clock-out at its end); kept when recurring schedules change; reset_shift_day undoes it.",
  access: { role: 'admin', write: true },
  input: t.Object({
    user_id: t.String({ format: 'uuid', description: 'The person (their e-mail on the CLI)' }),
    date: t.String({ ...DateOnly, description: 'Local date of the shift (YYYY-MM-DD)' }),
  }),
  output: ShiftDay,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      requireUser(c, input.user_id)
      const old = findShiftDay(c, input.user_id, input.date)
      if (!old || old.status === 'cancelled') throw bad('date', `No shift is scheduled for this person on ${input.date}.`)
      const row = updateShiftDay(c, old.id, {
        templateId: old.templateId,
        startsAt: old.startsAt,
        endsAt: old.endsAt,
        breakMinutes: old.breakMinutes,
        status: 'cancelled',
        source: 'one_off',
        recurringScheduleId: null,
      })
      const after = toShiftDay(row)
      recordChange(c, { action: 'schedule.day_cancelled', entity: 'schedule', entityId: row.id, before: toShiftDay(old), after })
      return after
    })
  },
})
