import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant } from '../../db/columns'
import { tenants } from '../tenants/schema'

/** One row per job x tenant x tenant-local date (or item key): the "done" record that makes jobs idempotent. */
export const jobRuns = sqliteTable(
  'job_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jobName: text('job_name').notNull(),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    runKey: text('run_key').notNull(),
    status: text('status').$type<'running' | 'succeeded' | 'failed'>().notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    itemsProcessed: integer('items_processed').notNull().default(0),
    error: text('error'),
  },
  (t) => [uniqueIndex('job_runs_job_tenant_key_uq').on(t.jobName, t.tenantId, t.runKey), index('job_runs_tenant_idx').on(t.tenantId, t.jobName, t.startedAt)],
)

export const jobRunsDoc = describeEntity(jobRuns, {
  entity: 'JobRun',
  description: 'A run of a scheduled job for one tenant and run key (usually the tenant-local date); at most one success per key.',
  fields: {
    id: 'Sequence number.',
    jobName: 'Job, e.g. activity.daily_summaries.',
    tenantId: 'Tenant processed; null for global jobs.',
    runKey: 'What the run covers: a tenant-local date, or "tick" for continuous jobs.',
    status: 'running, succeeded or failed.',
    startedAt: 'Start.',
    finishedAt: 'End.',
    itemsProcessed: 'Rows or events produced.',
    error: 'Error message of a failed run.',
  },
})

/** Per job: schedule bookkeeping and the lease that keeps a second process from running it. */
export const jobState = sqliteTable('job_state', {
  jobName: text('job_name').primaryKey(),
  lastRunAt: instant('last_run_at'),
  nextRunAt: instant('next_run_at'),
  lastError: text('last_error'),
  leaseHolder: text('lease_holder'),
  leaseUntil: instant('lease_until'),
})

export const jobStateDoc = describeEntity(jobState, {
  entity: 'JobState',
  description: 'Schedule and lease of each job: what is due lives in the database, croner only ticks.',
  fields: {
    jobName: 'Job name.',
    lastRunAt: 'Last tick that ran it.',
    nextRunAt: 'Next due time.',
    lastError: 'Last error, cleared by a success.',
    leaseHolder: 'Process currently running it.',
    leaseUntil: 'Lease expiry; another process may take the job after it.',
  },
})
