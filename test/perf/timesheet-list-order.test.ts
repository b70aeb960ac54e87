import { afterAll, describe, expect, test } from 'bun:test'
import { installStatementRecorder } from '../../scripts/bench/recorder'
import { newId } from '../../src/kernel/ids'
import { ensureTimesheetOwnerNames } from '../../src/modules/timesheets/owner-names'
import { TIMESHEET_STATUSES, type TimesheetStatus } from '../../src/modules/timesheets/schema'
import { listTimesheetsPage, type TimesheetFilter } from '../../src/modules/timesheets/timesheet-list-read-model'
import { jobWorld } from '../jobs/seed'
import { scopeAt } from './sequences'

// The timesheet list pages by period (latest first), then by the owner's name, then id, reading
// that order off timesheets_tenant_list_idx through the copy of the name each timesheet keeps
// (timesheets/owner-names.ts). Every page must be what the order by the joined users.name gives,
// after renames (to equal names, accents, case), new timesheets, owner changes and deletes, for
// every filter shape; and the statement of an unfiltered or by-status page must not sort.

const recorder = installStatementRecorder(10)
const w = jobWorld()
afterAll(() => {
  recorder.uninstall()
  w.rt.cleanup()
})

const NOW = Date.UTC(2026, 5, 1, 9)
const NAMES = ['Ana Silva', 'ana silva', 'Émile Zola', 'Emile Zola', 'Zoë Berg', 'Bob', 'bob', 'Chloé', 'Ana Silva', 'Dara']
const tenants = [w.tenant({ createdAt: NOW - 86_400_000 }), w.tenant({ createdAt: NOW - 86_400_000 })]
// Made with distinct names (their emails follow them), then named as NAMES: equal names included.
const people = tenants.map((t) => NAMES.map(() => w.user(t.id)))
for (const ids of people) for (const [k, id] of ids.entries()) w.sqlite.prepare('update users set name = ? where id = ?').run(NAMES[k]!, id)
const scope = (i: number) => scopeAt(w.rt, tenants[i]!.id, NOW)
const PERIODS = Array.from({ length: 6 }, (_, k) => new Date(Date.UTC(2026, 3, 6) + 7 * 86_400_000 * k).toISOString().slice(0, 10))

let seed = 11
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!

const insertSheet = (i: number, userId: string, period: string, status: TimesheetStatus) =>
  w.sqlite
    .prepare(
      'insert or ignore into timesheets (id, tenant_id, user_id, period_start, period_end, status, total_seconds, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 0, ?, ?)',
    )
    .run(newId(), tenants[i]!.id, userId, period, period, status, NOW, NOW)

/** The reference: the same filter ordered by the joined users.name. */
function expectedIds(i: number, f: TimesheetFilter, offset: number, limit: number): string[] {
  const where = [
    't.tenant_id = ?',
    f.userIds ? `t.user_id in (${f.userIds.map(() => '?').join(', ')})` : '',
    f.status ? 't.status = ?' : '',
    f.from ? 't.period_end >= ?' : '',
    f.to ? 't.period_start <= ?' : '',
  ].filter(Boolean)
  const args = [tenants[i]!.id, ...(f.userIds ?? []), ...(f.status ? [f.status] : []), ...(f.from ? [f.from] : []), ...(f.to ? [f.to] : [])]
  return (
    w.sqlite
      .query(
        `select t.id from timesheets t join users u on u.tenant_id = t.tenant_id and u.id = t.user_id where ${where.join(' and ')}
         order by t.period_start desc, u.name, t.id limit ? offset ?`,
      )
      .all(...args, limit, offset) as { id: string }[]
  ).map((r) => r.id)
}

const filters = (i: number): TimesheetFilter[] => [
  { userIds: null },
  ...TIMESHEET_STATUSES.map((status) => ({ userIds: null, status })),
  { userIds: people[i]!.slice(0, 4) },
  { userIds: people[i]!.slice(3), status: 'submitted' as const },
  { userIds: null, from: PERIODS[2]!, to: PERIODS[4]! },
  { userIds: null, status: 'approved' as const, from: PERIODS[1]! },
]

function expectEveryPageInOrder(i: number): number {
  let rows = 0
  for (const f of filters(i))
    for (let offset = 0; offset < 70; offset += 7) {
      const got = listTimesheetsPage(scope(i), f, { offset, limit: 7 }).rows
      const names = got.map((r) => r.userName)
      expect({ f, offset, ids: got.map((r) => r.id) }).toEqual({ f, offset, ids: expectedIds(i, f, offset, 7) })
      // The owner's name shown is users.name, whatever the copy holds.
      for (const [k, r] of got.entries()) expect(names[k]).toBe(NAMES_NOW.get(r.userId)!)
      rows += got.length
    }
  return rows
}

/** users.name of everyone, read back (the test renames people). */
const NAMES_NOW = new Map<string, string>()
const readNames = () => {
  NAMES_NOW.clear()
  for (const r of w.sqlite.query('select id, name from users').all() as { id: string; name: string }[]) NAMES_NOW.set(r.id, r.name)
}

describe('timesheet list order from timesheets.owner_name', () => {
  test('every page equals the order by the joined users.name after renames, owner changes, inserts and deletes', () => {
    for (const i of [0, 1]) for (const u of people[i]!) for (const p of PERIODS) if (rand() < 0.8) insertSheet(i, u, p, pick(TIMESHEET_STATUSES))
    for (let step = 0; step < 120; step++) {
      const i = rand() < 0.6 ? 0 : 1
      const r = rand()
      if (r < 0.4) w.sqlite.prepare('update users set name = ? where id = ?').run(pick(NAMES), pick(people[i]!))
      else if (r < 0.6) insertSheet(i, pick(people[i]!), pick(PERIODS), pick(TIMESHEET_STATUSES))
      else if (r < 0.75)
        w.sqlite
          .prepare('update or ignore timesheets set user_id = ? where id = (select id from timesheets where tenant_id = ? order by random() limit 1)')
          .run(pick(people[i]!), tenants[i]!.id)
      else if (r < 0.9)
        w.sqlite
          .prepare('update timesheets set status = ? where id = (select id from timesheets where tenant_id = ? order by random() limit 1)')
          .run(pick(TIMESHEET_STATUSES), tenants[i]!.id)
      else w.sqlite.prepare('delete from timesheets where id = (select id from timesheets where tenant_id = ? order by random() limit 1)').run(tenants[i]!.id)
    }
    readNames()
    const stale = w.sqlite.query('select count(*) n from timesheets t join users u on u.id = t.user_id where t.owner_name is not u.name').get() as { n: number }
    expect(stale.n).toBe(0)
    for (const i of [0, 1]) expect(expectEveryPageInOrder(i)).toBeGreaterThan(100)
  })

  test('names copied before the triggers existed are copied when they are created', () => {
    for (const name of ['timesheet_owner_name_insert', 'timesheet_owner_name_owner', 'user_name_to_timesheets']) w.sqlite.exec(`drop trigger ${name}`)
    w.sqlite.prepare('update users set name = ? where id = ?').run('Aaron First', people[0]![5]!)
    insertSheet(0, people[0]![6]!, '2026-05-18', 'draft')
    readNames()
    const stale = () =>
      (w.sqlite.query('select count(*) n from timesheets t join users u on u.id = t.user_id where t.owner_name is not u.name').get() as { n: number }).n
    expect(stale()).toBeGreaterThan(0)
    ensureTimesheetOwnerNames(w.rt.db)
    expect(stale()).toBe(0)
    expect(expectEveryPageInOrder(0)).toBeGreaterThan(50)
  })

  test('an unfiltered or by-status page is read off an index in order, without sorting', () => {
    for (const f of [{ userIds: null }, { userIds: null, status: 'submitted' as const }] satisfies TimesheetFilter[]) {
      recorder.start()
      listTimesheetsPage(scope(0), f, { offset: 0, limit: 20 })
      const page = recorder.stop().find((c) => /order by/i.test(c.sql))!
      expect(page).toBeDefined()
      const plan = (w.sqlite.query(`explain query plan ${page.sql}`).all(...(page.args as [])) as { detail: string }[]).map((r) => r.detail).join(' | ')
      expect(plan).toContain(f.status ? 'timesheets_tenant_status_list_idx' : 'timesheets_tenant_list_idx')
      expect(plan).not.toContain('TEMP B-TREE')
    }
  })
})
