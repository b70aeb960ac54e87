import { inTransaction } from '../../kernel/db'
import { defineJob } from '../../kernel/job'
import { findTenantById } from '../tenants/queries'
import { autoCloseForgottenClockOuts, gapFillClosedLogs } from './auto-close'
import { rebuildPersonDay, settlePersonDays } from './person-day-queries'

/**
 * Every 5 minutes, per tenant: forgotten clock-outs are closed by policy, then closed logs that
 * never went through clock-out get their gap-fill blocks. Idempotent per time log. Imports are
 * gap-filled for at most the budget per tick; the rest waits for the next one.
 */
export const gapFillJob = defineJob({
  name: 'time_tracking.gap_fill',
  pattern: '30 */5 * * * *',
  description:
    'Closes time logs left open past the end of their published shift + 15 min (at that time) or, without a shift, longer than the tenant auto_clock_out_hours (at that limit; status auto_closed, clock.out with autoClosed) and writes the gap-fill blocks of closed logs that never went through clock-out (imports).',
  each: 'tenant',
  budgetMs: 20_000,
  run: (ctx, { deadline }) =>
    autoCloseForgottenClockOuts(ctx, findTenantById(ctx.db, ctx.tenant.id)?.autoClockOutHours ?? 0) + gapFillClosedLogs(ctx, deadline),
})

/**
 * After each tenant-local day (and after the forgotten clock-outs of the day were closed): the
 * day's worked time per person is recounted from the raw time logs and breaks. Every write keeps
 * it current already; this closes the day on the raw rows whatever wrote them.
 */
export const personDaysJob = defineJob({
  name: 'time_tracking.person_days',
  description:
    "Recounts a finished tenant-local day's worked time per person (person_day_totals: closed logs that clocked in that day, net of unpaid breaks) from the raw time logs and breaks. `--date D` recounts one day.",
  each: { tenantDay: { dueAt: '00:10' } },
  run: (ctx, date) => inTransaction(ctx, (c) => settlePersonDays(c) + rebuildPersonDay(c, date)),
})

export const timeTrackingJobs = [gapFillJob, personDaysJob]
