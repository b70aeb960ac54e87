import type { Runtime } from '../runtime'

/**
 * A scheduled job declared as data beside its module (src/modules/<module>/jobs.ts). croner only
 * ticks; what is due lives in the database, so `run` must work out its own work from `now`.
 */
export interface JobDefinition {
  name: string
  /** croner pattern, seconds field first, evaluated in UTC. */
  pattern: string
  description: string
  run(rt: Runtime, now: number, options?: JobRunOptions): Promise<JobOutcome | void> | JobOutcome | void
  /**
   * Optional, server only: called once when the scheduler starts, e.g. to run the job at once
   * when this process writes new work (webhook events). Returns what to call when jobs stop.
   */
  start?(rt: Runtime): (() => Promise<void> | void) | void
  /** Set on jobs that run once per tenant and tenant-local date (defineTenantDailyJob). */
  perTenantDay?: true
}

/** Operator overrides (`workforce jobs run NAME --tenant T --date D`). */
export interface JobRunOptions {
  tenantId?: number
  date?: string
}

export interface JobOutcome {
  /** Units of work done (tenant-days, deliveries, rows…), for `workforce jobs` and logs. */
  processed: number
  /**
   * Set when part of the tick failed while the rest went on (one tenant-day of many): recorded as
   * the job's last error, so `workforce jobs` does not say "ok" over a failing tenant.
   */
  error?: string | null
}

export const defineJob = (job: JobDefinition): JobDefinition => job
