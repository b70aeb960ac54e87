import { isTenantDayJob, type GlobalJob, type Job, type JobOutcome, type TenantDayJob, type TenantJob } from '../../kernel/job'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { systemCtxFor, type Runtime } from '../../kernel/runtime'
import { findTenantCtx, listTenants, type TenantRow } from '../tenants/queries'
import { acquireLease, recordTick, releaseLease } from './queries'
import { runTenantDays, type TenantOutcome } from './tenant-daily'

/** A lease outlives any sane tick; a crashed holder's lease lapses and another process takes over. */
export const LEASE_TTL_MS = 10 * 60_000

/** Operator overrides (`workforce jobs run NAME --tenant T --date D`). */
export interface JobRunOptions {
  /** Only this tenant (jobs run per tenant or tenant-day). */
  tenantId?: number
  /** This tenant-local date, even if done (jobs run per tenant-day only). */
  date?: string
}

export interface TickResult {
  ran: boolean
  outcome: JobOutcome | null
  error: string | null
}

/**
 * Runs one tick of a job under its database lease: if another process holds the lease the tick
 * is skipped. Records last run, next run and last error for `workforce jobs`.
 */
export async function runJobTick(
  rt: Runtime,
  job: Job,
  now: number,
  nextRun: (from: number) => number | null,
  options: JobRunOptions = {},
): Promise<TickResult> {
  if (!acquireLease(rt.db, job.name, rt.instanceId, now, LEASE_TTL_MS)) return { ran: false, outcome: null, error: null }
  let outcome: JobOutcome | null = null
  let error: string | null = null
  try {
    outcome = await runJob(rt, job, now, options)
    error = outcome?.error ?? null
  } catch (e) {
    error = e instanceof Error ? e.message : String(e)
    rt.log.error('job failed', { job: job.name, error: e instanceof Error ? e.stack : error })
  } finally {
    recordTick(rt.db, job.name, { lastRunAt: now, nextRunAt: nextRun(now), lastError: error })
    releaseLease(rt.db, job.name, rt.instanceId)
  }
  return { ran: true, outcome, error }
}

/** Why `options` do not apply to `job`, or null: a date only means something to tenant-day jobs. */
export function refusedRunOption(job: Job, options: JobRunOptions): string | null {
  if (options.date === undefined || isTenantDayJob(job)) return null
  return `--date applies to jobs run per tenant-day; ${job.name} runs ${job.each === 'global' ? 'once' : 'for each tenant'} at every tick`
}

/** One tick of `job` at `now`, over what its `each` names. */
function runJob(rt: Runtime, job: Job, now: number, options: JobRunOptions): Promise<JobOutcome | null> {
  if (job.each === 'global') return runGlobal(rt, job, now)
  if (job.each === 'tenant') return runPerTenant(rt, job, now, options)
  return runPerTenantDay(rt, job, now, options)
}

async function runGlobal(rt: Runtime, job: GlobalJob, now: number): Promise<JobOutcome | null> {
  return (await job.run(rt, { now })) ?? null
}

function runPerTenant(rt: Runtime, job: TenantJob, now: number, options: JobRunOptions): Promise<JobOutcome> {
  // One budget for the whole tick: work left over waits for the next one.
  const deadline = performance.now() + (job.budgetMs ?? Infinity)
  return forEachTenant(rt, job, now, options, async (ctx) => ({ processed: await job.run(ctx, { deadline }), errors: [] }))
}

function runPerTenantDay(rt: Runtime, job: TenantDayJob, now: number, options: JobRunOptions): Promise<JobOutcome> {
  return forEachTenant(rt, job, now, options, (ctx, tenant) => runTenantDays(ctx, job, tenant, options.date))
}

/**
 * Runs `work` for each live tenant (or the one of `options.tenantId`) with the system context
 * bound to it at `now`. A failing tenant does not stop the others: the failures, joined, are the
 * tick's error and so the job's last error.
 */
async function forEachTenant(
  rt: Runtime,
  job: Job,
  now: number,
  options: JobRunOptions,
  work: (ctx: TenantBoundCtx, tenant: TenantRow) => Promise<TenantOutcome>,
): Promise<JobOutcome> {
  let processed = 0
  const errors: string[] = []
  for (const tenant of listTenants(rt.db)) {
    if (options.tenantId !== undefined && tenant.id !== options.tenantId) continue
    const tenantCtx = findTenantCtx(rt.db, tenant.id)
    if (!tenantCtx) continue
    try {
      const outcome = await work(systemCtxFor(rt, tenantCtx, { surface: 'job', now }), tenant)
      processed += outcome.processed
      errors.push(...outcome.errors)
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e)
      rt.log.error('tenant job failed', { job: job.name, tenant: tenant.readableId, error })
      errors.push(`${tenant.readableId}: ${error}`)
    }
  }
  return { processed, error: errors.length ? errors.join('; ') : null }
}
