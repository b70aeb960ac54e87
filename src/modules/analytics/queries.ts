import { and, count, countDistinct, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { Database, Statement } from 'bun:sqlite'
import { sqliteOf, type DbLike } from '../../kernel/db'
import { askQuestions, toolCalls } from './schema'

export type NewToolCallRow = typeof toolCalls.$inferInsert
export type AskQuestionRow = typeof askQuestions.$inferSelect

/** Columns of one recorded call, in the order the insert's placeholders take them. */
const COLUMNS = ['tenant_id', 'user_id', 'api_key_id', 'tool_name', 'source', 'session_id', 'started_at', 'duration_ms', 'outcome', 'error_code']
/** Rows per multi-row insert: 50 x 10 placeholders, far under SQLite's limit. */
export const ROWS_PER_INSERT = 50
type Binding = string | number | null
const insertSql = (rows: number): string =>
  `INSERT INTO mcp_tool_calls (${COLUMNS.join(', ')}) VALUES ${Array.from({ length: rows }, () => `(${COLUMNS.map(() => '?').join(', ')})`).join(', ')}`

/**
 * The two bun:sqlite statements of a connection, prepared once: ROWS_PER_INSERT rows at a time and
 * one row for the remainder. No query is built per flush.
 */
const statements = new WeakMap<Database, { many: Statement; one: Statement; write: (rows: NewToolCallRow[]) => void }>()

function writerOf(sqlite: Database): (rows: NewToolCallRow[]) => void {
  let s = statements.get(sqlite)
  if (!s) {
    const many = sqlite.prepare(insertSql(ROWS_PER_INSERT))
    const one = sqlite.prepare(insertSql(1))
    const params: Binding[] = new Array<Binding>(ROWS_PER_INSERT * COLUMNS.length)
    const put = (out: Binding[], at: number, r: NewToolCallRow): void => {
      out[at] = r.tenantId ?? null
      out[at + 1] = r.userId ?? null
      out[at + 2] = r.apiKeyId ?? null
      out[at + 3] = r.toolName
      out[at + 4] = r.source ?? null
      out[at + 5] = r.sessionId ?? null
      out[at + 6] = r.startedAt
      out[at + 7] = r.durationMs
      out[at + 8] = r.outcome
      out[at + 9] = r.errorCode ?? null
    }
    // One IMMEDIATE transaction (a savepoint when the connection is already in one): one commit.
    const tx = sqlite.transaction((rows: NewToolCallRow[]) => {
      let i = 0
      for (; i + ROWS_PER_INSERT <= rows.length; i += ROWS_PER_INSERT) {
        for (let j = 0; j < ROWS_PER_INSERT; j++) put(params, j * COLUMNS.length, rows[i + j]!)
        many.run(...params)
      }
      const single: Binding[] = new Array<Binding>(COLUMNS.length)
      for (; i < rows.length; i++) {
        put(single, 0, rows[i]!)
        one.run(...single)
      }
    })
    const write = (rows: NewToolCallRow[]): void => void tx.immediate(rows)
    statements.set(sqlite, (s = { many, one, write }))
  }
  return s.write
}

/**
 * Appends recorded tool calls of any tenants in one IMMEDIATE transaction (a savepoint inside an
 * open one): the telemetry buffer's flush (tool-call-log.ts), the one write path of this table.
 */
export function insertToolCalls(db: DbLike, rows: NewToolCallRow[]): void {
  if (rows.length > 0) writerOf(sqliteOf(db))(rows)
}

/** Distinct people (or keys, for keys not bound to a person) that called tools since an instant. */
export function activeCallers(ctx: TenantScope, since: number): number {
  return (
    ctx.db
      .select({ n: countDistinct(sql`coalesce(${toolCalls.userId}, ${toolCalls.apiKeyId})`) })
      .from(toolCalls)
      .where(and(eq(toolCalls.tenantId, ctx.tenant.id), gte(toolCalls.startedAt, since)))
      .get()?.n ?? 0
  )
}

export interface CallWindow {
  from: number
  to: number
}

const inWindow = (ctx: TenantScope, w: CallWindow) =>
  and(eq(toolCalls.tenantId, ctx.tenant.id), gte(toolCalls.startedAt, w.from), lt(toolCalls.startedAt, w.to))

export function callStats(ctx: TenantScope, w: CallWindow): { calls: number; sessions: number; errors: number } {
  const row = ctx.db
    .select({
      calls: count(),
      sessions: countDistinct(toolCalls.sessionId),
      errors: sql<number>`coalesce(sum(case when ${toolCalls.outcome} = 'error' then 1 else 0 end), 0)`,
    })
    .from(toolCalls)
    .where(inWindow(ctx, w))
    .get()
  return { calls: row?.calls ?? 0, sessions: row?.sessions ?? 0, errors: row?.errors ?? 0 }
}

export function callsBySource(ctx: TenantScope, w: CallWindow, limit: number): { source: string; calls: number; callers: number }[] {
  return ctx.db
    .select({
      source: sql<string>`coalesce(${toolCalls.source}, 'unknown')`,
      calls: count(),
      callers: countDistinct(sql`coalesce(${toolCalls.userId}, ${toolCalls.apiKeyId})`),
    })
    .from(toolCalls)
    .where(inWindow(ctx, w))
    .groupBy(sql`1`)
    .orderBy(desc(count()))
    .limit(limit)
    .all()
}

export function callsByTool(ctx: TenantScope, w: CallWindow, limit: number): { tool: string; calls: number; errors: number; avgMs: number; callers: number }[] {
  return ctx.db
    .select({
      tool: toolCalls.toolName,
      calls: count(),
      errors: sql<number>`coalesce(sum(case when ${toolCalls.outcome} = 'error' then 1 else 0 end), 0)`,
      avgMs: sql<number>`coalesce(avg(${toolCalls.durationMs}), 0)`,
      callers: countDistinct(sql`coalesce(${toolCalls.userId}, ${toolCalls.apiKeyId})`),
    })
    .from(toolCalls)
    .where(inWindow(ctx, w))
    .groupBy(toolCalls.toolName)
    .orderBy(desc(count()), toolCalls.toolName)
    .limit(limit)
    .all()
}

/** Records a question put to ask_workforce, asked now in the scope's tenant. */
export const insertQuestion = (c: TenantScope, row: Omit<typeof askQuestions.$inferInsert, 'tenantId' | 'askedAt'>): AskQuestionRow =>
  c.db
    .insert(askQuestions)
    .values({ ...row, tenantId: c.tenant.id, askedAt: c.now })
    .returning()
    .get()

export function questionsBetween(ctx: TenantScope, w: CallWindow): AskQuestionRow[] {
  return ctx.db
    .select()
    .from(askQuestions)
    .where(and(eq(askQuestions.tenantId, ctx.tenant.id), gte(askQuestions.askedAt, w.from), lt(askQuestions.askedAt, w.to)))
    .orderBy(desc(askQuestions.askedAt))
    .all()
}
