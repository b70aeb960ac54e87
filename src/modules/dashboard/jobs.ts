import { defineJob } from '../../kernel/job'
import { inTransaction } from '../../kernel/db'
import { emitAll } from '../webhooks/outbox-queries'
import { detectOvertime } from './overtime'
import { WORKLOAD_ALERTS_JOB, storeWorkloadAlerts } from './workload-store'

/**
 * After each tenant-local day: stores its workload alerts (what get_workload_alerts answers for
 * past dates) and emits overtime.detected. The alerts are refreshed by a rerun; overtime.detected
 * is sent by the first successful run of a day only, so each user-day is announced once.
 */
export const workloadAlertsJob = defineJob({
  name: WORKLOAD_ALERTS_JOB,
  description:
    'Stores the workload alerts of each tenant-local day (unusual hours, not clocked in against the schedule, timesheet gaps, overtime by the one rule of overtime.ts on hours net of breaks) and emits overtime.detected once per user-day.',
  each: { tenantDay: { dueAt: '00:20' } },
  run: (ctx, date, { rerun }) =>
    inTransaction(ctx, (c) => {
      const changed = storeWorkloadAlerts(c, date)
      return rerun ? changed : changed + emitAll(c, detectOvertime(c, date))
    }),
})

export const dashboardJobs = [workloadAlertsJob]
