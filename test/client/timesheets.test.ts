import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { HOUR, addDays, localDate, weekStart } from '../../src/kernel/time'
import { newId } from '../../src/kernel/ids'
import { TIMESHEET_STATUSES, type TimesheetStatus } from '../../src/modules/timesheets/schema'
import { api, startWorld, type Person, type TenantWorld, type World } from './world'

let world: World
let acme: TenantWorld
let other: TenantWorld
let emp: Person
let emp2: Person
let mgr: Person
let mgr2: Person
let outsider: Person
let admin: Person

const today = localDate(Date.now(), 'UTC')
const lastMonday = addDays(weekStart(today), -7)
const at = (date: string, hour: number) => Date.parse(`${date}T00:00:00Z`) + hour * HOUR

beforeAll(async () => {
  world = await startWorld()
  acme = await world.tenant()
  other = await world.tenant()
  emp = acme.addUser({ name: 'emp' })
  emp2 = acme.addUser({ name: 'emp2' })
  mgr = acme.addUser({ name: 'mgr', role: 'manager' })
  mgr2 = acme.addUser({ name: 'mgr2', role: 'manager' })
  outsider = acme.addUser({ name: 'outsider', role: 'manager' })
  admin = acme.addUser({ name: 'admin', role: 'admin' })
  // mgr manages emp through a membership with role_in_team manager; mgr2 manages emp2 as the team's manager.
  acme.addTeam({ members: [emp.id], managers: [mgr.id] })
  acme.addTeam({ managerId: mgr2.id, members: [emp2.id, mgr.id] })
  acme.addTeam({ managerId: outsider.id, members: [] })
})
afterAll(() => world.close())

const sqlite = () => world.rt.handle.sqlite
const client = (p: Person) => api(world.server, p.key)
const timesheetEvents = () => sqlite().query("select count(*) n from events where tenant_id = ? and type like 'timesheet.%'").get(acme.id) as { n: number }

describe('submit_timesheet', () => {
  test('builds the period from closed time logs, links them and emits timesheet.submitted', async () => {
    const a = acme.addTimeLog(emp.id, at(lastMonday, 9), at(lastMonday, 17))
    const b = acme.addTimeLog(emp.id, at(addDays(lastMonday, 1), 9), at(addDays(lastMonday, 1), 13.5))
    acme.addTimeLog(emp.id, at(addDays(lastMonday, -3), 9), at(addDays(lastMonday, -3), 17)) // the week before
    acme.addTimeLog(emp.id, at(today, 0.5), null) // open: not part of any timesheet yet
    const res = await client(emp).post('/timesheets/submit', { date: addDays(lastMonday, 3) })
    expect(res.status).toBe(200)
    const sheet = res.body.timesheet
    expect(sheet).toMatchObject({
      user_id: emp.id,
      period_start: lastMonday,
      period_end: addDays(lastMonday, 6),
      status: 'submitted',
      total_seconds: 45000,
      total_hours: 12.5,
    })
    expect(sheet.time_log_ids.sort()).toEqual([a, b].sort())
    expect(sheet.history.map((h: { from_status: string | null; to_status: string }) => [h.from_status, h.to_status])).toEqual([
      [null, 'draft'],
      ['draft', 'submitted'],
    ])
    const linked = sqlite().query('select count(*) n from time_logs where timesheet_id = ?').get(sheet.id) as { n: number }
    expect(linked.n).toBe(2)
    expect(acme.events('timesheet.submitted').at(-1)).toMatchObject({ timesheetId: sheet.id, userEmail: emp.email, periodStart: lastMonday, totalHours: 12.5 })
  })

  test('refuses a period that has not started', async () => {
    const res = await client(emp).post('/timesheets/submit', { date: addDays(today, 14) })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid_argument')
  })
})

describe('approve_timesheet and reject_timesheet', () => {
  test("a manager of the employee's team approves; the payload is exactly the spec's", async () => {
    const sheet = (await client(emp).get(`/timesheets/${await sheetIdOf(emp, lastMonday)}`)).body.timesheet
    const res = await client(mgr).post(`/timesheets/${sheet.id}/approve`)
    expect(res.status).toBe(200)
    expect(res.body.timesheet).toMatchObject({ status: 'approved', decided_by_user_id: mgr.id })
    expect(acme.events('timesheet.approved').at(-1)).toEqual({
      userEmail: emp.email,
      periodStart: lastMonday,
      periodEnd: addDays(lastMonday, 6),
      totalHours: 12.5,
      approvedByEmail: mgr.email,
      approvedAt: res.body.timesheet.decided_at,
    })
  })

  test('an approved timesheet is locked: resubmitting, approving or rejecting it is a conflict and emits nothing', async () => {
    const id = await sheetIdOf(emp, lastMonday)
    const before = timesheetEvents().n
    expect((await client(emp).post('/timesheets/submit', { date: lastMonday })).body.error.code).toBe('conflict')
    expect((await client(mgr).post(`/timesheets/${id}/approve`)).body.error.code).toBe('conflict')
    expect((await client(admin).post(`/timesheets/${id}/reject`, { reason: 'too late' })).body.error.code).toBe('conflict')
    expect(timesheetEvents().n).toBe(before)
    const history = sqlite().query('select count(*) n from timesheet_status_history where timesheet_id = ?').get(id) as { n: number }
    expect(history.n).toBe(3)
  })

  test('a rejected timesheet is fixed and resubmitted, then approved', async () => {
    acme.addTimeLog(emp2.id, at(lastMonday, 8), at(lastMonday, 12))
    const sheet = (await client(emp2).post('/timesheets/submit', { date: lastMonday })).body.timesheet
    const rejected = await client(mgr2).post(`/timesheets/${sheet.id}/reject`, { reason: 'Tuesday is missing' })
    expect(rejected.body.timesheet).toMatchObject({ status: 'rejected', rejection_reason: 'Tuesday is missing' })
    expect(acme.events('timesheet.rejected').at(-1)).toMatchObject({
      timesheetId: sheet.id,
      userEmail: emp2.email,
      reason: 'Tuesday is missing',
      rejectedByEmail: mgr2.email,
    })
    // The employee adds the missing day and submits again.
    acme.addTimeLog(emp2.id, at(addDays(lastMonday, 1), 8), at(addDays(lastMonday, 1), 12))
    const again = await client(emp2).post('/timesheets/submit', { date: lastMonday })
    expect(again.body.timesheet).toMatchObject({ id: sheet.id, status: 'submitted', total_seconds: 8 * 3600, rejection_reason: null })
    expect(again.body.timesheet.time_log_ids).toHaveLength(2)
    const approved = await client(mgr2).post(`/timesheets/${sheet.id}/approve`)
    expect(approved.body.timesheet.history.map((h: { to_status: string }) => h.to_status)).toEqual(['draft', 'submitted', 'rejected', 'submitted', 'approved'])
  })

  test('a rejection needs a reason', async () => {
    const who = acme.addUser()
    acme.addTeam({ managerId: mgr.id, members: [who.id] })
    const sheet = (await client(who).post('/timesheets/submit', { date: lastMonday })).body.timesheet
    expect((await client(mgr).post(`/timesheets/${sheet.id}/reject`, {})).status).toBe(400)
    expect((await client(mgr).post(`/timesheets/${sheet.id}/reject`, { reason: '   ' })).body.error.code).toBe('invalid_argument')
  })
})

describe('who may decide', () => {
  let sheetId = ''
  beforeAll(async () => {
    const week = addDays(lastMonday, -7)
    sheetId = (await client(emp).post('/timesheets/submit', { date: week })).body.timesheet.id
  })

  test('an employee key cannot approve (forbidden)', async () => {
    const res = await client(emp2).post(`/timesheets/${sheetId}/approve`)
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('forbidden')
  })

  test('a manager cannot approve a timesheet of a team they do not manage', async () => {
    const res = await client(outsider).post(`/timesheets/${sheetId}/approve`)
    expect(res.status).toBe(403)
    expect(res.body.error.message).toContain('team you manage')
  })

  test('nobody approves their own timesheet, managers and admins included', async () => {
    for (const self of [mgr, admin]) {
      const own = (await client(self).post('/timesheets/submit', { date: lastMonday })).body.timesheet
      const res = await client(self).post(`/timesheets/${own.id}/approve`)
      expect(res.status).toBe(403)
      expect(res.body.error.message).toContain('your own')
    }
  })

  test("another tenant's timesheet ids are not found, for approval and for reading", async () => {
    const stranger = other.addUser({ role: 'admin' })
    for (const res of [await client(stranger).post(`/timesheets/${sheetId}/approve`), await client(stranger).get(`/timesheets/${sheetId}`)]) {
      expect(res.status).toBe(404)
      expect(res.body.error.code).toBe('not_found')
    }
  })

  test('employees read their own timesheets; managers those of their teams', async () => {
    expect((await client(emp).get(`/timesheets/${sheetId}`)).status).toBe(200)
    expect((await client(mgr).get(`/timesheets/${sheetId}`)).status).toBe(200)
    expect((await client(emp2).get(`/timesheets/${sheetId}`)).status).toBe(403)
    expect((await client(outsider).get(`/timesheets/${sheetId}`)).status).toBe(403)
  })

  test('an admin approves anyone else', async () => {
    expect((await client(admin).post(`/timesheets/${sheetId}/approve`)).body.timesheet.status).toBe('approved')
  })
})

describe('the timesheet state machine over HTTP', () => {
  const LEGAL: Record<'submit' | 'approve' | 'reject', TimesheetStatus[]> = {
    submit: ['draft', 'rejected'],
    approve: ['submitted', 'auto_generated'],
    reject: ['submitted', 'auto_generated'],
  }
  const RESULT = { submit: 'submitted', approve: 'approved', reject: 'rejected' } as const

  for (const from of TIMESHEET_STATUSES) {
    for (const action of ['submit', 'approve', 'reject'] as const) {
      const legal = LEGAL[action].includes(from)
      test(`${action} on a ${from} timesheet ${legal ? `moves it to ${RESULT[action]}` : 'is refused with conflict and changes nothing'}`, async () => {
        const owner = acme.addUser()
        acme.addTeam({ managerId: mgr.id, members: [owner.id] })
        const id = newId()
        sqlite()
          .prepare(
            'insert into timesheets (id, tenant_id, user_id, period_start, period_end, status, total_seconds, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 0, ?, ?)',
          )
          .run(id, acme.id, owner.id, lastMonday, addDays(lastMonday, 6), from, Date.now(), Date.now())
        const events = timesheetEvents().n
        const res =
          action === 'submit'
            ? await client(owner).post('/timesheets/submit', { date: lastMonday })
            : await client(mgr).post(`/timesheets/${id}/${action}`, action === 'reject' ? { reason: 'no' } : undefined)
        const status = (sqlite().query('select status from timesheets where id = ?').get(id) as { status: string }).status
        if (legal) {
          expect(res.status).toBe(200)
          expect(status).toBe(RESULT[action])
          expect(timesheetEvents().n).toBe(events + 1)
        } else {
          expect(res.status).toBe(409)
          expect(res.body.error.code).toBe('conflict')
          expect(status).toBe(from)
          expect(timesheetEvents().n).toBe(events)
          expect((sqlite().query('select count(*) n from timesheet_status_history where timesheet_id = ?').get(id) as { n: number }).n).toBe(0)
        }
      })
    }
  }
})

async function sheetIdOf(p: Person, periodStart: string): Promise<string> {
  return (sqlite().query('select id from timesheets where user_id = ? and period_start = ?').get(p.id, periodStart) as { id: string }).id
}
