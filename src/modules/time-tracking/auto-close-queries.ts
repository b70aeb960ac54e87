import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { settlePersonDays } from './person-day-queries'
import { timeLogs } from './schema'
import type { TimeLogRow } from './queries'

/** Open time logs that clocked in at or before `before` (forgotten clock-outs), oldest first. */
export function overdueOpenLogs(ctx: TenantScope, before: number, limit: number): TimeLogRow[] {
  // Only the open-log condition goes to SQL: it reads the small partial index time_logs_one_open_uq
  // (at most one row per user), where a clock_in_at range would walk the tenant's whole history.
  return ctx.db
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, ctx.tenant.id), isNull(timeLogs.clockOutAt)))
    .all()
    .filter((l) => l.clockInAt <= before)
    .sort((a, b) => a.clockInAt - b.clockInAt)
    .slice(0, limit)
}

/** Closes an open log by policy (status auto_closed); null when it was closed meanwhile. */
export function autoCloseTimeLog(ctx: TenantScope, id: string, clockOutAt: number): TimeLogRow | null {
  const log =
    ctx.db
      .update(timeLogs)
      .set({ clockOutAt, status: 'auto_closed', gapFillDoneAt: ctx.now })
      .where(and(eq(timeLogs.tenantId, ctx.tenant.id), eq(timeLogs.id, id), isNull(timeLogs.clockOutAt)))
      .returning()
      .get() ?? null
  settlePersonDays(ctx)
  return log
}

/** Closed logs without gap-fill yet (imported, or closed by another path), by clock-out. */
export function logsPendingGapFill(ctx: TenantScope, closedBefore: number, limit: number): TimeLogRow[] {
  return ctx.db
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, ctx.tenant.id), isNull(timeLogs.gapFillDoneAt), isNotNull(timeLogs.clockOutAt), lte(timeLogs.clockOutAt, closedBefore)))
    .orderBy(asc(timeLogs.clockOutAt))
    .limit(limit)
    .all()
}

/** Claims a log's gap-fill: false when another run already did it (so blocks are written once). */
export function markGapFillDone(ctx: TenantScope, id: string): boolean {
  return (
    ctx.db
      .update(timeLogs)
      .set({ gapFillDoneAt: ctx.now })
      .where(and(eq(timeLogs.tenantId, ctx.tenant.id), eq(timeLogs.id, id), isNull(timeLogs.gapFillDoneAt), isNotNull(timeLogs.clockOutAt)))
      .returning({ id: timeLogs.id })
      .all().length === 1
  )
}
