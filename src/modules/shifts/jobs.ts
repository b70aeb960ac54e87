import { defineJob } from '../../kernel/job'
import { inTransaction } from '../../kernel/db'
import { addDays } from '../../kernel/time'
import { HORIZON_DAYS, syncSchedules, today } from './materialize'

/**
 * Daily, per tenant: published recurring schedules are written up to HORIZON_DAYS (8 weeks)
 * ahead of the date, and team schedules follow membership changes from that date on.
 */
export const materializeSchedulesJob = defineJob({
  name: 'shifts.materialize_schedules',
  description:
    'Writes the days of published recurring schedules up to 8 weeks ahead (the horizon moves one day each day) and applies team membership changes from that date on; one-off days are kept.',
  each: { tenantDay: { dueAt: '00:15' } },
  // Day D falls due early on D + 1: the days from D + 1 (never before today: a catch-up does not rewrite the past) to the horizon.
  run: (ctx, date) =>
    inTransaction(ctx, (c) => {
      const from = addDays(date, 1) < today(c) ? today(c) : addDays(date, 1)
      return syncSchedules(c, { userIds: null, from, to: addDays(from, HORIZON_DAYS) })
    }),
})

export const shiftsJobs = [materializeSchedulesJob]
