import type { TenantBoundCtx, TenantScope } from '../../kernel/ctx'
import { findRun } from '../jobs/queries'
import { userLabels } from '../users/queries'
import { computeWorkloadAlerts, sortAlerts, type AlertDetails, type WorkloadAlert } from './workload-alerts'
import { deleteAlerts, insertAlert, storedAlertsComputedAt, storedAlertsOn, updateAlert } from './workload-alert-queries'

/** The job that stores each tenant-local day's alerts (src/modules/dashboard/jobs.ts). */
export const WORKLOAD_ALERTS_JOB = 'dashboard.workload_alerts'

const keyOf = (a: { userId: string; kind: string }) => `${a.userId}:${a.kind}`

/**
 * Stores the workload alerts of a tenant-local date as computeWorkloadAlerts sees them now: new
 * ones inserted, changed ones rewritten, vanished ones deleted, unchanged rows left as they are
 * (so a rerun on unchanged data writes nothing). Call inside a transaction; returns rows changed.
 */
export function storeWorkloadAlerts(ctx: TenantScope, date: string): number {
  const stored = new Map(storedAlertsOn(ctx, date, null).map((r) => [keyOf(r), r]))
  const seen = new Set<string>()
  let changes = 0
  for (const a of computeWorkloadAlerts(ctx, date)) {
    const key = keyOf(a)
    // One row per user, date and kind (the table's unique key); alerts come most severe first.
    if (seen.has(key)) continue
    seen.add(key)
    const values = { severity: a.severity, message: a.message, details: { ...a.details } as Record<string, unknown> }
    const row = stored.get(key)
    if (!row) insertAlert(ctx, date, { userId: a.userId, kind: a.kind, ...values })
    else if (row.severity !== a.severity || row.message !== a.message || JSON.stringify(row.details) !== JSON.stringify(values.details))
      updateAlert(ctx, row.id, values)
    else continue
    changes++
  }
  const gone = [...stored.values()].filter((r) => !seen.has(keyOf(r))).map((r) => r.id)
  deleteAlerts(ctx, gone)
  return changes + gone.length
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null)
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

/** Stored details in the tool's shape (rows written by the demo seed use camelCase keys). */
function toAlertDetails(d: Record<string, unknown>): AlertDetails {
  const missing = d.missing_dates ?? d.missingDates
  return {
    hours_worked: num(d.hours_worked ?? d.hoursWorked),
    threshold_hours: num(d.threshold_hours ?? d.thresholdHours),
    scheduled_start: str(d.scheduled_start ?? d.scheduledStart),
    week_hours: num(d.week_hours ?? d.weekHours),
    contracted_weekly_hours: num(d.contracted_weekly_hours ?? d.contractHours),
    missing_dates: Array.isArray(missing) ? missing.filter((m): m is string => typeof m === 'string') : [],
  }
}

/**
 * The alerts stored for a date, in get_workload_alerts order, for these users (all when null),
 * with the time they were computed; null when the date was never computed (then callers compute
 * live). A date the job ran for with nothing to report answers an empty list, not null.
 */
export function readStoredWorkloadAlerts(ctx: TenantBoundCtx, date: string, userIds: string[] | null): { alerts: WorkloadAlert[]; asOf: number } | null {
  const run = findRun(ctx.db, WORKLOAD_ALERTS_JOB, ctx.tenant.id, date)
  const computedAt = storedAlertsComputedAt(ctx, date)
  const ran = run?.status === 'succeeded'
  if (!ran && computedAt === null) return null
  const rows = storedAlertsOn(ctx, date, userIds)
  const people = userLabels(
    ctx,
    rows.map((r) => r.userId),
  )
  const alerts = rows.flatMap((r) => {
    const userName = people.get(r.userId)?.name
    return userName === undefined
      ? []
      : [{ userId: r.userId, userName, date: r.date, kind: r.kind, severity: r.severity, message: r.message, details: toAlertDetails(r.details) }]
  })
  return { alerts: sortAlerts(alerts), asOf: Math.max(ran ? run.startedAt : 0, computedAt ?? 0) }
}
