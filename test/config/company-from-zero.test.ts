/**
 * Issue 14, "Done when": a company built from zero through the operator's CLI only (no seed) —
 * EUR, Europe/Berlin, a biweekly pay period, three teams, rates with a mid-period raise, two offices,
 * shifts, a holiday and a vacation, tenant app categories — then two weeks of attendance and
 * activity driven over the client API, and every figure checked against values computed by hand
 * here: payroll per person in EUR with the raise, the overtime premium and unpaid breaks deducted;
 * no "not clocked in" alert on the holiday or the vacation; productivity scores that follow the
 * tenant's categories; a correction that changes a timesheet with an audit row; a correction to a
 * closed period that lands as an adjustment.
 *
 * The server and the CLI are the product, unmodified; their clock is moved by libfaketime
 * (test/helpers/fake-clock.ts), so March 2026 passes in a minute.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { fakeClock, type FakeClock } from '../helpers/fake-clock'
import { callTool, mcpClient } from '../helpers/mcp'

setDefaultTimeout(180_000)

let clock: FakeClock
let server: TestServer
let tenant = ''
let ownerKey = ''
let adminToken = ''

// Berlin is UTC+1 in early March 2026 (summer time starts on 29 March).
const utc = (date: string, berlinTime: string) => new Date(`${date}T${berlinTime}:00+01:00`).toISOString()
const OFFICES = {
  berlin: { name: 'Berlin HQ', lat: 52.52, lon: 13.405 },
  hamburg: { name: 'Hamburg Hafen', lat: 53.5511, lon: 9.9937 },
}

/** The weekdays of the two weeks of the first pay period (biweekly from Monday 2 March). */
const WEEK1 = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']
const WEEK2 = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13']
const HOLIDAY = '2026-03-13' // a company holiday of the Berlin office only
const VACATION = '2026-03-10' // Dirk's day off

interface Person {
  email: string
  name: string
  role: 'employee' | 'manager'
  team: string
  office: keyof typeof OFFICES
  /** Local clock-in, lunch start, clock-out on a working day. */
  day: { in: string; lunch: string; out: string }
  id: string
  key: string
}

const people: Record<'ana' | 'ben' | 'carla' | 'dirk' | 'emil', Person> = {
  ana: {
    email: 'ana@brandt.test',
    name: 'Ana Alves',
    role: 'employee',
    team: 'IT',
    office: 'hamburg',
    day: { in: '08:00', lunch: '12:00', out: '17:30' },
    id: '',
    key: '',
  },
  ben: {
    email: 'ben@brandt.test',
    name: 'Ben Becker',
    role: 'employee',
    team: 'Lager',
    office: 'berlin',
    day: { in: '07:00', lunch: '11:30', out: '15:30' },
    id: '',
    key: '',
  },
  carla: {
    email: 'carla@brandt.test',
    name: 'Carla Conti',
    role: 'manager',
    team: 'Buero',
    office: 'berlin',
    day: { in: '09:00', lunch: '12:30', out: '17:00' },
    id: '',
    key: '',
  },
  dirk: {
    email: 'dirk@brandt.test',
    name: 'Dirk Dahl',
    role: 'employee',
    team: 'Buero',
    office: 'berlin',
    day: { in: '09:00', lunch: '13:00', out: '17:30' },
    id: '',
    key: '',
  },
  // Scheduled with the warehouse, never comes: the alert that must fire on ordinary days.
  emil: {
    email: 'emil@brandt.test',
    name: 'Emil Engel',
    role: 'employee',
    team: 'Lager',
    office: 'berlin',
    day: { in: '07:00', lunch: '11:30', out: '15:30' },
    id: '',
    key: '',
  },
}
/** Who comes to work (Emil does not). */
const WORKERS = [people.ana, people.ben, people.carla, people.dirk]

async function cli(args: string[]): Promise<Record<string, any>> {
  const res = await server.cli([...args, '--tenant', tenant, '--json'])
  if (res.code !== 0) throw new Error(`workforce ${args.join(' ')} failed (${res.code}): ${res.stderr || res.stdout}`)
  return JSON.parse(res.stdout)
}

async function client(key: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, any>> {
  const res = await fetch(`${server.url}/api/v1/client${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await res.json()) as Record<string, any>
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

async function rest(path: string): Promise<Record<string, any>> {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${adminToken}` } })
  const json = (await res.json()) as Record<string, any>
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

/** One working day of a person over the client API, each call at its local time. */
async function workDay(p: Person, date: string) {
  const office = OFFICES[p.office]
  clock.set(utc(date, p.day.in))
  await client(p.key, 'POST', '/clock-in', { latitude: office.lat, longitude: office.lon })
  clock.set(utc(date, p.day.lunch))
  await client(p.key, 'POST', '/breaks/start', { kind: 'lunch' })
  clock.set(utc(date, addMinutes(p.day.lunch, 30)))
  await client(p.key, 'POST', '/breaks/end', {})
  if (p === people.ana) {
    // A short paid break (kind break is paid in this company): not deducted.
    clock.set(utc(date, '15:00'))
    await client(p.key, 'POST', '/breaks/start', { kind: 'break' })
    clock.set(utc(date, '15:10'))
    await client(p.key, 'POST', '/breaks/end', {})
  }
  clock.set(utc(date, p.day.out))
  if (p === people.ana) await client(p.key, 'POST', '/activity/samples', { batch_id: `ana-${date}`, samples: anasDay(date) })
  await client(p.key, 'POST', '/clock-out', { latitude: office.lat, longitude: office.lon })
}

const addMinutes = (hhmm: string, minutes: number) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  const total = h * 60 + m + minutes
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}

/** Ana's desktop: 4 h of VS Code, 1 h of Slack, 30 min of YouTube, 15 min idle. */
function anasDay(date: string) {
  const sample = (application: string, start: string, minutes: number, idle = false) => ({
    application,
    started_at: utc(date, start),
    duration_seconds: minutes * 60,
    idle,
  })
  return [
    sample('Visual Studio Code', '08:00', 60),
    sample('Visual Studio Code', '09:00', 60),
    sample('Slack', '10:00', 60),
    sample('Visual Studio Code', '13:00', 60),
    sample('Visual Studio Code', '14:00', 60),
    sample('YouTube', '15:10', 30),
    sample('Visual Studio Code', '15:40', 15, true),
  ]
}

beforeAll(async () => {
  clock = fakeClock('2026-02-23T08:00:00Z')
  server = await startServer({ env: clock.env })
  const created = await server.cli([
    'tenant',
    'create',
    '--name',
    'Brandt Logistik GmbH',
    '--owner-email',
    'olga@brandt.test',
    '--owner-name',
    'Olga Brandt',
    '--timezone',
    'Europe/Berlin',
    '--plan',
    'business',
    '--json',
  ])
  expect(created.code).toBe(0)
  const out = JSON.parse(created.stdout) as { tenant: string; key: string }
  tenant = out.tenant
  ownerKey = out.key
})
afterAll(async () => {
  await server?.stop()
  clock?.close()
})

describe('a company from zero, through the CLI only', () => {
  test('settings: EUR, Europe/Berlin, de-DE, biweekly from Monday 2 March, overtime above contract hours, lunch unpaid', async () => {
    const settings = await cli([
      'settings',
      'set',
      '--currency',
      'EUR',
      '--locale',
      'de-DE',
      '--pay-period',
      'biweekly',
      '--pay-period-anchor',
      '2026-03-02',
      '--week-start',
      '1',
      '--pay-overtime-weekly-hours',
      'null',
      '--overtime-multiplier',
      '1.5',
      '--paid-break-kinds',
      'break',
    ])
    expect(settings.settings).toMatchObject({ currency: 'EUR', timezone: 'Europe/Berlin', pay_period: 'biweekly', paid_break_kinds: ['break'] })
  })

  test('two offices, three teams, four people with their keys, an admin token', async () => {
    for (const o of Object.values(OFFICES)) await cli(['offices', 'add', '--name', o.name, '--lat', String(o.lat), '--lon', String(o.lon), '--radius', '200'])
    for (const p of Object.values(people)) {
      const added = await cli(['users', 'add', '--email', p.email, '--name', p.name, '--role', p.role, '--team', p.team])
      p.id = added.user_id
      await cli(['users', 'update', p.email, '--home-office-id', OFFICES[p.office].name, '--weekly-hours', '40', '--start-date', '2026-03-01'])
      const key = await cli(['keys', 'create', '--kind', 'live', '--user', p.email])
      p.key = key.key
    }
    adminToken = (await cli(['keys', 'create', '--kind', 'api', '--role', 'admin', '--scope', 'read'])).key
    const offices = await cli(['offices', 'list'])
    expect(offices.data.map((o: { name: string }) => o.name).sort()).toEqual(['Berlin HQ', 'Hamburg Hafen'])
  })

  test('rates: a tenant default, a team default, a role default, and Ana with a raise from the second week', async () => {
    await cli(['rates', 'default', '--hourly-rate-cents', '2000', '--effective-from', '2026-03-01'])
    await cli(['rates', 'default', '--team-id', 'Lager', '--hourly-rate-cents', '1800', '--effective-from', '2026-03-01'])
    await cli(['rates', 'default', '--role', 'manager', '--hourly-rate-cents', '3000', '--effective-from', '2026-03-01'])
    await cli(['rates', 'set', '--user-id', people.ana.email, '--hourly-rate-cents', '2500', '--effective-from', '2026-03-01'])
    await cli(['rates', 'set', '--user-id', people.ana.email, '--hourly-rate-cents', '2800', '--effective-from', '2026-03-09', '--reason', 'raise'])
    const history = await cli(['rates', 'history', '--user-id', people.ana.email])
    expect(JSON.stringify(history)).toContain('2800')
  })

  test('shifts: a template per team, published weekly schedules for the two weeks; a Berlin holiday and a vacation', async () => {
    await cli(['schedules', 'template-add', '--name', 'IT', '--start-time', '08:00', '--end-time', '17:30', '--break-minutes', '30'])
    await cli(['schedules', 'template-add', '--name', 'Lager', '--start-time', '07:00', '--end-time', '15:30', '--break-minutes', '30'])
    await cli(['schedules', 'template-add', '--name', 'Buero', '--start-time', '09:00', '--end-time', '17:30', '--break-minutes', '30'])
    for (const team of ['IT', 'Lager', 'Buero'])
      await cli([
        'schedules',
        'create',
        '--template-id',
        team,
        '--team-id',
        team,
        '--from',
        '2026-03-02',
        '--until',
        '2026-03-13',
        '--days-of-week',
        '[1,2,3,4,5]',
        '--publish',
      ])
    await cli(['absences', 'holiday-add', '--date', HOLIDAY, '--name', 'Betriebsfeiertag Berlin', '--office-id', OFFICES.berlin.name])
    await cli(['absences', 'add', '--user-id', people.dirk.email, '--kind', 'vacation', '--start-date', VACATION])
    const shifts = await rest('/shifts/schedules?from=2026-03-02&to=2026-03-13&page_size=100')
    expect(shifts.pagination.total).toBe(5 * 10)
  })

  test('app categories of the tenant: VS Code productive, Slack neutral, YouTube unproductive', async () => {
    await cli(['categories', 'add', '--pattern', 'Visual Studio Code', '--category', 'productive'])
    await cli(['categories', 'add', '--pattern', 'Slack', '--category', 'neutral'])
    await cli(['categories', 'add', '--pattern', 'YouTube', '--category', 'unproductive'])
  })
})

describe('two weeks of attendance and activity over the client API', () => {
  test('everyone works their days; Berlin has a holiday on 13 March; Dirk is on vacation on 10 March', async () => {
    for (const date of [...WEEK1, ...WEEK2]) {
      for (const p of WORKERS) {
        if (date === HOLIDAY && OFFICES[p.office] === OFFICES.berlin) continue
        if (date === VACATION && p === people.dirk) continue
        await workDay(p, date)
      }
    }
  })

  test('the period ends: everyone submits, the owner approves', async () => {
    clock.set('2026-03-16T08:00:00Z')
    for (const p of WORKERS) {
      const submitted = await client(p.key, 'POST', '/timesheets/submit', { date: '2026-03-13' })
      expect(submitted.timesheet).toMatchObject({ period_start: '2026-03-02', period_end: '2026-03-15', status: 'submitted' })
      await client(ownerKey, 'POST', `/timesheets/${submitted.timesheet.id}/approve`, {})
    }
  })
})

describe('"not clocked in" follows the published schedules, the holiday and the vacation', () => {
  test('Emil is missed on ordinary days; nobody in Berlin on the holiday; Dirk not on his vacation', async () => {
    const mcp = await mcpClient(server.url, ownerKey)
    const missing: Record<string, string[]> = {}
    const names = new Map(Object.entries(people).map(([n, p]) => [p.id, n]))
    try {
      for (const date of ['2026-03-10', '2026-03-11', HOLIDAY]) {
        const run = await server.cli(['jobs', 'run', 'dashboard.workload_alerts', '--tenant', tenant, '--date', date, '--now', `${date}T23:30:00.000Z`])
        expect(run.code).toBe(0)
        const r = await callTool(mcp, 'get_workload_alerts', { date })
        expect(r.isError).toBe(false)
        missing[date] = (r.structured.alerts as { kind: string; user_id: string }[])
          .filter((a) => a.kind === 'not_clocked_in')
          .map((a) => names.get(a.user_id) ?? a.user_id)
          .sort()
      }
    } finally {
      await mcp.close()
    }
    expect(missing).toEqual({ '2026-03-10': ['emil'], '2026-03-11': ['emil'], [HOLIDAY]: [] })
  })
})

describe('what the company is told, against values computed by hand', () => {
  const payroll = async (start: string, end: string) => {
    const body = await rest(`/payroll/calculations?period_start=${start}&period_end=${end}&page_size=100`)
    return new Map((body.data as { email: string }[]).map((l) => [l.email, l as Record<string, any>]))
  }
  const sheetOf = async (p: Person) => {
    const list = await rest(`/timesheets?user_id=${p.id}&page_size=100`)
    const sheet = (list.data as { id: string; period_start: string }[]).find((t) => t.period_start === '2026-03-02')!
    return (await rest(`/timesheets/${sheet.id}`)) as { timesheet: { total_hours: number }; entries: { time_log_id: string; date: string }[] }
  }

  test('a manager corrects an entry in the open period: the timesheet changes and the audit log keeps before and after', async () => {
    clock.set('2026-03-16T09:00:00Z')
    const before = await sheetOf(people.dirk)
    expect(before.timesheet.total_hours).toBe(64)
    const entry = before.entries.find((e) => e.date === '2026-03-03')!
    const corrected = await client(people.carla.key, 'POST', `/time-entries/${entry.time_log_id}/correct`, {
      clock_out_at: utc('2026-03-03', '18:30'),
      reason: 'Stayed for the quarterly inventory',
    })
    expect(corrected.correction).toMatchObject({ adjustment: null, before: { worked_seconds: 8 * 3600 }, after: { worked_seconds: 9 * 3600 } })
    expect((await sheetOf(people.dirk)).timesheet.total_hours).toBe(65)
    const audit = await cli(['audit', 'list', '--entity', 'time_entry'])
    expect(audit.data[0]).toMatchObject({
      action: 'time_entry.corrected',
      entity_id: entry.time_log_id,
      reason: 'Stayed for the quarterly inventory',
      actor: { kind: 'user', user_id: people.carla.id },
      before: { clock_out_at: utc('2026-03-03', '17:30') },
      after: { clock_out_at: utc('2026-03-03', '18:30') },
    })
  })

  test('payroll per person in EUR: each day at its rate, overtime above 40 h a week at 1.5, lunch deducted, the paid break not', async () => {
    const lines = await payroll('2026-03-02', '2026-03-15')
    // Ana: 9 h a day (08:00-17:30 less the 30 min lunch; the 10 min break is paid), 45 h a week:
    // week 1 at 25.00 = 40 x 25 + 5 x 25 x 1.5 = 1,187.50; week 2 at 28.00 = 40 x 28 + 5 x 28 x 1.5 = 1,330.00.
    expect(lines.get(people.ana.email)).toMatchObject({ currency: 'EUR', regular_hours: 80, overtime_hours: 10, absence_hours: 0, amount_cents: 251750 })
    // Ben (team Lager, 18.00): 8 h a day, 9 days = 72 h, no overtime; the Berlin holiday is paid at
    // its shift's 8 h: 72 x 18 + 8 x 18 = 1,440.00.
    expect(lines.get(people.ben.email)).toMatchObject({ currency: 'EUR', regular_hours: 72, overtime_hours: 0, absence_hours: 8, amount_cents: 144000 })
    // Carla (role manager, 30.00): 7.5 h a day, 9 days = 67.5 h; the holiday at the Buero shift's 8 h:
    // 67.5 x 30 + 8 x 30 = 2,265.00.
    expect(lines.get(people.carla.email)).toMatchObject({ regular_hours: 67.5, overtime_hours: 0, absence_hours: 8, amount_cents: 226500 })
    // Dirk (tenant default, 20.00): 8 h a day, 8 days (vacation and holiday off) = 64 h, + 1 h corrected
    // on 3 March: week 1 is 41 h, so that hour is overtime: 64 x 20 + 1 x 20 x 1.5 = 1,310.00; the
    // vacation day and the holiday are paid at the shift's 8 h each: + 16 x 20 = 1,630.00.
    expect(lines.get(people.dirk.email)).toMatchObject({ regular_hours: 64, overtime_hours: 1, absence_hours: 16, amount_cents: 163000 })
  })

  test('a correction to the closed period leaves it frozen and lands as an adjustment in the next one', async () => {
    const closed = await server.cli(['jobs', 'run', 'payroll.period_close', '--tenant', tenant, '--date', '2026-03-15'])
    expect(closed.code).toBe(0)
    clock.set('2026-03-17T09:00:00Z')
    const entry = (await sheetOf(people.ana)).entries.find((e) => e.date === '2026-03-12')!
    const corrected = await client(ownerKey, 'POST', `/time-entries/${entry.time_log_id}/correct`, {
      clock_out_at: utc('2026-03-12', '18:30'),
      reason: 'Release night',
    })
    expect(corrected.correction.adjustment).toEqual({ seconds: 3600, lands_on: '2026-03-17' })
    // The closed period is frozen: Ana's pay for it is unchanged.
    expect((await payroll('2026-03-02', '2026-03-15')).get(people.ana.email)).toMatchObject({ amount_cents: 251750, adjustment_hours: 0 })
    // The next period pays the hour at the rate of the day it was worked (28.00).
    expect((await payroll('2026-03-16', '2026-03-29')).get(people.ana.email)).toMatchObject({
      adjustment_hours: 1,
      adjustment_amount_cents: 2800,
      amount_cents: 2800,
    })
  })

  test("productivity follows the tenant's categories: 4 h productive of 5.5 h active = 73", async () => {
    const summary = await rest('/activity/summary?date=2026-03-04')
    const ana = (summary.users as { user_id: string; productivity_score: number }[]).find((u) => u.user_id === people.ana.id)
    expect(ana).toMatchObject({ productivity_score: 73 })
  })
})
