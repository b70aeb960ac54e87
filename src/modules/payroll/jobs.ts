import { defineJob } from '../../kernel/job'
import { systemCtxFor } from '../../kernel/runtime'
import { MINUTE } from '../../kernel/time'
import { findTenantCtx } from '../tenants/queries'
import { processPayRun } from './pay-run-export'
import { listUnfinishedPayRuns } from './queries'
import { closePayrollPeriod } from './close-period'

/** A pay run still processing after this long was abandoned by a stopped process. */
const STALE_AFTER_MS = 10 * MINUTE

/**
 * Resumes pay-run exports that a restart interrupted (queued, or stuck in processing). Global:
 * one query finds the unfinished runs of every tenant, which are few and usually none.
 */
export const resumePayRuns = defineJob({
  name: 'payroll.pay-runs',
  pattern: '*/10 * * * * *',
  description: 'Produces the CSV of pay runs still queued (the request schedules them at once; this catches up after a restart).',
  each: 'global',
  run(rt, { now }) {
    for (const run of listUnfinishedPayRuns(rt.db, now - STALE_AFTER_MS)) {
      const tenant = findTenantCtx(rt.db, run.tenantId)
      if (!tenant) continue
      // A queued run younger than a few seconds is being exported by its request right now.
      if (run.status === 'queued' && now - run.requestedAt < 5000) continue
      processPayRun(systemCtxFor(rt, tenant, { surface: 'job', now }), run.id, ['queued', 'processing'])
    }
  },
})

/**
 * Run for each tenant-local date, acting on the last date of each pay period: the day after the
 * period is a grace day (late submissions, approvals); at 01:00 local on the second day the
 * payroll period is closed, after timesheets.auto_generate (00:05) made the missing timesheets.
 */
export const closePayrollPeriodsJob = defineJob({
  name: 'payroll.period_close',
  description:
    'After each pay period and a grace day, closes its payroll period (created closed if missing) and emits payroll.period_closed with the approved hours.',
  each: { tenantDay: { dueAt: '01:00', dueDaysAfter: 2 } },
  run: (ctx, date) => closePayrollPeriod(ctx, date),
})

export const payrollJobs = [resumePayRuns, closePayrollPeriodsJob]
