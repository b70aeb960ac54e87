import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { addDays, weekStart } from '../../src/kernel/time'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture, createPersonFixture, createTenantFixture, createUserFixture, type TenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'

// Real server and CLI processes on a shared machine: generous per-test time.
setDefaultTimeout(120_000)

let server: TestServer
let company: TenantFixture
let restToken = ''
let ana: { id: string; email: string }
let ben: { id: string; email: string }

// A whole past week (publishing writes days from the schedule's from date, up to 93 days back).
const today = new Date().toISOString().slice(0, 10)
const M = addDays(weekStart(today), -14)
const [TUE, WED, THU, FRI] = [1, 2, 3, 4].map((n) => addDays(M, n)) as [string, string, string, string]

async function ok(args: string[]): Promise<any> {
  const res = await server.cli([...args, '--tenant', company.tenant, '--json'])
  if (res.code !== 0) throw new Error(`${args.join(' ')} failed: ${res.stdout} ${res.stderr}`)
  return JSON.parse(res.stdout)
}

async function rest(path: string): Promise<any> {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${restToken}` } })
  expect(res.status).toBe(200)
  return res.json()
}

const auditActions = async (entity: string): Promise<string[]> =>
  (await ok(['audit', 'list', '--entity', entity, '--page-size', '100'])).data.map((e: { action: string }) => e.action).sort()

beforeAll(async () => {
  server = await startServer()
  company = await createTenantFixture(server)
  ana = await createUserFixture(server, company.tenant, { name: 'Ana', team: 'Ops' })
  ben = await createUserFixture(server, company.tenant, { name: 'Ben', team: 'Ops' })
  restToken = (await createKeyFixture(server, company.tenant, { kind: 'api', role: 'admin', scope: 'read' })).key
  await ok(['offices', 'add', '--name', 'Berlin', '--lat', '52.52', '--lon', '13.405'])
  // Ana's home office is Berlin: its holidays are hers.
  await ok(['users', 'update', ana.email, '--home-office-id', 'Berlin'])
})
afterAll(() => server?.stop())

describe('schedules', () => {
  let scheduleId = ''

  test('a weekly team schedule appears on /api/v1/shifts/* only once published', async () => {
    const tpl = await ok(['schedules', 'template-add', '--name', 'Early', '--start-time', '09:00', '--end-time', '17:00', '--break-minutes', '30'])
    expect(tpl).toMatchObject({ name: 'Early', paid_hours: 7.5, days_of_week: [1, 2, 3, 4, 5], overnight: false })
    // The template is named by its name on the command line, the team by its name.
    const draft = await ok(['schedules', 'create', '--template-id', 'Early', '--team-id', 'Ops', '--from', M])
    expect(draft).toMatchObject({ status: 'draft', team_id: expect.any(String), template_id: tpl.id, from: M, until: null })
    scheduleId = draft.id
    const before = await rest(`/shifts/schedules?from=${M}&to=${FRI}`)
    expect(before.pagination.total).toBe(0)

    const published = await ok(['schedules', 'publish', scheduleId])
    expect(published.schedule.status).toBe('published')
    const week = await rest(`/shifts/schedules?from=${M}&to=${FRI}&page_size=100`)
    expect(week.pagination.total).toBe(10)
    const anaMonday = week.data.find((s: any) => s.user_id === ana.id && s.date === M)
    expect(anaMonday).toMatchObject({
      starts_at: `${M}T09:00:00.000Z`,
      ends_at: `${M}T17:00:00.000Z`,
      template_name: 'Early',
      paid_hours: 7.5,
      status: 'scheduled',
    })
    // Open-ended: the days ahead are written too (the daily job moves the horizon).
    const upcoming = await rest('/shifts/upcoming?page_size=100')
    expect(upcoming.pagination.total).toBeGreaterThan(0)
    expect(new Set(upcoming.data.map((s: any) => s.user_id))).toEqual(new Set([ana.id, ben.id]))
    // The CLI lists the same published days.
    const cliWeek = await ok(['schedules', 'shifts', '--from', M, '--to', FRI, '--page-size', '100'])
    expect(cliWeek.pagination.total).toBe(10)
  })

  test('no "not clocked in" alert on a holiday of the office, a company holiday, a vacation or a cancelled day', async () => {
    await ok(['absences', 'holiday-add', '--date', TUE, '--name', 'Berlin day', '--office-id', 'Berlin'])
    await ok(['absences', 'holiday-add', '--date', WED, '--name', 'Company day'])
    await ok(['absences', 'add', '--user-id', ana.email, '--kind', 'vacation', '--start-date', THU, '--end-date', FRI])
    const cancelled = await ok(['schedules', 'cancel-day', '--user-id', ben.email, '--date', FRI])
    expect(cancelled).toMatchObject({ status: 'cancelled', source: 'one_off' })

    const mcp = await mcpClient(server.url, company.ownerKey)
    const notClockedIn: Record<string, string[]> = {}
    for (const date of [M, TUE, WED, THU, FRI]) {
      const run = await server.cli([
        'jobs',
        'run',
        'dashboard.workload_alerts',
        '--tenant',
        company.tenant,
        '--date',
        date,
        '--now',
        `${addDays(date, 1)}T00:30:00.000Z`,
      ])
      expect(run.code).toBe(0)
      const r = await callTool(mcp, 'get_workload_alerts', { date })
      expect(r.isError).toBe(false)
      notClockedIn[date] = (r.structured.alerts as { kind: string; user_id: string }[])
        .filter((a) => a.kind === 'not_clocked_in')
        .map((a) => (a.user_id === ana.id ? 'ana' : a.user_id === ben.id ? 'ben' : a.user_id))
        .sort()
    }
    await mcp.close()
    expect(notClockedIn).toEqual({
      [M]: ['ana', 'ben'], // both scheduled, neither clocked in
      [TUE]: ['ben'], // Berlin's holiday is Ana's (home office Berlin), not Ben's
      [WED]: [], // a holiday without an office is everyone's
      [THU]: ['ben'], // Ana is on vacation
      [FRI]: [], // Ana on vacation, Ben's shift cancelled
    })
  })

  test('a one-off change of a day is kept when the schedule changes, and reset-day undoes it', async () => {
    const moved = await ok([
      'schedules',
      'set-day',
      '--user-id',
      ana.email,
      '--date',
      M,
      '--start-time',
      '12:00',
      '--end-time',
      '20:00',
      '--break-minutes',
      '0',
    ])
    expect(moved).toMatchObject({ starts_at: `${M}T12:00:00.000Z`, source: 'one_off' })
    await ok(['schedules', 'template-add', '--name', 'Late', '--start-time', '14:00', '--end-time', '22:00'])
    await ok(['schedules', 'edit', '--schedule-id', scheduleId, '--days-of-week', '[1,2,3,4]'])
    const day = await rest(`/shifts/schedules?from=${M}&to=${M}&user_id=${ana.id}`)
    expect(day.data[0].starts_at).toBe(`${M}T12:00:00.000Z`)
    const reset = await ok(['schedules', 'reset-day', '--user-id', ana.email, '--date', M])
    expect(reset.shift).toMatchObject({ starts_at: `${M}T09:00:00.000Z`, source: 'recurring' })
  })

  test('bad input is refused with field-named errors and writes nothing', async () => {
    const audit = (await ok(['audit', 'list', '--page-size', '1'])).pagination.total
    const refused = async (args: string[], field: string, code = 'invalid_argument') => {
      const res = await server.cli([...args, '--tenant', company.tenant, '--json'])
      expect(res.code).not.toBe(0)
      expect(JSON.parse(res.stdout)).toMatchObject({ error: { code, details: { field } } })
      const human = await server.cli([...args, '--tenant', company.tenant])
      expect(human.code).not.toBe(0)
      expect(human.stderr).toContain(field)
    }
    await refused(['absences', 'add', '--user-id', ben.email, '--kind', 'vacation', '--start-date', FRI, '--end-date', THU], 'end_date')
    await refused(['absences', 'add', '--user-id', ana.email, '--kind', 'sick', '--start-date', FRI], 'start_date', 'conflict')
    await refused(['absences', 'add', '--user-id', ben.email, '--kind', 'other', '--start-date', M, '--start-time', '14:00', '--end-time', '10:00'], 'end_time')
    await refused(['schedules', 'create', '--template-id', crypto.randomUUID(), '--user-id', ben.email, '--from', M], 'template_id')
    await refused(['schedules', 'create', '--template-id', 'Early', '--user-id', ben.email, '--from', FRI, '--until', M], 'until')
    await refused(['schedules', 'template-add', '--name', 'Zero', '--start-time', '09:00', '--end-time', '09:00'], 'end_time')
    await refused(['absences', 'holiday-add', '--date', WED, '--name', 'Again'], 'date', 'conflict')
    // An unknown template name is refused by the CLI before anything runs.
    const byName = await server.cli(['schedules', 'create', '--tenant', company.tenant, '--template-id', 'Nope', '--user-id', ben.email, '--from', M])
    expect(byName.code).not.toBe(0)
    expect(byName.stderr).toContain('--template-id: no shift template "Nope"')
    expect((await ok(['audit', 'list', '--page-size', '1'])).pagination.total).toBe(audit)
    expect((await ok(['absences', 'list'])).pagination.total).toBe(1)
    expect((await ok(['schedules', 'list'])).pagination.total).toBe(1)
  })

  test('every change is audited', async () => {
    expect(await auditActions('shift_template')).toEqual(['shift_template.created', 'shift_template.created'])
    expect(await auditActions('schedule')).toEqual([
      'schedule.created',
      'schedule.day_cancelled',
      'schedule.day_reset',
      'schedule.day_set',
      'schedule.published',
      'schedule.updated',
    ])
    expect(await auditActions('absence')).toEqual(['absence.created'])
    expect(await auditActions('holiday')).toEqual(['holiday.created', 'holiday.created'])
  })
})

describe('auto clock-out at shift end', () => {
  test('an open session is closed at the end of its published shift + 15 min, not before', async () => {
    const carl = await createPersonFixture(server, company.tenant, { name: 'Carl' })
    // A one-hour shift around now (UTC tenant); an end before the start is the next day.
    const start = Math.floor(Date.now() / 60_000) * 60_000 - 30 * 60_000
    const end = start + 60 * 60_000
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16)
    await ok([
      'schedules',
      'set-day',
      '--user-id',
      carl.email,
      '--date',
      new Date(start).toISOString().slice(0, 10),
      '--start-time',
      hhmm(start),
      '--end-time',
      hhmm(end),
      '--break-minutes',
      '0',
    ])
    const client = (path: string) =>
      fetch(`${server.url}/api/v1/client${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${carl.key}`, 'content-type': 'application/json' },
        body: '{}',
      })
    expect((await client('/clock-in')).status).toBe(200)

    const gapFill = (now: number) => server.cli(['jobs', 'run', 'time_tracking.gap_fill', '--tenant', company.tenant, '--now', new Date(now).toISOString()])
    expect((await gapFill(end + 10 * 60_000)).code).toBe(0)
    // Still open 10 min after the shift (the 14 h fallback is far away): clock-in again is refused.
    expect((await client('/clock-in')).status).toBe(409)

    expect((await gapFill(end + 16 * 60_000)).code).toBe(0)
    const out = await client('/clock-out')
    expect(out.status).toBe(409)
    expect(((await out.json()) as any).error.details.last_clock_out_at).toBe(new Date(end + 15 * 60_000).toISOString())
  })
})

describe('the daily job shifts.materialize_schedules', () => {
  test('moves the 8-week horizon ahead and gives a new team member the team schedule', async () => {
    const dan = await createUserFixture(server, company.tenant, { name: 'Dan', team: 'Ops' })
    const next14 = `from=${addDays(today, 1)}&to=${addDays(today, 14)}`
    expect((await rest(`/shifts/schedules?${next14}&user_id=${dan.id}`)).pagination.total).toBe(0)
    const far = `from=${addDays(today, 60)}&to=${addDays(today, 66)}&user_id=${ana.id}`
    expect((await rest(`/shifts/schedules?${far}`)).pagination.total).toBe(0)

    // Today's run (due early tomorrow) writes from tomorrow on.
    const run = await server.cli([
      'jobs',
      'run',
      'shifts.materialize_schedules',
      '--tenant',
      company.tenant,
      '--date',
      today,
      '--now',
      new Date().toISOString(),
    ])
    expect(run.code).toBe(0)
    // The team schedule runs Monday to Thursday (edited above): 8 days in any 14.
    expect((await rest(`/shifts/schedules?${next14}&user_id=${dan.id}`)).pagination.total).toBe(8)

    // Ten days later the horizon reaches today + 66.
    const later = server.cli(['jobs', 'run', 'shifts.materialize_schedules', '--tenant', company.tenant, '--now', `${addDays(today, 10)}T01:00:00.000Z`])
    expect((await later).code).toBe(0)
    expect((await rest(`/shifts/schedules?${far}`)).pagination.total).toBe(4)
  })
})

describe('a scheduled day across a clock change', () => {
  test('its paid hours are its real length less the break, never below 0: what overtime compares with and a paid absence pays', async () => {
    const berlin = await createTenantFixture(server, { timezone: 'Europe/Berlin' })
    const cleo = await createUserFixture(server, berlin.tenant, { name: 'Cleo', team: 'Night' })
    const token = (await createKeyFixture(server, berlin.tenant, { kind: 'api', role: 'admin', scope: 'read' })).key
    // 01:00-04:00 is three hours on the Saturday and two on the Sunday the clocks go forward (02:00 -> 03:00).
    const days: Record<string, number> = {}
    for (const date of ['2027-03-27', '2027-03-28']) {
      const args = ['schedules', 'set-day', '--user-id', cleo.email, '--date', date, '--start-time', '01:00', '--end-time', '04:00', '--break-minutes', '150']
      const set = await server.cli([...args, '--tenant', berlin.tenant, '--json'])
      expect(set.code).toBe(0)
      const res = await fetch(`${server.url}/api/v1/shifts/schedules?from=${date}&to=${date}&user_id=${cleo.id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.status).toBe(200)
      const body = (await res.json()) as { data: { paid_hours: number; starts_at: string; ends_at: string }[] }
      expect(body.data).toHaveLength(1)
      days[date] = body.data[0]!.paid_hours
    }
    expect(days).toEqual({ '2027-03-27': 0.5, '2027-03-28': 0 })
  })
})
