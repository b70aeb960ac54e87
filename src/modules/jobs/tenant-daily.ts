import { defineJob, type JobDefinition } from '../../kernel/job'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { addDays, localDate, zonedTimeToInstant } from '../../kernel/time'
import { systemCtx, type Runtime } from '../../runtime'
import { findTenantCtx, listTenants, type TenantRow } from '../tenants/queries'
import { saveRun, succeededKeys } from './queries'

export interface TenantDailyJobSpec {
  name: string
  description: string
  /** Local wall-clock time on day D + dueDaysAfter from which day D's run is due (e.g. '00:15'). */
  dueAtLocalTime: string
  /** Days after D on which D's run falls due: 1 (the next day, default), 2 after a grace day… */
  dueDaysAfter?: number
  /** How many past local days a tick looks back for missed runs (downtime catch-up). */
  catchUpDays?: number
  /** Does one tenant-local day; idempotent; returns the units of work done. */
  runForDay(ctx: TenantBoundCtx, date: string): number | Promise<number>
}

/**
 * The local dates of a tenant whose run is due at `now` and not yet done. Keyed by local date,
 * so a day runs once whatever DST does to its length; days before the tenant existed are skipped.
 * A tick looks back `catchUpDays` days past the latest due date.
 */
export function dueDates(
  tenant: Pick<TenantRow, 'timezone' | 'createdAt'>,
  now: number,
  catchUpDays: number,
  dueAtLocalTime: string,
  done: Set<string>,
  dueDaysAfter = 1,
): string[] {
  const today = localDate(now, tenant.timezone)
  const firstDay = localDate(tenant.createdAt, tenant.timezone)
  const dates: string[] = []
  for (let k = catchUpDays + dueDaysAfter - 1; k >= dueDaysAfter; k--) {
    const date = addDays(today, -k)
    if (date < firstDay || done.has(date)) continue
    if (zonedTimeToInstant(addDays(date, dueDaysAfter), dueAtLocalTime, tenant.timezone) <= now) dates.push(date)
  }
  return dates
}

/** A job that runs once per tenant and tenant-local day, catching up after downtime. */
export function defineTenantDailyJob(spec: TenantDailyJobSpec): JobDefinition {
  const catchUpDays = spec.catchUpDays ?? 7
  const delay = spec.dueDaysAfter ?? 1
  return defineJob({
    name: spec.name,
    perTenantDay: true,
    pattern: '0 */5 * * * *',
    description: spec.description,
    async run(rt, now, options) {
      let processed = 0
      const errors: string[] = []
      for (const tenant of listTenants(rt.db)) {
        if (options?.tenantId !== undefined && tenant.id !== options.tenantId) continue
        const done = succeededKeys(rt.db, spec.name, tenant.id, addDays(localDate(now, tenant.timezone), -catchUpDays - delay))
        const dates = options?.date ? [options.date] : dueDates(tenant, now, catchUpDays, spec.dueAtLocalTime, done, delay)
        for (const date of dates) {
          const error = await runTenantDay(rt, spec, tenant.id, date, now)
          if (error === null) processed++
          else errors.push(`${tenant.readableId} ${date}: ${error}`)
        }
      }
      // Other tenant-days went on; the failed ones are retried at the next tick (no success recorded).
      return { processed, error: errors.length ? errors.join('; ') : null }
    },
  })
}

/** Runs one tenant-day and records it; returns the error message of a failed run, else null. */
async function runTenantDay(rt: Runtime, spec: TenantDailyJobSpec, tenantId: number, date: string, now: number): Promise<string | null> {
  const tenant = findTenantCtx(rt.db, tenantId)
  if (!tenant) return null
  const ctx = systemCtx(rt, tenant, 'job', now) as TenantBoundCtx
  const startedAt = performance.now()
  try {
    const items = await spec.runForDay(ctx, date)
    saveRun(rt.db, { jobName: spec.name, tenantId, runKey: date, status: 'succeeded', startedAt: now, finishedAt: now + Math.round(performance.now() - startedAt), itemsProcessed: items, error: null })
    return null
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e)
    rt.log.error('tenant-day job failed', { job: spec.name, tenant: tenant.readableId, date, error })
    saveRun(rt.db, { jobName: spec.name, tenantId, runKey: date, status: 'failed', startedAt: now, finishedAt: now, itemsProcessed: 0, error })
    return error
  }
}
