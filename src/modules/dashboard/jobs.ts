import { transaction } from '../../kernel/db'
import { withDb } from '../../kernel/ctx'
import { findRun } from '../jobs/queries'
import { defineTenantDailyJob } from '../jobs/tenant-daily'
import { emitAll } from '../webhooks/queries'
import { detectOvertime } from './overtime'
import { WORKLOAD_ALERTS_JOB, storeWorkloadAlerts } from './workload-store'

/**
 * After each tenant-local day: stores its workload alerts (what get_workload_alerts answers for
 * past dates) and emits overtime.detected. The alerts are refreshed by a rerun; overtime.detected
 * is sent by the first successful run of a day only, so each user-day is announced once.
 */
export const workloadAlertsJob = defineTenantDailyJob({
  name: WORKLOAD_ALERTS_JOB,
  description:
    'Stores the workload alerts of each tenant-local day (unusual hours, not clocked in against the schedule, timesheet gaps, week over contract) and emits overtime.detected once per user-day over schedule.',
  dueAtLocalTime: '00:20',
  runForDay: (ctx, date) =>
    transaction(ctx.db, (tx) => {
      const c = withDb(ctx, tx)
      const changed = storeWorkloadAlerts(c, date)
      if (findRun(tx, WORKLOAD_ALERTS_JOB, ctx.tenant.id, date)?.status === 'succeeded') return changed
      return changed + emitAll(c, detectOvertime(c, date))
    }),
})

export const dashboardJobs = [workloadAlertsJob]
