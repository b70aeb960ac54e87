import type { JobDefinition, JobOutcome, JobRunOptions } from '../../kernel/job'
import type { Runtime } from '../../runtime'
import { acquireLease, recordTick, releaseLease } from './queries'

/** A lease outlives any sane tick; a crashed holder's lease lapses and another process takes over. */
export const LEASE_TTL_MS = 10 * 60_000

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
  job: JobDefinition,
  now: number,
  nextRun: (from: number) => number | null,
  options?: JobRunOptions,
): Promise<TickResult> {
  if (!acquireLease(rt.db, job.name, rt.instanceId, now, LEASE_TTL_MS)) return { ran: false, outcome: null, error: null }
  let outcome: JobOutcome | null = null
  let error: string | null = null
  try {
    outcome = (await job.run(rt, now, options)) ?? null
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
