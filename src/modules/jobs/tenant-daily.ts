import type { TenantDayJob } from '../../kernel/job'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { addDays, localDate, zonedTimeToInstant } from '../../kernel/time'
import type { TenantRow } from '../tenants/queries'
import { findRun, saveRun, succeededKeys } from './queries'

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

/** What a tick did for one tenant. */
export interface TenantOutcome {
  processed: number
  /** One line per failure, "READABLE-ID: message" or, per tenant-day, "READABLE-ID YYYY-MM-DD: message". */
  errors: string[]
}

/**
 * Runs the days of one tenant that are due at ctx.now (or the operator's `date`, even if done)
 * and records each in job_runs. A failed day does not stop the others; having no success
 * recorded, it is retried at the next tick.
 */
export async function runTenantDays(ctx: TenantBoundCtx, job: TenantDayJob, tenant: Pick<TenantRow, 'createdAt'>, date?: string): Promise<TenantOutcome> {
  const outcome: TenantOutcome = { processed: 0, errors: [] }
  for (const day of date ? [{ date, rerun: succeededOn(ctx, job.name, date) }] : dueDays(ctx, job, tenant.createdAt)) {
    const error = await runTenantDay(ctx, job, day.date, day.rerun)
    if (error === null) outcome.processed++
    else outcome.errors.push(`${ctx.tenant.readableId} ${day.date}: ${error}`)
  }
  return outcome
}

/** The tenant's days due at ctx.now and not done yet, within the job's look-back window. */
function dueDays(ctx: TenantBoundCtx, job: TenantDayJob, createdAt: number): { date: string; rerun: false }[] {
  const { dueAt, dueDaysAfter = 1, catchUpDays = 7 } = job.each.tenantDay
  const windowStart = addDays(localDate(ctx.now, ctx.tenant.timezone), -catchUpDays - dueDaysAfter)
  const done = succeededKeys(ctx.db, job.name, ctx.tenant.id, windowStart)
  return dueDates({ timezone: ctx.tenant.timezone, createdAt }, ctx.now, catchUpDays, dueAt, done, dueDaysAfter).map((date) => ({ date, rerun: false }))
}

const succeededOn = (ctx: TenantBoundCtx, jobName: string, date: string): boolean => findRun(ctx.db, jobName, ctx.tenant.id, date)?.status === 'succeeded'

/** Runs one tenant-day and records it; returns the error message of a failed run, else null. */
async function runTenantDay(ctx: TenantBoundCtx, job: TenantDayJob, date: string, rerun: boolean): Promise<string | null> {
  const record = { jobName: job.name, tenantId: ctx.tenant.id, runKey: date, startedAt: ctx.now }
  const startedAt = performance.now()
  try {
    const items = await job.run(ctx, date, { rerun })
    saveRun(ctx.db, { ...record, status: 'succeeded', finishedAt: ctx.now + Math.round(performance.now() - startedAt), itemsProcessed: items, error: null })
    return null
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e)
    ctx.log.error('tenant-day job failed', { job: job.name, tenant: ctx.tenant.readableId, date, error })
    saveRun(ctx.db, { ...record, status: 'failed', finishedAt: ctx.now, itemsProcessed: 0, error })
    return error
  }
}
