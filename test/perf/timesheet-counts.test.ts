import { afterAll, describe, expect, test } from 'bun:test'
import { newId } from '../../src/kernel/ids'
import { ensureOpenSessionTotals } from '../../src/modules/dashboard/open-session-totals'
import { TIMESHEET_STATUSES, type TimesheetStatus } from '../../src/modules/timesheets/schema'
import { countPendingTimesheets } from '../../src/modules/timesheets/queries'
import { ensureTimesheetStatusCounts } from '../../src/modules/timesheets/status-counts'
import { listTimesheetsPage, type TimesheetFilter } from '../../src/modules/timesheets/timesheet-list-read-model'
import { jobWorld } from '../jobs/seed'
import { scopeAt } from './sequences'

// The timesheet list's `total` comes from tenant_timesheet_counts (kept by triggers on
// timesheets) when the list filters by status only: it must equal count(*) over the same filter
// after any sequence of inserts, status changes, moves between tenants and deletes, in two
// tenants, after the triggers are recreated, and on a database that still has the dashboard's
// former triggers for the table. The dashboard's pending approvals read the same counts.

const w = jobWorld()
afterAll(() => w.rt.cleanup())

const NOW = Date.UTC(2026, 5, 1, 9)
const tenants = [w.tenant({ createdAt: NOW - 86_400_000 }), w.tenant({ createdAt: NOW - 86_400_000 })]
const people = tenants.map((t) => Array.from({ length: 4 }, () => w.user(t.id)))
const scope = (i: number) => scopeAt(w.rt, tenants[i]!.id, NOW)

/** Every status filter (and none): the list's total next to count(*) over the rows. */
function totals(i: number) {
  return [undefined, ...TIMESHEET_STATUSES].map((status) => {
    const f: TimesheetFilter = { userIds: null, ...(status ? { status } : {}) }
    const { total } = listTimesheetsPage(scope(i), f, { offset: 0, limit: 1 })
    const where = status ? ` and status = '${status}'` : ''
    const rows = (w.sqlite.query(`select count(*) n from timesheets where tenant_id = ?${where}`).get(tenants[i]!.id) as { n: number }).n
    return { status: status ?? 'any', total, rows }
  })
}
const exact = (xs: { status: string; total: number; rows: number }[]) => xs.map((x) => ({ status: x.status, total: x.rows, rows: x.rows }))

let week = 0
const insert = (i: number, status: TimesheetStatus) => {
  const id = newId()
  // A new period each time: (tenant, person, period) is unique.
  const start = new Date(Date.UTC(2025, 0, 6) + 7 * 86_400_000 * week++).toISOString().slice(0, 10)
  w.sqlite
    .prepare(
      'insert into timesheets (id, tenant_id, user_id, period_start, period_end, status, total_seconds, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 0, ?, ?)',
    )
    .run(id, tenants[i]!.id, people[i]![week % 4]!, start, start, status, NOW, NOW)
  return id
}

describe('timesheet list total from tenant_timesheet_counts', () => {
  test('equals count(*) for each status filter after inserts, status changes, tenant moves and deletes', () => {
    let seed = 5
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
    const ids: string[][] = [[], []]
    for (let step = 0; step < 150; step++) {
      const i = rand() < 0.6 ? 0 : 1
      const r = rand()
      if (r < 0.45 || ids[i]!.length === 0) ids[i]!.push(insert(i, pick(TIMESHEET_STATUSES)))
      else if (r < 0.75) w.sqlite.prepare('update timesheets set status = ? where id = ?').run(pick(TIMESHEET_STATUSES), pick(ids[i]!))
      else if (r < 0.85) w.sqlite.prepare('update timesheets set total_seconds = ? where id = ?').run(step, pick(ids[i]!))
      else if (r < 0.92) {
        const id = ids[i]!.splice(Math.floor(rand() * ids[i]!.length), 1)[0]!
        w.sqlite.prepare('update timesheets set tenant_id = ?, user_id = ? where id = ?').run(tenants[1 - i]!.id, people[1 - i]![0]!, id)
        ids[1 - i]!.push(id)
      } else {
        const id = ids[i]!.splice(Math.floor(rand() * ids[i]!.length), 1)[0]!
        w.sqlite.prepare('delete from timesheets where id = ?').run(id)
      }
    }
    for (const i of [0, 1]) {
      const t = totals(i)
      expect(t).toEqual(exact(t))
      expect(t[0]!.total).toBeGreaterThan(10)
      for (const row of t) expect(row.rows).toBeGreaterThan(0)
      const pending = (
        w.sqlite.query("select count(*) n from timesheets where tenant_id = ? and status in ('submitted', 'auto_generated')").get(tenants[i]!.id) as {
          n: number
        }
      ).n
      expect(countPendingTimesheets(scope(i), null)).toBe(pending)
    }
  })

  test('rows written without the triggers are recounted when they are created', () => {
    for (const name of ['timesheet_counts_insert', 'timesheet_counts_delete', 'timesheet_counts_update']) w.sqlite.exec(`drop trigger ${name}`)
    insert(1, 'draft')
    const stale = totals(1)
    expect(stale).not.toEqual(exact(stale))
    ensureTimesheetStatusCounts(w.rt.db)
    const t = totals(1)
    expect(t).toEqual(exact(t))
  })

  test("a database with the dashboard's former triggers: they are dropped, the counts stay exact", () => {
    // As ensureOpenSessionTotals created it before the table moved to the timesheets module.
    w.sqlite.exec(`create trigger open_session_sheets_insert after insert on timesheets begin insert into tenant_timesheet_counts (tenant_id, status, n)
      values (new.tenant_id, new.status, 1) on conflict (tenant_id, status) do update set n = n + 1; end`)
    insert(0, 'submitted')
    const doubled = totals(0)
    expect(doubled).not.toEqual(exact(doubled))
    ensureTimesheetStatusCounts(w.rt.db)
    ensureOpenSessionTotals(w.rt.db)
    expect(w.sqlite.query("select name from sqlite_master where type = 'trigger' and name like 'open_session_sheets_%'").all()).toEqual([])
    insert(0, 'submitted')
    const t = totals(0)
    expect(t).toEqual(exact(t))
  })

  test('a filter by dates counts its rows', () => {
    const { total } = listTimesheetsPage(scope(0), { userIds: null, from: '2025-01-01', to: '2025-03-31' }, { offset: 0, limit: 1 })
    const rows = (
      w.sqlite
        .query("select count(*) n from timesheets where tenant_id = ? and period_end >= '2025-01-01' and period_start <= '2025-03-31'")
        .get(tenants[0]!.id) as {
        n: number
      }
    ).n
    expect(total).toBe(rows)
    expect(rows).toBeGreaterThan(0)
  })
})
