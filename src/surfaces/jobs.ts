import type { Runtime } from '../runtime'
import { JOBS } from './registry'

/** A scheduled job declared as data beside its module (see src/modules/<module>/jobs.ts). */
export interface JobDefinition {
  name: string
  /** croner pattern (seconds field first); croner only ticks, the database says what is due. */
  pattern: string
  description: string
  run(rt: Runtime, now: number): Promise<void> | void
  /**
   * Optional: called once when jobs start, e.g. to run the job at once when this process writes
   * new work (webhook events). Returns what to call when jobs stop.
   */
  start?(rt: Runtime): (() => Promise<void> | void) | void
}

export interface JobScheduler {
  stop(): Promise<void>
}

/** Starts croner ticks for every job. The only file that imports croner. */
export async function startJobs(rt: Runtime, jobs: JobDefinition[] = JOBS): Promise<JobScheduler> {
  const { Cron } = await import('croner')
  const running = new Set<Promise<void>>()
  const crons = jobs.map(
    (job) =>
      new Cron(job.pattern, { name: job.name, protect: true, timezone: 'UTC', catch: (e) => rt.log.error('job failed', { job: job.name, error: String(e) }) }, async () => {
        const p = Promise.resolve(job.run(rt, Date.now()))
        running.add(p)
        try {
          await p
        } finally {
          running.delete(p)
        }
      }),
  )
  const stoppers = jobs.map((job) => job.start?.(rt)).filter((s) => typeof s === 'function')
  return {
    async stop() {
      for (const c of crons) c.stop()
      await Promise.allSettled([...stoppers.map((s) => s()), ...running])
    },
  }
}
