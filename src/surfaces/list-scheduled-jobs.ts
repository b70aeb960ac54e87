import { t } from 'elysia'
import type { Job } from '../kernel/job'
import { defineOperation } from '../kernel/operation'
import { Instant, Nullable } from '../kernel/schemas'
import { toIsoOrNull } from '../kernel/time'
import { nextRunAfter } from './jobs'
import { JOBS } from './registry'
import { lastRunOf, lastTenantRunOf, listJobStates } from '../modules/jobs/queries'

/**
 * The console's list of scheduled jobs, an operation over the job registry and the croner
 * schedule: it lives with the surfaces because those compose every module's jobs.
 */
export const JobEachEnum = t.Union([t.Literal('global'), t.Literal('tenant'), t.Literal('tenant_day')], {
  description: 'global: once per tick for the whole server; tenant: for each company at every tick; tenant_day: once per company and local day',
})

export const ScheduledJob = t.Object({
  name: t.String(),
  description: t.String(),
  pattern: t.String({ description: 'croner pattern, seconds first, UTC' }),
  each: JobEachEnum,
  last_run: Nullable(Instant),
  next_run: Nullable(Instant),
  last_error: Nullable(t.String({ description: "This company's part of the last tick's error; for a global job only that it failed" })),
  runnable: t.Boolean({ description: 'Whether an admin may run it now for this company (per-company jobs only)' }),
  last_day_run: Nullable(
    t.Object({
      date: t.String(),
      status: t.String(),
      items: t.Integer(),
      error: Nullable(t.String()),
    }),
  ),
})

export const eachOf = (job: Job): 'global' | 'tenant' | 'tenant_day' => (job.each === 'global' ? 'global' : job.each === 'tenant' ? 'tenant' : 'tenant_day')

/**
 * A tick's error joins one line per failing company ("READABLE-ID: message" or "READABLE-ID
 * YYYY-MM-DD: message"): an admin sees only their company's lines, never another's.
 */
export function errorOfTenant(error: string | null, readableId: string): string | null {
  if (!error) return null
  const mine = error.split('; ').filter((line) => line.startsWith(`${readableId}:`) || line.startsWith(`${readableId} `))
  return mine.length ? mine.join('; ') : null
}

export const listScheduledJobs = defineOperation({
  name: 'list_scheduled_jobs',
  title: 'List scheduled jobs',
  description:
    "The server's scheduled jobs as `workforce jobs list` shows them (schedule, last run, next run), with the last error as far as it concerns this company, and for per-day jobs this company's last day run.",
  access: { role: 'admin' },
  input: t.Object({}),
  output: t.Object({ jobs: t.Array(ScheduledJob) }),
  run(ctx) {
    const states = new Map(listJobStates(ctx.db).map((s) => [s.jobName, s]))
    const jobs = JOBS.map((job) => {
      const state = states.get(job.name)
      const each = eachOf(job)
      const day = each === 'tenant_day' ? lastTenantRunOf(ctx, job.name) : null
      const lastError = state?.lastError ?? null
      return {
        name: job.name,
        description: job.description,
        pattern: job.pattern,
        each,
        last_run: toIsoOrNull(state?.lastRunAt ?? lastRunOf(ctx.db, job.name)?.startedAt),
        next_run: toIsoOrNull(state?.nextRunAt ?? nextRunAfter(job.pattern, ctx.now)),
        last_error:
          each === 'global' ? (lastError ? 'The last run failed; the server log has the reason.' : null) : errorOfTenant(lastError, ctx.tenant.readableId),
        runnable: each !== 'global',
        last_day_run: day ? { date: day.runKey, status: day.status, items: day.itemsProcessed, error: day.error } : null,
      }
    })
    return { jobs }
  },
})
