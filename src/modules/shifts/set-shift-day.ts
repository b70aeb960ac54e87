import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DateOnly, Int } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { shiftTimesOn } from './materialize'
import { bad, checkShiftTimes, HHMM, requireUser, ShiftDay, templateFor, toShiftDay } from './schedule-model'
import { findShiftDay, insertShiftDay, updateShiftDay } from './schedule-queries'

export const setShiftDay = defineOperation({
  name: 'set_shift_day',
  title: "Set one day's shift (move, replace or add)",
  description:
    "A one-off change of one person's day: moves or replaces the shift scheduled that day, or adds a shift on a day without one, from a template or from start and end times. One shift per person and day. Applies at once (one-off changes need no publishing) and is kept when recurring schedules change; reset_shift_day undoes it.",
  access: { role: 'admin', write: true },
  input: t.Object({
    user_id: t.String({ format: 'uuid', description: 'The person (their e-mail on the CLI)' }),
    date: t.String({ ...DateOnly, description: 'Local date of the shift start (YYYY-MM-DD)' }),
    template_id: t.Optional(t.String({ format: 'uuid', description: 'The shift template (its name on the CLI)' })),
    start_time: t.Optional(t.String({ ...HHMM, description: 'Local start time HH:MM (instead of a template)' })),
    end_time: t.Optional(t.String({ ...HHMM, description: 'Local end time HH:MM (not after the start: ends the next day)' })),
    break_minutes: t.Optional(Int({ minimum: 0, maximum: 600, description: 'Unpaid break minutes (default: the template, else 0)' })),
  }),
  output: ShiftDay,
  run(ctx, input) {
    const byTimes = input.start_time !== undefined || input.end_time !== undefined
    if (input.template_id === undefined && !byTimes) throw bad('template_id', 'Give template_id, or start_time and end_time.')
    if (byTimes && (input.start_time === undefined || input.end_time === undefined))
      throw bad(input.start_time === undefined ? 'start_time' : 'end_time', 'start_time and end_time go together.')
    return inTransaction(ctx, (c) => {
      requireUser(c, input.user_id)
      const tpl = input.template_id ? templateFor(c, input.template_id) : null
      const start = input.start_time ?? tpl!.startTime
      const end = input.end_time ?? tpl!.endTime
      const breakMinutes = input.break_minutes ?? tpl?.breakMinutes ?? 0
      checkShiftTimes(start, end, breakMinutes)
      const values = {
        templateId: tpl?.id ?? null,
        ...shiftTimesOn(c, input.date, start, end),
        breakMinutes,
        status: 'scheduled' as const,
        source: 'one_off' as const,
        recurringScheduleId: null,
      }
      const old = findShiftDay(c, input.user_id, input.date)
      const row = old ? updateShiftDay(c, old.id, values) : insertShiftDay(c, input.user_id, input.date, values)
      const after = toShiftDay(row)
      recordChange(c, { action: 'schedule.day_set', entity: 'schedule', entityId: row.id, before: old ? toShiftDay(old) : null, after })
      return after
    })
  },
})
