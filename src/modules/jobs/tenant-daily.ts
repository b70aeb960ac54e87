import { defineJob, type JobDefinition } from '../../kernel/job'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { addDays, localDate, zonedTimeToInstant } from '../../kernel/time'
import { systemCtx, type Runtime } from '../../runtime'
import { findTenantCtx, listTenants, type TenantRow } from '../tenants/queries'
import { saveRun, succeededKeys } from './queries'

export interface TenantDailyJobSpec {
  name: string
  description: string
  /** Local wall-clock time on day D+1 from which day D's run is due (e.g. '00:15'). */
  dueAtLocalTime: string
  /** How many past local days a tick looks back for missed runs (downtime catch-up). */
  catchUpDays?: number
  /** Does one tenant-local day; idempotent; returns the units of work done. */
  runForDay(ctx: TenantBoundCtx, date: string): number | Promise<number>
}

/**
 * The local dates of a tenant whose run is due at `now` and not yet done. Keyed by local date,
 * so a day runs once whatever DST does to its length; days before the tenant existed are skipped.
 */
export function dueDates(tenant: Pick<TenantRow, 'timezone' | 'createdAt'>, now: number, catchUpDays: number, dueAtLocalTime: string, done: Set<string>): string[] {
  const today = localDate(now, tenant.timezone)
  const firstDay = localDate(tenant.createdAt, tenant.timezone)
  const dates: string[] = []
  for (let k = catchUpDays; k >= 1; k--) {
    const date = addDays(today, -k)
    if (date < firstDay || done.has(date)) continue
    if (zonedTimeToInstant(addDays(date, 1), dueAtLocalTime, tenant.timezone) <= now) dates.push(date)
  }
  return dates
}

/** A job that runs once per tenant and tenant-local day, catching up after downtime. */
export function defineTenantDailyJob(spec: TenantDailyJobSpec): JobDefinition {
  const catchUpDays = spec.catchUpDays ?? 7
  return defineJob({
    name: spec.name,
    pattern: '0 */5 * * * *',
    description: spec.description,
    async run(rt, now, options) {
      let processed = 0
      for (const tenant of listTenants(rt.db)) {
        if (options?.tenantId !== undefined && tenant.id !== options.tenantId) continue
        const done = succeededKeys(rt.db, spec.name, tenant.id, addDays(localDate(now, tenant.timezone), -catchUpDays - 1))
        const dates = options?.date ? [options.date] : dueDates(tenant, now, catchUpDays, spec.dueAtLocalTime, done)
        for (const date of dates) processed += await runTenantDay(rt, spec, tenant.id, date, now)
      }
      return { processed }
    },
  })
}

async function runTenantDay(rt: Runtime, spec: TenantDailyJobSpec, tenantId: number, date: string, now: number): Promise<number> {
  const tenant = findTenantCtx(rt.db, tenantId)
  if (!tenant) return 0
  const ctx = systemCtx(rt, tenant, 'job', now) as TenantBoundCtx
  const startedAt = performance.now()
  try {
    const items = await spec.runForDay(ctx, date)
    saveRun(rt.db, { jobName: spec.name, tenantId, runKey: date, status: 'succeeded', startedAt: now, finishedAt: now + Math.round(performance.now() - startedAt), itemsProcessed: items, error: null })
    return 1
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e)
    rt.log.error('tenant-day job failed', { job: spec.name, tenant: tenant.readableId, date, error })
    saveRun(rt.db, { jobName: spec.name, tenantId, runKey: date, status: 'failed', startedAt: now, finishedAt: now, itemsProcessed: 0, error })
    return 0
  }
}
