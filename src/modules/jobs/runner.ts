import { isTenantDayJob, type GlobalJob, type Job, type JobOutcome, type TenantDayJob, type TenantJob } from '../../kernel/job'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { metrics } from '../../kernel/metrics'
import { systemCtxFor, type Runtime } from '../../kernel/runtime'
import { addDays, localDate, zonedTimeToInstant } from '../../kernel/time'
import { findTenantById, findTenantCtx, listTenants, type TenantRow } from '../tenants/queries'
import { acquireLease, findRun, recordTick, releaseLease, saveRun, succeededKeys } from './queries'

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
  const started = performance.now()
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
  const ms = Math.round((performance.now() - started) * 10) / 10
  metrics.jobRun(job.name, error ? 'failed' : 'succeeded', ms / 1000, now)
  // A tick that did work or failed is logged at info; an idle one (most ticks of frequent jobs) at debug.
  rt.log[error || outcome?.processed ? 'info' : 'debug']('job run', {
    job: job.name,
    outcome: error ? 'failed' : 'succeeded',
    processed: outcome?.processed ?? 0,
    ms,
    ...(error ? { error } : {}),
  })
  return { ran: true, outcome, error }
}

/**
 * "Run now" from a tenant's admin (the console's Scheduled jobs page): one tick of a per-tenant or
 * per-tenant-day job for that tenant only, under the job's lease like every tick, with the system
 * actor bound to the tenant (as jobs run). The job's global last run, next run and last error stay
 * those of the scheduler's ticks (other tenants did not run); tenant-day runs are recorded in
 * job_runs as usual.
 */
export async function runJobForTenant(ctx: TenantBoundCtx, job: TenantJob | TenantDayJob, holder: string): Promise<TickResult> {
  if (!acquireLease(ctx.db, job.name, holder, ctx.now, LEASE_TTL_MS)) return { ran: false, outcome: null, error: null }
  try {
    const tenant = findTenantById(ctx.db, ctx.tenant.id)
    if (!tenant) return { ran: true, outcome: null, error: 'The company no longer exists.' }
    const jobCtx: TenantBoundCtx = { ...ctx, actor: { kind: 'system', role: 'owner_admin', userId: null }, surface: 'job' }
    let result: TenantOutcome
    try {
      result = isTenantDayJob(job)
        ? await runTenantDays(jobCtx, job, tenant)
        : { processed: await job.run(jobCtx, { deadline: performance.now() + (job.budgetMs ?? Infinity) }), errors: [] }
    } catch (e) {
      result = { processed: 0, errors: [e instanceof Error ? e.message : String(e)] }
    }
    const error = result.errors.length ? result.errors.join('; ') : null
    ctx.log.info('job run now', { job: job.name, tenant: ctx.tenant.readableId, processed: result.processed, ...(error ? { error } : {}) })
    return { ran: true, outcome: { processed: result.processed, error }, error }
  } finally {
    releaseLease(ctx.db, job.name, holder)
  }
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
interface TenantOutcome {
  processed: number
  /** One line per failure, "READABLE-ID: message" or, per tenant-day, "READABLE-ID YYYY-MM-DD: message". */
  errors: string[]
}

/**
 * Runs the days of one tenant that are due at ctx.now (or the operator's `date`, even if done)
 * and records each in job_runs. A failed day does not stop the others; having no success
 * recorded, it is retried at the next tick.
 */
async function runTenantDays(ctx: TenantBoundCtx, job: TenantDayJob, tenant: Pick<TenantRow, 'createdAt'>, date?: string): Promise<TenantOutcome> {
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
