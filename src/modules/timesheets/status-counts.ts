import { sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { prepared, sqliteOf, transaction, type DbLike } from '../../kernel/db'
import type { TimesheetStatus } from './schema'

/**
 * tenant_timesheet_counts: the timesheets of each tenant per status, kept exact by SQLite triggers
 * on timesheets in the transaction that writes them, whoever writes them. The dashboard's pending
 * approvals and the timesheet list's total read a row per status instead of counting every
 * timesheet of every period so far (issue 18: that count grows with the tenant's history).
 * Created at start (ensureTimesheetStatusCounts); SQL because generated migrations hold no triggers.
 */
const ADD = `insert into tenant_timesheet_counts (tenant_id, status, n) values (new.tenant_id, new.status, 1)
  on conflict (tenant_id, status) do update set n = n + 1;`
const REMOVE = 'update tenant_timesheet_counts set n = n - 1 where tenant_id = old.tenant_id and status = old.status;'

const TRIGGERS: [string, string][] = [
  ['timesheet_counts_insert', `after insert on timesheets begin ${ADD} end`],
  ['timesheet_counts_delete', `after delete on timesheets begin ${REMOVE} end`],
  [
    'timesheet_counts_update',
    `after update of status, tenant_id on timesheets when old.status is not new.status or old.tenant_id is not new.tenant_id
      begin ${REMOVE} ${ADD} end`,
  ],
]

/** The same triggers under the names the dashboard gave them before the table moved here (dropped at start). */
const FORMER_NAMES = ['open_session_sheets_insert', 'open_session_sheets_delete', 'open_session_sheets_update']

/**
 * Creates the triggers when any is missing (a new database, or one from before them) and recounts
 * the table from timesheets in the same transaction; drops the former triggers that kept the same counts.
 */
export function ensureTimesheetStatusCounts(db: DbLike): void {
  const names = db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'trigger' and (name like 'timesheet_counts_%' or name like 'open_session_sheets_%')`,
  )
  const present = new Set(names.map((r) => r.name))
  if (TRIGGERS.every(([name]) => present.has(name)) && FORMER_NAMES.every((name) => !present.has(name))) return
  transaction(db, (tx) => {
    for (const name of FORMER_NAMES) tx.run(sql.raw(`drop trigger if exists ${name}`))
    for (const [name, body] of TRIGGERS) {
      tx.run(sql.raw(`drop trigger if exists ${name}`))
      tx.run(sql.raw(`create trigger ${name} ${body}`))
    }
    tx.run(sql`delete from tenant_timesheet_counts`)
    tx.run(sql`insert into tenant_timesheet_counts (tenant_id, status, n) select tenant_id, status, count(*) from timesheets group by tenant_id, status`)
  })
}

/** Timesheets of the tenant in these statuses (every status when null), from tenant_timesheet_counts. */
export function countTimesheetsInStatuses(c: TenantScope, statuses: readonly TimesheetStatus[] | null): number {
  // One statement per number of statuses (the statuses are bound): the sum is SQLite's, one row back.
  const n = statuses?.length ?? 0
  const stmt = prepared(c.db, `timesheets.statusCounts:${statuses === null ? 'all' : n}`, (d) =>
    sqliteOf(d).query<{ n: number }, (string | number)[]>(
      `select coalesce(sum(n), 0) as n from tenant_timesheet_counts where tenant_id = ?${statuses === null ? '' : ` and status in (${Array(n).fill('?').join(', ')})`}`,
    ),
  )
  return stmt.get(c.tenant.id, ...(statuses ?? []))?.n ?? 0
}

/** The organisation's timesheets awaiting approval (countPendingTimesheets(c, null)), from tenant_timesheet_counts. */
export const pendingApprovalsMaintained = (c: TenantScope): number => countTimesheetsInStatuses(c, ['submitted', 'auto_generated'])
