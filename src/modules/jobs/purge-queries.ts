import { sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { deleteBatchBefore } from '../../kernel/purge'
import { jobRuns } from './schema'

/**
 * Retention of a tenant's job run records: deletes at most `limit` finished runs started before
 * `cutoff`. Catch-up looks back a few days only, so runs older than the retention decide nothing.
 */
export const purgeFinishedJobRunsBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(c, jobRuns, jobRuns.startedAt, cutoff, limit, sql`status <> 'running'`)

/** Global jobs' runs (no tenant) finished before `cutoff`: the global retention job deletes them. */
export const purgeGlobalJobRunsBefore = (db: DbLike, cutoff: number): number =>
  db.all(sql`delete from ${jobRuns} where tenant_id is null and status <> 'running' and started_at < ${cutoff} returning 1`).length
