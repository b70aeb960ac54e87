import { and, count, countDistinct, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { prepared, type DbLike } from '../../kernel/db'
import { askQuestions, toolCalls } from './schema'

export type NewToolCallRow = typeof toolCalls.$inferInsert
export type AskQuestionRow = typeof askQuestions.$inferSelect

/**
 * Appends recorded tool calls of any tenants (the recorder batches them into one transaction). One prepared
 * single-row insert per row: building a 500-row insert statement would cost more than running it.
 */
export function insertToolCalls(db: DbLike, rows: NewToolCallRow[]): void {
  const ph = sql.placeholder
  const stmt = prepared(db, 'toolCalls.insert', (d) =>
    d
      .insert(toolCalls)
      .values({
        tenantId: ph('tenantId'),
        userId: ph('userId'),
        apiKeyId: ph('apiKeyId'),
        toolName: ph('toolName'),
        source: ph('source'),
        sessionId: ph('sessionId'),
        startedAt: ph('startedAt'),
        durationMs: ph('durationMs'),
        outcome: ph('outcome'),
        errorCode: ph('errorCode'),
      })
      .prepare(),
  )
  for (const r of rows) {
    stmt.run({
      tenantId: r.tenantId ?? null,
      userId: r.userId ?? null,
      apiKeyId: r.apiKeyId ?? null,
      toolName: r.toolName,
      source: r.source ?? null,
      sessionId: r.sessionId ?? null,
      startedAt: r.startedAt,
      durationMs: r.durationMs,
      outcome: r.outcome,
      errorCode: r.errorCode ?? null,
    })
  }
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
