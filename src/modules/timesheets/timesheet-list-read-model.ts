import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { fastRows, prepared } from '../../kernel/db'
import { users } from '../users/schema'
import { timesheets, type TimesheetStatus } from './schema'
import type { TimesheetRow } from './timesheet-queries'
import { countTimesheetsInStatuses } from './status-counts'

/**
 * The REST list of timesheets: pages ordered by period, then by the owner's name (the copy each
 * timesheet keeps, owner-names.ts: the order of timesheets_tenant_list_idx), with the owner's name
 * and email joined for the page's rows. Listed in READ_MODELS (scripts/architecture-lists.ts).
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

/** The filter with placeholders; one prepared statement per shape of filter (which fields are set). */
function where(f: TimesheetFilter): SQL | undefined {
  const ph = sql.placeholder
  return and(
    eq(timesheets.tenantId, ph('tenantId')),
    f.userIds === null ? undefined : sql`${timesheets.userId} in (select value from json_each(${ph('ids')}))`,
    f.status ? eq(timesheets.status, ph('status')) : undefined,
    f.from ? gte(timesheets.periodEnd, ph('from')) : undefined,
    f.to ? lte(timesheets.periodStart, ph('to')) : undefined,
  )
}

/**
 * One page of timesheets, latest period first, then by owner name, then id; and the total. The
 * page is read in that order off timesheets_tenant_list_idx (or timesheets_tenant_status_list_idx
 * by status): its cost follows the page's offset and size, not the people of its periods. Filtered by
 * status at most, the total is the tenant's kept counts (status-counts.ts): counting every
 * timesheet of every period so far grows with the tenant's history.
 */
export function listTimesheetsPage(c: TenantScope, f: TimesheetFilter, page: { offset: number; limit: number }): { rows: TimesheetListRow[]; total: number } {
  if (f.userIds !== null && f.userIds.length === 0) return { rows: [], total: 0 }
  const shape = `${f.userIds === null ? 'all' : 'ids'}${f.status ? 's' : '-'}${f.from ? 'f' : '-'}${f.to ? 't' : '-'}`
  const params = { tenantId: c.tenant.id, ids: JSON.stringify(f.userIds ?? []), status: f.status ?? null, from: f.from ?? null, to: f.to ?? null }
  const list = prepared(c.db, `timesheets.page:${shape}`, (d) =>
    fastRows(
      d
        .select({ sheet: timesheets, userName: users.name, userEmail: users.email })
        .from(timesheets)
        .innerJoin(users, and(eq(users.tenantId, timesheets.tenantId), eq(users.id, timesheets.userId)))
        .where(where(f))
        .orderBy(desc(timesheets.periodStart), asc(timesheets.ownerName), asc(timesheets.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(),
    ),
  )
  const rows = list.all({ ...params, limit: page.limit, offset: page.offset })
  const total = f.userIds === null && !f.from && !f.to ? countTimesheetsInStatuses(c, f.status ? [f.status] : null) : countMatching(c, f, shape, params)
  return { rows: rows.map((r) => ({ ...r.sheet, userName: r.userName, userEmail: r.userEmail })), total }
}

/** count(*) over the filter: for a filter by people or dates. */
function countMatching(c: TenantScope, f: TimesheetFilter, shape: string, params: Record<string, unknown>): number {
  const counter = prepared(c.db, `timesheets.count:${shape}`, (d) => d.select({ n: count() }).from(timesheets).where(where(f)).prepare())
  return counter.get(params)?.n ?? 0
}
