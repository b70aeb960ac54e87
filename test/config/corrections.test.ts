import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture, createPersonFixture, createTenantFixture, type TenantFixture } from '../helpers/fixtures'

// Time corrections (issue 14, item 8) through the real client API and CLI of a real server: a
// manager adds and corrects an employee's entries with a reason, the timesheet follows, the audit
// log keeps before and after, the employee sees the corrections, and a closed payroll period stays
// frozen while the difference lands as an adjustment.

let server: TestServer
let company: TenantFixture
let manager: { id: string; email: string; key: string }
let employee: { id: string; email: string; key: string }
let admin: { id: string; email: string; key: string }

const DAY = 86_400_000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** Monday (UTC) of the week holding ms. */
const mondayOf = (ms: number) => {
  const d = new Date(ms)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7))
}
const at = (dayMs: number, hhmm: string) => `${isoDate(dayMs)}T${hhmm}:00.000Z`

// A day of last week (an open pay period) and a Monday three weeks back (closed during the test).
const lastWeek = mondayOf(Date.now()) - 7 * DAY + DAY
const longAgo = mondayOf(Date.now()) - 21 * DAY

async function call(key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/v1/client${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

async function auditEntries() {
  const res = await server.cli(['audit', 'list', '--tenant', company.tenant, '--entity', 'time_entry', '--page-size', '100', '--json'])
  expect(res.code).toBe(0)
  return (JSON.parse(res.stdout) as { data: { action: string; reason: string; before: any; after: any }[] }).data
}

beforeAll(async () => {
  server = await startServer()
  company = await createTenantFixture(server)
  manager = await createPersonFixture(server, company.tenant, { role: 'manager', team: 'Field' })
  employee = await createPersonFixture(server, company.tenant, { role: 'employee', team: 'Field' })
  admin = await createPersonFixture(server, company.tenant, { role: 'admin' })
})
afterAll(() => server?.stop())

describe('time corrections', () => {
  let entryId: string
  let sheetId: string

  test('a manager adds a missed entry; the submitted timesheet counts it; a correction moves its total', async () => {
    const added = await call(manager.key, 'POST', '/time-entries', {
      user_id: employee.id,
      clock_in_at: at(lastWeek, '09:00'),
      clock_out_at: at(lastWeek, '17:00'),
      reason: 'Forgot to clock in, confirmed by the site log',
    })
    expect(added.status).toBe(201)
    expect(added.body.correction).toMatchObject({ kind: 'added', user_id: employee.id, before: null, adjustment: null, after: { worked_seconds: 8 * 3600 } })
    entryId = added.body.correction.time_log_id

    const submitted = await call(employee.key, 'POST', '/timesheets/submit', { date: isoDate(lastWeek) })
    expect(submitted.status).toBe(200)
    sheetId = submitted.body.timesheet.id
    expect(submitted.body.timesheet).toMatchObject({ total_seconds: 8 * 3600, time_log_ids: [entryId] })

    const corrected = await call(manager.key, 'POST', `/time-entries/${entryId}/correct`, {
      clock_out_at: at(lastWeek, '18:30'),
      reason: 'Stayed for the delivery',
    })
    expect(corrected.status).toBe(200)
    expect(corrected.body.correction).toMatchObject({
      kind: 'edited',
      before: { worked_seconds: 8 * 3600 },
      after: { worked_seconds: 9.5 * 3600 },
      adjustment: null,
    })

    const sheet = await call(employee.key, 'GET', `/timesheets/${sheetId}`)
    expect(sheet.status).toBe(200)
    expect(sheet.body.timesheet).toMatchObject({ total_seconds: 9.5 * 3600, total_hours: 9.5, status: 'submitted' })
  })

  test('the audit log keeps who, why, before and after; the employee sees the corrections', async () => {
    const entries = await auditEntries()
    expect(entries.map((e) => e.action)).toEqual(['time_entry.corrected', 'time_entry.added'])
    expect(entries[0]).toMatchObject({
      reason: 'Stayed for the delivery',
      before: { clock_out_at: at(lastWeek, '17:00'), worked_seconds: 8 * 3600 },
      after: { clock_out_at: at(lastWeek, '18:30'), worked_seconds: 9.5 * 3600 },
    })
    const mine = await call(employee.key, 'GET', '/me/time-corrections')
    expect(mine.status).toBe(200)
    expect(mine.body.data.map((c: { reason: string }) => c.reason)).toEqual(['Stayed for the delivery', 'Forgot to clock in, confirmed by the site log'])
    expect(mine.body.data[0].corrected_by_user_id).toBe(manager.id)
  })

  test('a correction in a closed payroll period leaves the entry frozen and lands as an adjustment', async () => {
    const added = await call(admin.key, 'POST', '/time-entries', {
      user_id: employee.id,
      clock_in_at: at(longAgo, '08:00'),
      clock_out_at: at(longAgo, '16:00'),
      reason: 'Paper timesheet entered late',
    })
    expect(added.status).toBe(201)
    const oldEntry = added.body.correction.time_log_id
    const close = await server.cli(['jobs', 'run', 'payroll.period_close', '--tenant', company.tenant, '--date', isoDate(longAgo + 6 * DAY)])
    expect(close.code).toBe(0)

    const first = await call(manager.key, 'POST', `/time-entries/${oldEntry}/correct`, { clock_out_at: at(longAgo, '18:00'), reason: 'Overtime not recorded' })
    expect(first.status).toBe(200)
    const today = new Date().toISOString().slice(0, 10)
    expect(first.body.correction).toMatchObject({
      before: { worked_seconds: 8 * 3600 },
      after: { worked_seconds: 10 * 3600 },
      adjustment: { seconds: 2 * 3600 },
    })
    expect(first.body.correction.adjustment.lands_on >= today).toBe(true)

    // A second correction counts from what was already paid, not from the frozen entry.
    const second = await call(manager.key, 'POST', `/time-entries/${oldEntry}/correct`, { clock_out_at: at(longAgo, '17:00'), reason: 'Overtime was one hour' })
    expect(second.body.correction).toMatchObject({ before: { worked_seconds: 10 * 3600 }, after: { worked_seconds: 9 * 3600 }, adjustment: { seconds: -3600 } })

    // A closed period adds no entry either: the whole entry is an adjustment.
    const late = await call(admin.key, 'POST', '/time-entries', {
      user_id: employee.id,
      clock_in_at: at(longAgo + DAY, '10:00'),
      clock_out_at: at(longAgo + DAY, '12:00'),
      reason: 'Training session',
    })
    expect(late.status).toBe(201)
    expect(late.body.correction).toMatchObject({ time_log_id: null, adjustment: { seconds: 2 * 3600 } })
  })

  test('the adjustments are paid in the period they land in, at the rate of the day worked', async () => {
    expect((await server.cli(['rates', 'default', '--tenant', company.tenant, '--hourly-rate-cents', '2000', '--effective-from', '2020-01-01'])).code).toBe(0)
    const token = await createKeyFixture(server, company.tenant, { kind: 'api', role: 'admin', scope: 'read' })
    const monday = isoDate(mondayOf(Date.now()))
    const res = await fetch(`${server.url}/api/v1/payroll/calculations?period_start=${monday}&period_end=${isoDate(mondayOf(Date.now()) + 6 * DAY)}`, {
      headers: { authorization: `Bearer ${token.key}` },
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { data: { user_id: string; adjustment_hours: number; adjustment_amount_cents: number; amount_cents: number }[] }
    const line = body.data.find((l) => l.user_id === employee.id)
    // +2 h, then -1 h on the frozen entry, and the 2 h training entry: 3 h at 20.00.
    expect(line).toMatchObject({ adjustment_hours: 3, adjustment_amount_cents: 6000 })
    expect(line!.amount_cents).toBeGreaterThanOrEqual(6000)
  })

  test('refusals: overlap, bad times, own time, employees; nothing is written', async () => {
    const before = (await auditEntries()).length
    const overlap = await call(manager.key, 'POST', '/time-entries', {
      user_id: employee.id,
      clock_in_at: at(lastWeek, '12:00'),
      clock_out_at: at(lastWeek, '20:00'),
      reason: 'Double entry',
    })
    expect([overlap.status, overlap.body.error.code]).toEqual([409, 'conflict'])
    expect(overlap.body.error.details.overlapping_time_log_id).toBe(entryId)

    const backwards = await call(manager.key, 'POST', `/time-entries/${entryId}/correct`, { clock_out_at: at(lastWeek, '08:00'), reason: 'Typo' })
    expect([backwards.status, backwards.body.error.code]).toEqual([400, 'invalid_argument'])
    expect(backwards.body.error.details.errors[0].field).toBe('clock_out_at')

    const noReason = await call(manager.key, 'POST', `/time-entries/${entryId}/correct`, { clock_out_at: at(lastWeek, '18:00') })
    expect(noReason.status).toBe(400)

    const mine = await call(admin.key, 'POST', '/time-entries', {
      user_id: manager.id,
      clock_in_at: at(lastWeek, '09:00'),
      clock_out_at: at(lastWeek, '10:00'),
      reason: 'Manager meeting',
    })
    expect(mine.status).toBe(201)
    const own = await call(manager.key, 'POST', `/time-entries/${mine.body.correction.time_log_id}/correct`, {
      clock_out_at: at(lastWeek, '12:00'),
      reason: 'Longer meeting',
    })
    expect([own.status, own.body.error.code]).toEqual([403, 'forbidden'])

    const byEmployee = await call(employee.key, 'POST', '/time-entries', {
      user_id: employee.id,
      clock_in_at: at(lastWeek, '19:00'),
      clock_out_at: at(lastWeek, '20:00'),
      reason: 'Myself',
    })
    expect([byEmployee.status, byEmployee.body.error.code]).toEqual([403, 'forbidden'])

    expect((await auditEntries()).length).toBe(before + 1)
    const sheet = await call(employee.key, 'GET', `/timesheets/${sheetId}`)
    expect(sheet.body.timesheet.total_seconds).toBe(9.5 * 3600)
  })

  test('the operator corrects through the CLI, naming the person by e-mail', async () => {
    const res = await server.cli([
      'corrections',
      'add',
      '--tenant',
      company.tenant,
      '--user-id',
      employee.email,
      '--clock-in-at',
      at(lastWeek + DAY, '09:00'),
      '--clock-out-at',
      at(lastWeek + DAY, '13:00'),
      '--reason',
      'Entered from the paper log',
      '--json',
    ])
    expect(res.code).toBe(0)
    expect(JSON.parse(res.stdout).correction).toMatchObject({
      kind: 'added',
      user_id: employee.id,
      corrected_by_user_id: null,
      after: { worked_seconds: 4 * 3600 },
    })
    const bad = await server.cli([
      'corrections',
      'add',
      '--tenant',
      company.tenant,
      '--user-id',
      'nobody@nowhere.test',
      '--clock-in-at',
      'x',
      '--clock-out-at',
      'y',
      '--reason',
      'r',
    ])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--user-id: no user "nobody@nowhere.test"')
  })
})
