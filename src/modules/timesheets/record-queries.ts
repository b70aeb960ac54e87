import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { breaks, timeLogs } from '../time-tracking/schema'
import { users } from '../users/schema'
import { timesheets, type TimesheetStatus } from './schema'

/** Timesheet reads of the REST API: filtered pages with the owner's name, and a sheet's entries. */
export type TimesheetListRow = typeof timesheets.$inferSelect & { userName: string; userEmail: string }

export interface TimesheetFilter {
  /** null: everyone in the tenant; otherwise only these owners. */
  userIds: string[] | null
  status?: TimesheetStatus | undefined
  /** Periods overlapping [from, to] (dates). */
  from?: string | undefined
  to?: string | undefined
}

function where(ctx: TenantBoundCtx, f: TimesheetFilter): SQL | undefined {
  return and(
    eq(timesheets.tenantId, ctx.tenant.id),
    f.userIds === null ? undefined : inArray(timesheets.userId, f.userIds),
    f.status ? eq(timesheets.status, f.status) : undefined,
    f.from ? gte(timesheets.periodEnd, f.from) : undefined,
    f.to ? lte(timesheets.periodStart, f.to) : undefined,
  )
}

/** One page of timesheets, latest period first, then by owner name; and the total. */
export function listTimesheetsPage(ctx: TenantBoundCtx, f: TimesheetFilter, page: { offset: number; limit: number }): { rows: TimesheetListRow[]; total: number } {
  if (f.userIds !== null && f.userIds.length === 0) return { rows: [], total: 0 }
  const rows = ctx.db
    .select({ sheet: timesheets, userName: users.name, userEmail: users.email })
    .from(timesheets)
    .innerJoin(users, and(eq(users.tenantId, timesheets.tenantId), eq(users.id, timesheets.userId)))
    .where(where(ctx, f))
    .orderBy(desc(timesheets.periodStart), asc(users.name), asc(timesheets.id))
    .limit(page.limit)
    .offset(page.offset)
    .all()
  const total = ctx.db.select({ n: count() }).from(timesheets).where(where(ctx, f)).get()?.n ?? 0
  return { rows: rows.map((r) => ({ ...r.sheet, userName: r.userName, userEmail: r.userEmail })), total }
}

export type EntryRow = typeof timeLogs.$inferSelect & { breakMs: number }

/** The time logs of a timesheet, oldest first, with the length of their finished breaks. */
export function timeLogsOfTimesheet(ctx: TenantBoundCtx, timesheetId: string): EntryRow[] {
  // Written out with table names: drizzle renders bare column names inside a single-table select.
  const breakMs = sql<number>`coalesce((select sum(b.ended_at - b.started_at) from ${breaks} b
    where b.tenant_id = "time_logs"."tenant_id" and b.time_log_id = "time_logs"."id" and b.ended_at is not null), 0)`.mapWith(Number)
  return ctx.db
    .select({ log: timeLogs, breakMs })
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, ctx.tenant.id), eq(timeLogs.timesheetId, timesheetId)))
    .orderBy(asc(timeLogs.clockInAt))
    .all()
    .map((r) => ({ ...r.log, breakMs: r.breakMs }))
}
