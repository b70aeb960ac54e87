import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { prepared, type DbLike } from '../../kernel/db'
import { jobRuns, jobState } from './schema'

export type JobStateRow = typeof jobState.$inferSelect
export type JobRunRow = typeof jobRuns.$inferSelect

/**
 * Takes the job's lease unless another live process holds it. One UPDATE decides, so two
 * processes on one data directory can never both hold it.
 */
export function acquireLease(db: DbLike, jobName: string, holder: string, now: number, ttlMs: number): boolean {
  db.insert(jobState).values({ jobName }).onConflictDoNothing().run()
  const taken = db
    .update(jobState)
    .set({ leaseHolder: holder, leaseUntil: now + ttlMs })
    .where(and(eq(jobState.jobName, jobName), or(isNull(jobState.leaseUntil), lt(jobState.leaseUntil, now), eq(jobState.leaseHolder, holder))))
    .returning({ jobName: jobState.jobName })
    .all()
  return taken.length === 1
}

export function releaseLease(db: DbLike, jobName: string, holder: string): void {
  db.update(jobState)
    .set({ leaseHolder: null, leaseUntil: null })
    .where(and(eq(jobState.jobName, jobName), eq(jobState.leaseHolder, holder)))
    .run()
}

export function recordTick(db: DbLike, jobName: string, tick: { lastRunAt: number; nextRunAt: number | null; lastError: string | null }): void {
  db.update(jobState).set(tick).where(eq(jobState.jobName, jobName)).run()
}

export const listJobStates = (db: DbLike): JobStateRow[] => db.select().from(jobState).all()

/** The run record of one job x tenant x key (tenant-local date), if any. */
export const findRun = (db: DbLike, jobName: string, tenantId: number, runKey: string): JobRunRow | null =>
  db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.jobName, jobName), eq(jobRuns.tenantId, tenantId), eq(jobRuns.runKey, runKey)))
    .get() ?? null

/** Succeeded run keys of a job for a tenant from `fromKey` on (keys are dates, so they sort). */
export function succeededKeys(db: DbLike, jobName: string, tenantId: number, fromKey: string): Set<string> {
  // Prepared once per connection: every ingestion batch with late samples asks.
  const rows = prepared(db, 'jobRuns.succeededFrom', (d) =>
    d
      .select({ runKey: jobRuns.runKey })
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.jobName, sql.placeholder('jobName')),
          eq(jobRuns.tenantId, sql.placeholder('tenantId')),
          eq(jobRuns.status, 'succeeded'),
          sql`${jobRuns.runKey} >= ${sql.placeholder('fromKey')}`,
        ),
      )
      .prepare(),
  ).all({ jobName, tenantId, fromKey })
  return new Set(rows.map((r) => r.runKey))
}

/** Records the outcome of a tenant-day run; a failed or crashed earlier attempt is overwritten. */
export function saveRun(
  db: DbLike,
  run: {
    jobName: string
    tenantId: number
    runKey: string
    status: 'succeeded' | 'failed'
    startedAt: number
    finishedAt: number
    itemsProcessed: number
    error: string | null
  },
): void {
  db.insert(jobRuns)
    .values(run)
    .onConflictDoUpdate({
      target: [jobRuns.jobName, jobRuns.tenantId, jobRuns.runKey],
      set: { status: run.status, startedAt: run.startedAt, finishedAt: run.finishedAt, itemsProcessed: run.itemsProcessed, error: run.error },
    })
    .run()
}

export const lastRunOf = (db: DbLike, jobName: string): JobRunRow | null =>
  db.select().from(jobRuns).where(eq(jobRuns.jobName, jobName)).orderBy(sql`${jobRuns.startedAt} desc`).get() ?? null

/**
 * Records tenant-days as done without running them: a generated history (the demo seed) already
 * holds what these jobs would have produced for those days.
 */
export function markTenantDaysDone(db: DbLike, jobNames: string[], tenantId: number, dates: string[], at: number): void {
  for (const jobName of jobNames) {
    for (const runKey of dates) {
      db.insert(jobRuns)
        .values({ jobName, tenantId, runKey, status: 'succeeded', startedAt: at, finishedAt: at, itemsProcessed: 0, error: null })
        .onConflictDoNothing()
        .run()
    }
  }
}

/** The latest run record of a tenant-day job for this tenant (job_runs), if any. */
export const lastTenantRunOf = (c: TenantScope, jobName: string): JobRunRow | null =>
  c.db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.jobName, jobName), eq(jobRuns.tenantId, c.tenant.id)))
    .orderBy(sql`${jobRuns.startedAt} desc`)
    .get() ?? null
