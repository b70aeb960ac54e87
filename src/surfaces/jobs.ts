import type { Runtime } from '../runtime'
import { Cron } from 'croner'
import type { Job } from '../kernel/job'
import { runJobTick } from '../modules/jobs/runner'
import { JOBS } from './registry'

export interface JobScheduler {
  stop(): Promise<void>
}

/** Starts croner ticks for every job. The only file that imports croner. */
export async function startJobs(rt: Runtime, jobs: readonly Job[] = JOBS): Promise<JobScheduler> {
  const running = new Set<Promise<void>>()
  const crons = jobs.map(
    (job) =>
      new Cron(
        job.pattern,
        { name: job.name, protect: true, timezone: 'UTC', catch: (e) => rt.log.error('job failed', { job: job.name, error: String(e) }) },
        async () => {
          const p = runJobTick(rt, job, Date.now(), (t) => nextRunAfter(job.pattern, t)).then(() => undefined)
          running.add(p)
          try {
            await p
          } finally {
            running.delete(p)
          }
        },
      ),
  )
  const stoppers = jobs.map((job) => (job.each === 'global' ? job.start?.(rt) : undefined)).filter((s) => typeof s === 'function')
  return {
    async stop() {
      for (const c of crons) c.stop()
      await Promise.allSettled([...stoppers.map((s) => s()), ...running])
    },
  }
}

/** When a croner pattern (UTC) fires next after `from` (ms), or null. */
export function nextRunAfter(pattern: string, from: number): number | null {
  const next = new Cron(pattern, { timezone: 'UTC', paused: true }).nextRun(new Date(from))
  return next ? next.getTime() : null
}
