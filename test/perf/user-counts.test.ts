import { afterAll, describe, expect, test } from 'bun:test'
import { newId } from '../../src/kernel/ids'
import { ensureTenantDayTotals } from '../../src/modules/dashboard/tenant-day-totals'
import { listUsersPage, type UserFilter } from '../../src/modules/users/queries'
import { USER_STATUSES, type UserStatus } from '../../src/modules/users/schema'
import { ensureUserStatusCounts } from '../../src/modules/users/status-counts'
import { jobWorld } from '../jobs/seed'
import { scopeAt } from './sequences'

// The people list's `total` comes from tenant_user_counts (kept by triggers on users) when the
// list filters by status only: it must equal count(*) over the same filter after any sequence of
// inserts, status changes, moves between tenants and deletes, in two tenants, after the triggers
// are recreated, and on a database that still has the dashboard's former triggers for the table.

const w = jobWorld()
afterAll(() => w.rt.cleanup())

const NOW = Date.UTC(2026, 5, 1, 9)
const tenants = [w.tenant({ createdAt: NOW - 86_400_000 }), w.tenant({ createdAt: NOW - 86_400_000 })]
const scope = (i: number) => scopeAt(w.rt, tenants[i]!.id, NOW)

/** The status-only filters (and the default and everyone): the page total next to count(*) over the rows. */
function totals(i: number) {
  const filters: [string, UserFilter, string][] = [
    ['default', { userIds: null }, "status != 'deactivated'"],
    ['everyone', { userIds: null, includeDeactivated: true }, 'true'],
    ...USER_STATUSES.map((s): [string, UserFilter, string] => [s, { userIds: null, status: s }, `status = '${s}'`]),
  ]
  return filters.map(([name, f, where]) => {
    // A full page of one person at offset 0 (or an empty one past the end) takes the total from the counts.
    const { total } = listUsersPage(scope(i), f, 1, 0)
    const rows = (w.sqlite.query(`select count(*) n from users where tenant_id = ? and ${where}`).get(tenants[i]!.id) as { n: number }).n
    return { name, total, rows }
  })
}
const exact = (xs: { name: string; total: number; rows: number }[]) => xs.map((x) => ({ name: x.name, total: x.rows, rows: x.rows }))

const insert = (tenantId: number, status: UserStatus) => {
  const id = newId()
  w.sqlite
    .prepare("insert into users (id, tenant_id, name, email, role, status, created_at) values (?, ?, ?, ?, 'employee', ?, ?)")
    .run(id, tenantId, `Person ${id.slice(0, 8)}`, `${id}@user-counts.test`, status, NOW)
  return id
}

describe('people list total from tenant_user_counts', () => {
  test('equals count(*) for each status filter after inserts, status changes, tenant moves and deletes', () => {
    let seed = 11
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
    const ids: string[][] = [[], []]
    for (let step = 0; step < 150; step++) {
      const i = rand() < 0.6 ? 0 : 1
      const r = rand()
      if (r < 0.45 || ids[i]!.length === 0) ids[i]!.push(insert(tenants[i]!.id, pick(USER_STATUSES)))
      else if (r < 0.75) w.sqlite.prepare('update users set status = ? where id = ?').run(pick(USER_STATUSES), pick(ids[i]!))
      else if (r < 0.85) w.sqlite.prepare('update users set name = ? where id = ?').run(`Renamed ${step}`, pick(ids[i]!))
      else if (r < 0.92) {
        const id = ids[i]!.splice(Math.floor(rand() * ids[i]!.length), 1)[0]!
        w.sqlite.prepare('update users set tenant_id = ? where id = ?').run(tenants[1 - i]!.id, id)
        ids[1 - i]!.push(id)
      } else {
        const id = ids[i]!.splice(Math.floor(rand() * ids[i]!.length), 1)[0]!
        w.sqlite.prepare('delete from users where id = ?').run(id)
      }
    }
    for (const i of [0, 1]) {
      const t = totals(i)
      expect(t).toEqual(exact(t))
      expect(t[1]!.total).toBeGreaterThan(10)
      // Every status is there, so each filter's total is a real count, not a default.
      for (const row of t) expect(row.rows).toBeGreaterThan(0)
    }
  })

  test('rows written without the triggers are recounted when they are created', () => {
    for (const name of ['user_counts_insert', 'user_counts_delete', 'user_counts_update']) w.sqlite.exec(`drop trigger ${name}`)
    insert(tenants[1]!.id, 'invited')
    const stale = totals(1)
    expect(stale).not.toEqual(exact(stale))
    ensureUserStatusCounts(w.rt.db)
    const t = totals(1)
    expect(t).toEqual(exact(t))
  })

  test("a database with the dashboard's former triggers: they are dropped, the counts stay exact", () => {
    // As ensureTenantDayTotals created them before the table moved to the users module.
    w.sqlite.exec(`create trigger tenant_day_users_insert after insert on users begin insert into tenant_user_counts (tenant_id, status, n)
      values (new.tenant_id, new.status, 1) on conflict (tenant_id, status) do update set n = n + 1; end`)
    insert(tenants[0]!.id, 'active')
    const doubled = totals(0)
    expect(doubled).not.toEqual(exact(doubled))
    ensureUserStatusCounts(w.rt.db)
    ensureTenantDayTotals(w.rt.db)
    const names = w.sqlite.query("select name from sqlite_master where type = 'trigger' and name like 'tenant_day_users_%'").all()
    expect(names).toEqual([])
    insert(tenants[0]!.id, 'active')
    const t = totals(0)
    expect(t).toEqual(exact(t))
  })

  test('other filters count their rows', () => {
    const id = insert(tenants[0]!.id, 'active')
    w.sqlite.prepare("update users set role = 'manager' where id = ?").run(id)
    const managers = (
      w.sqlite.query("select count(*) n from users where tenant_id = ? and role = 'manager' and status != 'deactivated'").get(tenants[0]!.id) as { n: number }
    ).n
    expect(listUsersPage(scope(0), { userIds: null, role: 'manager' }, 1, 0).total).toBe(managers)
  })
})
