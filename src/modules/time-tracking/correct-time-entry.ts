import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { Instant } from '../../kernel/schemas'
import { localDate, parseInstant } from '../../kernel/time'
import { closedPeriodOn } from '../payroll/closed-period-queries'
import { getTimeLogInTenant, latestCorrectionOf, setLogTimes } from './correction-queries'
import { checkedTimes, correctablePerson, entryTimes, recordCorrection, refuseOverlap } from './time-correction'
import { CorrectionReason, TimeCorrection, toTimeCorrection } from './time-correction-model'

/**
 * A manager or admin moves the clock-in or clock-out of a closed entry. In an open payroll period
 * the entry changes and its timesheet total follows; in a closed one the entry stays as it was and
 * the difference in worked time is paid as an adjustment in the first open period.
 */
export const correctTimeEntry = defineOperation({
  name: 'correct_time_entry',
  title: 'Correct a time entry',
  description:
    'Changes the clock-in and/or clock-out of a closed time entry, with a reason the person sees (a manager for the people of their teams, an admin for anyone; nobody their own unless admin). The entry keeps its work date and must not overlap another entry. An entry in a closed payroll period stays frozen: the difference is paid as an adjustment in the next open period.',
  access: { role: 'manager', write: true },
  input: t.Object({
    time_log_id: t.String({ format: 'uuid', description: 'The entry to correct' }),
    clock_in_at: t.Optional(Instant),
    clock_out_at: t.Optional(Instant),
    reason: CorrectionReason,
  }),
  output: t.Object({ correction: TimeCorrection }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const log = getTimeLogInTenant(c, input.time_log_id)
      correctablePerson(c, log.userId)
      if (!input.clock_in_at && !input.clock_out_at) {
        throw new DomainError('invalid_argument', 'Invalid body: give clock_in_at, clock_out_at or both.', {
          location: 'body',
          errors: [{ field: 'clock_in_at', message: 'or clock_out_at is required' }],
        })
      }
      if (log.clockOutAt === null)
        throw new DomainError('conflict', 'This entry is still open: the person clocks out first (or use clock_out), then it can be corrected.')
      const times = checkedTimes(
        c,
        input.clock_in_at ? parseInstant(input.clock_in_at) : log.clockInAt,
        input.clock_out_at ? parseInstant(input.clock_out_at) : log.clockOutAt,
      )
      const workDate = localDate(log.clockInAt, c.tenant.timezone)
      if (localDate(times.clockInAt, c.tenant.timezone) !== workDate) {
        throw new DomainError(
          'invalid_argument',
          `Invalid body: clock_in_at must stay on the entry's work date ${workDate}; add an entry on the other day instead.`,
          {
            location: 'body',
            errors: [{ field: 'clock_in_at', message: `must stay on ${workDate}` }],
          },
        )
      }
      refuseOverlap(c, log.userId, times, log.id)
      const frozen = closedPeriodOn(c, workDate) !== null
      // A frozen entry keeps its times: what was already paid for it is its latest paid correction.
      const paid = frozen ? latestCorrectionOf(c, log.id) : null
      const before = paid?.adjustmentSeconds != null ? paid.after : entryTimes(c, log)
      const after = entryTimes(c, { ...log, ...times })
      if (!frozen) setLogTimes(c, log.id, times)
      return { correction: toTimeCorrection(recordCorrection(c, { userId: log.userId, log, kind: 'edited', workDate, before, after, reason: input.reason })) }
    })
  },
})
