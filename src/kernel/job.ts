import type { TenantBoundCtx } from './ctx'
import type { Runtime } from './runtime'

/**
 * A scheduled job declared as data beside its module (src/modules/<module>/jobs.ts), in one shape:
 * `defineJob({ name, pattern, description, each, run })`. croner only ticks; what is due lives in
 * the database, so `run` works out its own work from the clock it is given. `each` says what one
 * run is for, and the runner (src/modules/jobs/runner.ts) owns the loop over it: tenants, tenant
 * days and their catch-up, the operator's `--tenant`/`--date` filters, contexts and errors.
 */
export type Job = GlobalJob | TenantJob | TenantDayJob

interface JobInfo {
  name: string
  /** croner pattern, seconds field first, evaluated in UTC. */
  pattern: string
  description: string
}

/** Runs once per tick over the whole database (queues that span tenants: deliveries, emails). */
export interface GlobalJob extends JobInfo {
  each: 'global'
  run(rt: Runtime, tick: { now: number }): Promise<JobOutcome | undefined> | JobOutcome | undefined
  /**
   * Optional, server only: called once when the scheduler starts, e.g. to run the job at once
   * when this process writes new work (webhook events). Returns what to call when jobs stop.
   */
  start?(rt: Runtime): (() => Promise<void> | void) | void
}

/** Runs once per tick for each tenant, with the system context bound to it. */
export interface TenantJob extends JobInfo {
  each: 'tenant'
  /** Wall time one tick may spend over all tenants; `run` stops its batches at `deadline`. */
  budgetMs?: number
  /** Returns the units of work done. `deadline` is on the `performance.now()` clock. */
  run(ctx: TenantBoundCtx, tick: { deadline: number }): Promise<number> | number
}

/** When a tenant's local day D falls due: at `dueAt` local time on day D + `dueDaysAfter`. */
export interface TenantDaySchedule {
  /** Local wall-clock time, e.g. '00:15'. */
  dueAt: string
  /** 1 (the next day, default), 2 after a grace day… */
  dueDaysAfter?: number
  /** How many past local days a tick looks back for missed runs (downtime catch-up), 7 by default. */
  catchUpDays?: number
}

/**
 * Runs once per tenant and tenant-local date, when that date falls due; the runner records each
 * tenant-day in job_runs so it runs once whatever DST does, and catches up after downtime.
 */
export interface TenantDayJob extends JobInfo {
  each: { tenantDay: TenantDaySchedule }
  /**
   * Does one tenant-local day; idempotent; returns the units of work done. `rerun` is true when
   * the day already succeeded (an operator's `--date`): what must happen once is not repeated.
   */
  run(ctx: TenantBoundCtx, date: string, day: { rerun: boolean }): Promise<number> | number
}

/** Tenant-day jobs tick every 5 minutes unless they say otherwise: a due day waits at most that. */
type TenantDayJobSpec = Omit<TenantDayJob, 'pattern'> & { pattern?: string }

export interface JobOutcome {
  /** Units of work done (tenant-days, deliveries, rows…), for `workforce jobs` and logs. */
  processed: number
  /**
   * Set when part of the tick failed while the rest went on (one tenant of many): recorded as
   * the job's last error, so `workforce jobs` does not say "ok" over a failing tenant.
   */
  error?: string | null
}

export function defineJob(job: GlobalJob): GlobalJob
export function defineJob(job: TenantJob): TenantJob
export function defineJob(job: TenantDayJobSpec): TenantDayJob
export function defineJob(job: GlobalJob | TenantJob | TenantDayJobSpec): Job {
  if (job.each === 'global' || job.each === 'tenant') return job
  return { ...job, pattern: job.pattern ?? '0 */5 * * * *' }
}

export const isTenantDayJob = (job: Job): job is TenantDayJob => job.each !== 'global' && job.each !== 'tenant'
