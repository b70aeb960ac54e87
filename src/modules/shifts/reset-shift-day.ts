import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DateOnly, Id } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { syncSchedules } from './materialize'
import { bad, requireUser, ShiftDay, toShiftDay } from './schedule-model'
import { deleteShiftDay, findShiftDay } from './schedule-queries'

export const resetShiftDay = defineOperation({
  name: 'reset_shift_day',
  title: 'Undo a one-off change of one day',
  description: 'Removes the one-off change (cancel, move, extra shift) of a person on a date: the day follows the published recurring schedules again.',
  access: { role: 'admin', write: true },
  input: t.Object({
    user_id: t.String({ format: 'uuid', description: 'The person (their e-mail on the CLI)' }),
    date: t.String({ ...DateOnly, description: 'Local date (YYYY-MM-DD)' }),
  }),
  output: t.Object({ user_id: Id, date: t.String(), shift: t.Union([ShiftDay, t.Null()]) }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      requireUser(c, input.user_id)
      const old = findShiftDay(c, input.user_id, input.date)
      if (old?.source !== 'one_off') throw bad('date', `No one-off change for this person on ${input.date}.`)
      deleteShiftDay(c, old.id)
      syncSchedules(c, { userIds: [input.user_id], from: input.date, to: input.date })
      const now = findShiftDay(c, input.user_id, input.date)
      const after = now ? toShiftDay(now) : null
      recordChange(c, { action: 'schedule.day_reset', entity: 'schedule', entityId: old.id, before: toShiftDay(old), after })
      return { user_id: input.user_id, date: input.date, shift: after }
    })
  },
})
