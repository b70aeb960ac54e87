import { defineJob } from '../../kernel/job'
import { inTransaction } from '../../kernel/db'
import { addDays } from '../../kernel/time'
import { usersMatching } from '../users/queries'
import { HORIZON_DAYS, syncSchedules, today } from './materialize'

/** People per transaction. */
const BATCH = 200

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
  // People in batches, one short transaction each, so a large tenant does not hold the write lock for long.
  run: (ctx, date) => {
    const from = addDays(date, 1) < today(ctx) ? today(ctx) : addDays(date, 1)
    const ids = usersMatching(ctx, { userIds: null }).map((u) => u.id)
    let changed = 0
    for (let i = 0; i < ids.length; i += BATCH)
      changed += inTransaction(ctx, (c) => syncSchedules(c, { userIds: ids.slice(i, i + BATCH), from, to: addDays(from, HORIZON_DAYS) }))
    return changed
  },
})

export const shiftsJobs = [materializeSchedulesJob]
