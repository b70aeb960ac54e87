import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { newId } from '../../kernel/ids'
import { Instant } from '../../kernel/schemas'
import { localDate, parseInstant } from '../../kernel/time'
import { closedPeriodOn } from '../payroll/closed-period-queries'
import { insertTimeLog } from './queries'
import { checkedTimes, correctablePerson, entryTimes, recordCorrection, refuseOverlap } from './time-correction'
import { CorrectionReason, TimeCorrection, toTimeCorrection } from './time-correction-model'

/**
 * A manager or admin adds a time entry someone forgot (a missed clock-in). In an open payroll
 * period the entry is added and its timesheet takes it in; in a closed one nothing is added to the
 * frozen period and its worked time is paid as an adjustment in the first open period.
 */
export const addTimeEntry = defineOperation({
  name: 'add_time_entry',
  title: 'Add a time entry',
  description:
    'Adds a closed time entry for a person with a reason they will see (a manager for the people of their teams, an admin for anyone; nobody for themselves unless admin). It must not overlap another entry. In a closed payroll period the worked time is paid as an adjustment in the next open period instead.',
  access: { role: 'manager', write: true },
  input: t.Object({
    user_id: t.String({ format: 'uuid', description: 'Whose time' }),
    clock_in_at: Instant,
    clock_out_at: Instant,
    reason: CorrectionReason,
  }),
  output: t.Object({ correction: TimeCorrection }),
  run(ctx, input) {
    const person = correctablePerson(ctx, input.user_id)
    const times = checkedTimes(ctx, parseInstant(input.clock_in_at), parseInstant(input.clock_out_at))
    const workDate = localDate(times.clockInAt, ctx.tenant.timezone)
    return inTransaction(ctx, (c) => {
      refuseOverlap(c, person.id, times, null)
      if (closedPeriodOn(c, workDate)) {
        const after = {
          clock_in_at: input.clock_in_at,
          clock_out_at: input.clock_out_at,
          worked_seconds: Math.round((times.clockOutAt - times.clockInAt) / 1000),
        }
        return {
          correction: toTimeCorrection(
            recordCorrection(c, { userId: person.id, log: null, kind: 'added', workDate, before: null, after, reason: input.reason }),
          ),
        }
      }
      const log = insertTimeLog(c, {
        id: newId(),
        userId: person.id,
        ...times,
        status: 'closed',
        source: 'correction',
        gapFillDoneAt: c.now,
        createdAt: c.now,
        note: input.reason,
      })
      const row = recordCorrection(c, { userId: person.id, log, kind: 'added', workDate, before: null, after: entryTimes(c, log), reason: input.reason })
      return { correction: toTimeCorrection(row) }
    })
  },
})
