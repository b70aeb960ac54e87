import type { Database, Statement } from 'bun:sqlite'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { prepared, sqliteOf } from '../../kernel/db'
import { categoryRules, ingestBatches, type Category } from './schema'
import type { CategoryRuleInput } from './categorize'

export type IngestBatchRow = typeof ingestBatches.$inferSelect

// The statements of every batch are prepared once per connection (kernel/db.ts `prepared`).

export function findIngestBatch(ctx: TenantScope, userId: string, batchId: string): IngestBatchRow | null {
  const stmt = prepared(ctx.db, 'ingestBatches.find', (d) =>
    d
      .select()
      .from(ingestBatches)
      .where(
        and(
          eq(ingestBatches.tenantId, sql.placeholder('tenantId')),
          eq(ingestBatches.userId, sql.placeholder('userId')),
          eq(ingestBatches.batchId, sql.placeholder('batchId')),
        ),
      )
      .prepare(),
  )
  return stmt.get({ tenantId: ctx.tenant.id, userId, batchId }) ?? null
}

export function insertIngestBatch(ctx: TenantScope, userId: string, batchId: string, sampleCount: number): void {
  const stmt = prepared(ctx.db, 'ingestBatches.insert', (d) =>
    d
      .insert(ingestBatches)
      .values({
        tenantId: sql.placeholder('tenantId'),
        userId: sql.placeholder('userId'),
        batchId: sql.placeholder('batchId'),
        sampleCount: sql.placeholder('sampleCount'),
        receivedAt: sql.placeholder('receivedAt'),
      })
      .prepare(),
  )
  stmt.run({ tenantId: ctx.tenant.id, userId, batchId, sampleCount, receivedAt: ctx.now })
}

/** The tenant's category rules, lowest priority number first (then oldest first). */
export function listCategoryRules(ctx: TenantScope): CategoryRuleInput[] {
  const stmt = prepared(ctx.db, 'categoryRules.ofTenant', (d) =>
    d
      .select({
        matchField: categoryRules.matchField,
        matchKind: categoryRules.matchKind,
        pattern: categoryRules.pattern,
        category: categoryRules.category,
        workProfile: categoryRules.workProfile,
        teamId: categoryRules.teamId,
      })
      .from(categoryRules)
      .where(eq(categoryRules.tenantId, sql.placeholder('tenantId')))
      .orderBy(asc(categoryRules.priority), asc(categoryRules.createdAt))
      .prepare(),
  )
  return stmt.all({ tenantId: ctx.tenant.id })
}

export interface SampleInsert {
  sessionId: string | null
  application: string
  windowClass: string | null
  category: Category
  startedAt: number
  durationSeconds: number
  isIdle: boolean
  localDate: string
}

const SAMPLE_COLUMNS = 'tenant_id, user_id, session_id, batch_id, application, window_class, category, started_at, duration_seconds, is_idle, local_date'
const PARAMS_PER_ROW = 11
/** Rows per statement: 250 x 11 = 2,750 bound parameters, far under SQLite's limit. */
const CHUNK = 250
const statements = new WeakMap<Database, Map<number, Statement>>()

function multiRowInsert(sqlite: Database, rows: number): Statement {
  let byCount = statements.get(sqlite)
  if (!byCount) statements.set(sqlite, (byCount = new Map()))
  let stmt = byCount.get(rows)
  if (!stmt) {
    const tuple = `(${Array(PARAMS_PER_ROW).fill('?').join(', ')})`
    stmt = sqlite.prepare(`insert into activity_samples (${SAMPLE_COLUMNS}) values ${Array(rows).fill(tuple).join(', ')}`)
    byCount.set(rows, stmt)
  }
  return stmt
}

/**
 * Inserts samples with cached multi-row prepared statements: the ingestion hot path. Building
 * the same insert through the query builder costs about five times as much per batch.
 * SAMPLE_COLUMNS mirrors the `activitySamples` table of schema.ts; the caller holds the transaction.
 */
export function insertSamples(ctx: TenantScope, userId: string, batchId: string, rows: readonly SampleInsert[]): void {
  const sqlite = sqliteOf(ctx.db)
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK)
    const params: (string | number | null)[] = []
    for (const r of chunk) {
      params.push(
        ctx.tenant.id,
        userId,
        r.sessionId,
        batchId,
        r.application,
        r.windowClass,
        r.category,
        r.startedAt,
        r.durationSeconds,
        r.isIdle ? 1 : 0,
        r.localDate,
      )
    }
    multiRowInsert(sqlite, chunk.length).run(...params)
  }
}

export interface IdleSample {
  startedAt: number
  durationSeconds: number
  batchId: string | null
}

/**
 * The user's idle samples on some local dates that started within [from, to] (every one of the
 * dates when left out), in time order (for idle-stretch detection).
 */
export function idleSamplesOn(
  ctx: TenantScope,
  userId: string,
  dates: readonly string[],
  from = Number.MIN_SAFE_INTEGER,
  to = Number.MAX_SAFE_INTEGER,
): IdleSample[] {
  // Every batch with idle samples asks: a statement cached on the connection, the dates as a JSON
  // array, read from the partial covering index activity_samples_idle_idx alone, a range of
  // started_at per date (the literal `is_idle = 1` is what lets SQLite use a partial index).
  return sqliteOf(ctx.db)
    .query<IdleSample, [number, string, string, number, number]>(
      `select started_at as startedAt, duration_seconds as durationSeconds, batch_id as batchId from activity_samples
       where tenant_id = ?1 and user_id = ?2 and local_date in (select value from json_each(?3)) and is_idle = 1
       and started_at >= ?4 and started_at <= ?5 order by started_at`,
    )
    .all(ctx.tenant.id, userId, JSON.stringify(dates), from, to)
}

/** Which of these dates already have a daily summary for anyone in the tenant. */
export function summarisedDates(ctx: TenantScope, dates: readonly string[]): Set<string> {
  // Every batch with late samples asks: cached on the connection, one probe of the summaries'
  // primary key (tenant_id, date, user_id) per date instead of every summary row of the dates.
  const rows = sqliteOf(ctx.db)
    .query<{ date: string }, [number, string]>(
      'select value as date from json_each(?2) where exists (select 1 from daily_activity_summaries where tenant_id = ?1 and date = value)',
    )
    .all(ctx.tenant.id, JSON.stringify(dates))
  return new Set(rows.map((r) => r.date))
}
