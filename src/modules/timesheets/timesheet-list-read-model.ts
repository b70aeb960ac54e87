import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { users } from '../users/schema'
import { timesheets, type TimesheetStatus } from './schema'
import type { TimesheetRow } from './timesheet-queries'

/**
 * The REST list of timesheets: pages ordered by period, then by the owner's name, so the page
 * itself needs the join with users. Listed in READ_MODELS (scripts/architecture-lists.ts).
 */
export type TimesheetListRow = TimesheetRow & { userName: string; userEmail: string }

export interface TimesheetFilter {
  /** null: everyone in the tenant; otherwise only these owners. */
  userIds: string[] | null
  status?: TimesheetStatus | undefined
  /** Periods overlapping [from, to] (dates). */
  from?: string | undefined
  to?: string | undefined
}

function where(c: TenantScope, f: TimesheetFilter): SQL | undefined {
  return and(
    eq(timesheets.tenantId, c.tenant.id),
    f.userIds === null ? undefined : inArray(timesheets.userId, f.userIds),
    f.status ? eq(timesheets.status, f.status) : undefined,
    f.from ? gte(timesheets.periodEnd, f.from) : undefined,
    f.to ? lte(timesheets.periodStart, f.to) : undefined,
  )
}

/** One page of timesheets, latest period first, then by owner name; and the total. */
export function listTimesheetsPage(c: TenantScope, f: TimesheetFilter, page: { offset: number; limit: number }): { rows: TimesheetListRow[]; total: number } {
  if (f.userIds !== null && f.userIds.length === 0) return { rows: [], total: 0 }
  const rows = c.db
    .select({ sheet: timesheets, userName: users.name, userEmail: users.email })
    .from(timesheets)
    .innerJoin(users, and(eq(users.tenantId, timesheets.tenantId), eq(users.id, timesheets.userId)))
    .where(where(c, f))
    .orderBy(desc(timesheets.periodStart), asc(users.name), asc(timesheets.id))
    .limit(page.limit)
    .offset(page.offset)
    .all()
  const total = c.db.select({ n: count() }).from(timesheets).where(where(c, f)).get()?.n ?? 0
  return { rows: rows.map((r) => ({ ...r.sheet, userName: r.userName, userEmail: r.userEmail })), total }
}
