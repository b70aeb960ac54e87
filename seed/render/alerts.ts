import type { DbLike } from '../../src/kernel/db'
import { MINUTE, addDays } from '../../src/kernel/time'
import { detectOvertime } from '../../src/modules/dashboard/overtime'
import { computeWorkloadAlerts } from '../../src/modules/dashboard/workload-alerts'
import { flushAll, type SeedEnv } from '../env'
import { emit } from '../events'

/** Local time after each day at which the nightly job dashboard.workload_alerts runs (its dueAt). */
const JOB_RUNS_AT = 20 * MINUTE

/**
 * Workload alerts and overtime.detected of the seeded past days, computed by the product's own
 * rules (computeWorkloadAlerts and detectOvertime of src/modules/dashboard) over the rows the
 * generator wrote, as the nightly job dashboard.workload_alerts would have stored and emitted them
 * when each day ended: a rerun of the job for a seeded day finds nothing to change. Reads the
 * database, so the history is flushed first; ids come from the seed's stream (deterministic).
 */
export function writeWorkloadAlerts(env: SeedEnv, db: DbLike): void {
  flushAll(env.w)
  for (const date of env.days) {
    if (date >= env.today) break
    const ranAt = Math.min(env.cal.midnight(addDays(date, 1)) + JOB_RUNS_AT, env.now)
    const scope = { tenant: { id: env.tenantId, timezone: env.tz }, db, now: ranAt }
    // One row per user, date and kind, the first (most severe) one: what storeWorkloadAlerts keeps.
    const seen = new Set<string>()
    for (const a of computeWorkloadAlerts(scope, date)) {
      const key = `${a.userId}:${a.kind}`
      if (seen.has(key)) continue
      seen.add(key)
      env.w.alerts.add({
        id: env.ids.uuid(),
        tenantId: env.tenantId,
        userId: a.userId,
        date,
        kind: a.kind,
        severity: a.severity,
        message: a.message,
        details: { ...a.details } as Record<string, unknown>,
        createdAt: ranAt,
      })
    }
    for (const e of detectOvertime(scope, date)) emit(env, e.type, e.data, ranAt)
  }
}
