import { and, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { fastRows, prepared } from '../../kernel/db'
import { newId } from '../../kernel/ids'
import { breaks, type BreakKind } from './schema'

export type BreakRow = typeof breaks.$inferSelect

/** The user's open break, if any (the database allows one: breaks_one_open_uq). */
export const findOpenBreak = (ctx: TenantScope, userId: string): BreakRow | null =>
  prepared(ctx.db, 'breaks.open', (d) =>
    fastRows(
      d
        .select()
        .from(breaks)
        .where(and(eq(breaks.tenantId, sql.placeholder('tenantId')), eq(breaks.userId, sql.placeholder('userId')), isNull(breaks.endedAt)))
        .prepare(),
    ),
  ).get({ tenantId: ctx.tenant.id, userId }) ?? null

/** The open breaks of the tenant (one per person at most: breaks_one_open_uq), by user. */
export function openBreaksByUser(ctx: TenantScope): Map<string, BreakRow> {
  const rows = ctx.db
    .select()
    .from(breaks)
    .where(and(eq(breaks.tenantId, ctx.tenant.id), isNull(breaks.endedAt)))
    .all()
  return new Map(rows.map((r) => [r.userId, r]))
}

export const insertBreak = (ctx: TenantScope, row: { userId: string; timeLogId: string; kind: BreakKind; startedAt: number }): BreakRow =>
  ctx.db
    .insert(breaks)
    .values({ ...row, id: newId(), tenantId: ctx.tenant.id })
    .returning()
    .get()

/** Ends a break; the null check makes a concurrent second end a no-op (null). */
export const closeBreak = (ctx: TenantScope, breakId: string, endedAt: number): BreakRow | null =>
  ctx.db
    .update(breaks)
    .set({ endedAt })
    .where(and(eq(breaks.tenantId, ctx.tenant.id), eq(breaks.id, breakId), isNull(breaks.endedAt)))
    .returning()
    .get() ?? null

/** The most recent break of a time log (open or ended). */
export const lastBreakOfLog = (ctx: TenantScope, timeLogId: string): BreakRow | null =>
  ctx.db
    .select()
    .from(breaks)
    .where(and(eq(breaks.tenantId, ctx.tenant.id), eq(breaks.timeLogId, timeLogId)))
    .orderBy(desc(breaks.startedAt))
    .get() ?? null

/** Every break of a time log, oldest first. */
export const breaksOfLog = (ctx: TenantScope, timeLogId: string): BreakRow[] =>
  prepared(ctx.db, 'breaks.ofLog', (d) =>
    d
      .select()
      .from(breaks)
      .where(and(eq(breaks.tenantId, sql.placeholder('tenantId')), eq(breaks.timeLogId, sql.placeholder('timeLogId'))))
      .orderBy(breaks.startedAt)
      .prepare(),
  ).all({ tenantId: ctx.tenant.id, timeLogId })

/**
 * Clock-out's one read of breaks: the breaks of the closing log, oldest first, and the user's open
 * break wherever it is. Breaks are only started inside the user's open log (beginBreak) and an
 * open one is ended before its log closes (clock-out, auto-close), so the open break is the log's
 * own; no constraint says so, and the OR keeps finding an open break of another log as
 * findOpenBreak does. Plan: breaks_tenant_log_idx OR breaks_one_open_uq.
 */
export function breaksOfLogAndOpenOfUser(ctx: TenantScope, userId: string, timeLogId: string): { ofLog: BreakRow[]; open: BreakRow | null } {
  const rows = prepared(ctx.db, 'breaks.ofLogAndOpen', (d) =>
    d
      .select()
      .from(breaks)
      .where(
        and(
          eq(breaks.tenantId, sql.placeholder('tenantId')),
          or(eq(breaks.timeLogId, sql.placeholder('timeLogId')), and(eq(breaks.userId, sql.placeholder('userId')), isNull(breaks.endedAt))),
        ),
      )
      .prepare(),
  ).all({ tenantId: ctx.tenant.id, timeLogId, userId })
  let open: BreakRow | null = null
  const ofLog: BreakRow[] = []
  for (const b of rows) {
    if (b.endedAt === null && b.userId === userId) open = b
    if (b.timeLogId === timeLogId) ofLog.push(b)
  }
  // Sorted here, not by SQL: an ORDER BY's sorter costs more than the statement (a few rows).
  ofLog.sort((a, b) => a.startedAt - b.startedAt)
  return { ofLog, open }
}

/** Breaks of these time logs (they are paused time, not worked time). */
export function breaksOfLogs(c: TenantScope, timeLogIds: string[]): { timeLogId: string; kind: string; startedAt: number; endedAt: number | null }[] {
  if (timeLogIds.length === 0) return []
  // One statement prepared per connection, the ids as a JSON array (no bound-variable limit; plan:
  // breaks_tenant_log_idx per id): a person's day on every clock-out, many people's on reads.
  return prepared(c.db, 'breaks.ofLogs', (d) =>
    fastRows(
      d
        .select({ timeLogId: breaks.timeLogId, kind: breaks.kind, startedAt: breaks.startedAt, endedAt: breaks.endedAt })
        .from(breaks)
        .where(and(eq(breaks.tenantId, sql.placeholder('tenantId')), sql`${breaks.timeLogId} in (select value from json_each(${sql.placeholder('ids')}))`))
        .prepare(),
    ),
  ).all({ tenantId: c.tenant.id, ids: JSON.stringify(timeLogIds) })
}
