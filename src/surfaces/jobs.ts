import type { Runtime } from '../runtime'
import { Cron as CronPattern } from 'croner'
import { JOBS } from './registry'

import type { JobDefinition } from '../kernel/job'
import { runJobTick } from '../modules/jobs/runner'

export type { JobDefinition } from '../kernel/job'

export interface JobScheduler {
  stop(): Promise<void>
}

/** Starts croner ticks for every job. The only file that imports croner. */
export async function startJobs(rt: Runtime, jobs: JobDefinition[] = JOBS): Promise<JobScheduler> {
  const Cron = CronPattern
  const running = new Set<Promise<void>>()
  const crons = jobs.map(
    (job) =>
      new Cron(job.pattern, { name: job.name, protect: true, timezone: 'UTC', catch: (e) => rt.log.error('job failed', { job: job.name, error: String(e) }) }, async () => {
        const p = runJobTick(rt, job, Date.now(), (t) => nextRunAfter(job.pattern, t)).then(() => undefined)
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

/** When a croner pattern (UTC) fires next after `from` (ms), or null. */
export function nextRunAfter(pattern: string, from: number): number | null {
  const next = new CronPattern(pattern, { timezone: 'UTC', paused: true }).nextRun(new Date(from))
  return next ? next.getTime() : null
}
