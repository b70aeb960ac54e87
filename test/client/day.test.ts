import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { localDate, zonedTimeToInstant } from '../../src/kernel/time'
import { callTool, mcpClient } from '../helpers/mcp'
import { createKeyFixture } from '../helpers/fixtures'
import { api, startWorld, type Person, type TenantWorld, type World } from './world'

/**
 * The day of a simulated employee, end to end over real HTTP: the desktop agent and the phone
 * report, the employee clocks in at the office, takes a break, leaves the building, clocks out,
 * submits the timesheet and the manager approves it; then the AI client (MCP) and an integrator
 * (REST) read the results, and the outbox holds the events in order.
 *
 * The server's clock is real, so a working day cannot pass during a test. Two things make one
 * fit: the tenant's time zone is chosen so that it is about 18:00 there now, and right after the
 * real clock-in the test moves that session's start back to 09:00 (the one row written after the
 * starting state). The agent's samples of the day carry their own times; everything else
 * (break, positions, clock-out, timesheet) happens now, at the end of the day.
 */
setDefaultTimeout(120_000)

/** An Etc/GMT zone where the local hour is 18 now (Etc/GMT-5 is UTC+5). */
function eveningZone(now: number): string {
  let offset = (18 - new Date(now).getUTCHours() + 24) % 24
  if (offset > 14) offset -= 24
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`
}

const HQ = { latitude: 52.52, longitude: 13.405 }
const AT_DESK = { latitude: 52.5203, longitude: 13.4049 }
const CAFE_ACROSS_TOWN = { latitude: 52.5301, longitude: 13.4493 }

let world: World
let acme: TenantWorld
let other: TenantWorld
let ana: Person // the employee
let max: Person // her manager
let teamId = ''
let restToken = ''
const tz = eveningZone(Date.now())
const today = localDate(Date.now(), tz)
const local = (hhmm: string) => zonedTimeToInstant(today, hhmm, tz)
const iso = (ms: number) => new Date(ms).toISOString()

beforeAll(async () => {
  world = await startWorld()
  acme = await world.tenant({ plan: 'business', timezone: tz })
  other = await world.tenant({ plan: 'business', timezone: tz })
  ana = acme.addUser({ name: 'Ana', profile: 'engineering' })
  max = acme.addUser({ name: 'Max', role: 'manager' })
  teamId = acme.addTeam({ members: [ana.id], managers: [max.id] })
  const cli = async (args: string[]) => expect((await world.server.cli(args)).code).toBe(0)
  await cli([
    'offices',
    'add',
    '--tenant',
    acme.fixture.tenant,
    '--name',
    'Berlin HQ',
    '--lat',
    String(HQ.latitude),
    '--lon',
    String(HQ.longitude),
    '--radius',
    '150',
  ])
  await cli(['offices', 'policy', 'enforce', '--tenant', acme.fixture.tenant, '--presence-tap-minutes', '120'])
  restToken = (await createKeyFixture(world.server, acme.fixture.tenant, { kind: 'api', role: 'admin', scope: 'read_write' })).key
})
afterAll(() => world.close())

const as = (p: Person) => api(world.server, p.key)

async function rest(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${world.server.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${restToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any }
}

/** Half-hour samples of one application from a local time on. */
const samples = (app: string, from: string, count: number, idle = false) =>
  Array.from({ length: count }, (_, i) => ({ application: app, started_at: iso(local(from) + i * 1800_000), duration_seconds: 1800, idle }))

async function ok(res: Promise<{ status: number; body: unknown }>) {
  const r = await res
  expect([r.status, r.body]).toEqual([200, expect.anything()])
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return r.body as any
}

/** What the day produced, for the checks of the second part. */
const day = { projectId: '', timeLogId: '', timesheetId: '', deviceId: '', sessionId: '', hours: 0 }

describe('the day of a simulated employee', () => {
  test('agent, attendance, break, positions, clock-out with gap-fill, timesheet and approval over real HTTP', async () => {
    const project = await rest('POST', '/projects', { name: 'Depot rollout', budget_hours: 8, alert_threshold_percent: 80 })
    expect(project.status).toBe(201)
    day.projectId = project.body.id

    // 08:55 the desktop agent starts: device, session, and the first samples of the morning.
    const device = await ok(as(ana).post('/devices', { fingerprint: 'ana-thinkpad-0001', name: 'Ana ThinkPad', platform: 'linux', agent_version: '2.4.0' }))
    day.deviceId = device.device.id
    const early = await ok(as(ana).post('/agent-sessions', { device_id: day.deviceId }))
    const morning = { batch_id: 'ana-morning-1', session_id: early.session.id, samples: samples('Visual Studio Code', '09:00', 6) }
    expect(await ok(as(ana).post('/activity/samples', morning))).toMatchObject({ accepted: 6, duplicate: false })

    // 09:00 clock-in at her desk from the phone: inside the geofence, booked to the project;
    // the desktop session ends (handover) and the agent starts a new one.
    const clockIn = await ok(as(ana).post('/clock-in', { ...AT_DESK, project_id: day.projectId }))
    expect(clockIn).toMatchObject({ is_within_geofence: true, matched_office_name: 'Berlin HQ', project_id: day.projectId, agent_sessions_ended: 1 })
    day.timeLogId = clockIn.time_log_id
    world.rt.handle.sqlite.query('update time_logs set clock_in_at = ? where id = ?').run(local('09:00'), day.timeLogId)
    day.sessionId = (await ok(as(ana).post('/agent-sessions', { device_id: day.deviceId }))).session.id

    // The afternoon's samples; the morning batch is retried after a lost answer and counts once.
    const afternoon = [
      ...samples('GitHub', '13:00', 4),
      ...samples('YouTube', '15:00', 1),
      { application: 'Visual Studio Code', started_at: iso(local('15:30')), duration_seconds: 900, idle: true },
    ]
    expect(await ok(as(ana).post('/activity/samples', { batch_id: 'ana-afternoon-1', session_id: day.sessionId, samples: afternoon }))).toMatchObject({
      accepted: 6,
    })
    expect(await ok(as(ana).post('/activity/samples', morning))).toMatchObject({ accepted: 6, duplicate: true })
    await ok(as(ana).post(`/agent-sessions/${day.sessionId}/heartbeat`, {}))

    // A short break, a presence confirmation, then she walks out to a café.
    expect(await ok(as(ana).post('/breaks/start', { kind: 'break' }))).toMatchObject({ changed: true })
    const breakEnd = await ok(as(ana).post('/breaks/end', {}))
    expect(breakEnd).toMatchObject({ changed: true, break: { kind: 'break' } })
    expect(await ok(as(ana).post('/presence-taps', AT_DESK))).toMatchObject({ changed: true, is_within_geofence: true })
    const t1 = Date.now()
    const pings = await ok(
      as(ana).post('/location-pings', {
        pings: [
          { recorded_at: iso(t1 + 1), ...AT_DESK, accuracy_meters: 8 },
          { recorded_at: iso(t1 + 2), ...CAFE_ACROSS_TOWN, accuracy_meters: 15 },
        ],
      }),
    )
    expect(pings).toMatchObject({ accepted: 2, inside_geofence: false, transitions: [{ event: 'location.geofence_exited', office_name: 'Berlin HQ' }] })

    // Clock-out: the hour without agent activity at lunch and the late afternoon become gap-fill.
    const clockOut = await ok(as(ana).post('/clock-out', CAFE_ACROSS_TOWN))
    expect(clockOut).toMatchObject({
      time_log_id: day.timeLogId,
      clock_in_at: iso(local('09:00')),
      blocks_generated: 2,
      break_ended: null,
      project_id: day.projectId,
    })
    day.hours = clockOut.duration_seconds / 3600
    expect(day.hours).toBeGreaterThan(8)

    // Timesheet: Ana submits, Max approves.
    const submitted = await ok(as(ana).post('/timesheets/submit', {}))
    day.timesheetId = submitted.timesheet.id
    // Worked time is the session net of the (unpaid) break, rounded once: the few milliseconds of
    // the break can move it a second below the session's own rounded duration.
    const ms = (iso: string) => Date.parse(iso)
    const netSeconds = Math.round((ms(clockOut.clock_out_at) - ms(clockOut.clock_in_at) - (ms(breakEnd.break.ended_at) - ms(breakEnd.break.started_at))) / 1000)
    expect(submitted.timesheet).toMatchObject({ status: 'submitted', time_log_ids: [day.timeLogId], total_seconds: netSeconds })
    expect((await ok(as(max).post(`/timesheets/${day.timesheetId}/approve`, {}))).timesheet).toMatchObject({ status: 'approved' })
  })

  test('the AI client sees the day through the MCP tools', async () => {
    const mcp: Record<string, Client> = { ana: await mcpClient(world.server.url, ana.key), max: await mcpClient(world.server.url, max.key) }
    try {
      const mine = await callTool(mcp.ana!, 'list_my_timesheet', {})
      expect(mine.structured.entries).toEqual([
        expect.objectContaining({ date: today, source: 'client', status: 'closed', hours: expect.closeTo(day.hours, 1) }),
      ])
      expect(mine.structured.timesheets).toEqual([expect.objectContaining({ status: 'approved' })])

      // VS Code 3 h and GitHub 2 h productive, YouTube 30 min unproductive, 15 min idle; the retry counted once.
      const overview = await callTool(mcp.max!, 'get_productivity_overview', { user_id: ana.id, period: 'today' })
      expect(overview.structured).toMatchObject({
        productiveSeconds: 18_000,
        unproductive_seconds: 1800,
        idle_seconds: 900,
        totalSeconds: 19_800,
        score: 91,
        data_availability: 'available',
      })

      const recent = await callTool(mcp.max!, 'list_recent_activity', { since: iso(local('08:00')) })
      const kinds = (recent.structured.events as { kind: string; count: number }[]).map((e) => [e.kind, e.count]).sort()
      expect(kinds).toEqual([
        ['clock_in', 1],
        ['clock_out', 1],
        ['timesheet_approved', 1],
        ['timesheet_submitted', 1],
      ])

      const dashboard = await callTool(mcp.max!, 'get_dashboard_summary', {})
      expect(dashboard.structured).toMatchObject({ date: today, scope: 'team', clocked_in_now: 0, pending_approvals: 0 })
      expect(dashboard.structured.hours_worked_today).toBeCloseTo(day.hours, 1)
    } finally {
      await Promise.all(Object.values(mcp).map((c) => c.close()))
    }
  })

  test('an integrator sees the project budget and the team over REST', async () => {
    const budget = await rest('GET', `/projects/${day.projectId}/budget`)
    expect(budget.body).toMatchObject({ budget_hours: 8, threshold_reached: true })
    expect(budget.body.used_hours).toBeCloseTo(day.hours, 1)
    const members = await rest('GET', `/teams/${teamId}/members`)
    expect(members.status).toBe(200)
    expect(JSON.stringify(members.body)).toContain(ana.id)
  })

  test('the outbox holds the day’s events in order, with what receivers need', () => {
    const wanted = new Set([
      'security.new_device_login',
      'clock.in',
      'idle.detected',
      'break.started',
      'break.ended',
      'location.geofence_exited',
      'clock.out',
      'project.budget_alert',
      'timesheet.submitted',
      'timesheet.approved',
    ])
    const rows = world.rt.handle.sqlite.query('select type, data from events where tenant_id = ? order by occurred_at, rowid').all(acme.id) as {
      type: string
      data: string
    }[]
    const seen = rows.filter((r) => wanted.has(r.type))
    expect(seen.map((r) => r.type)).toEqual([
      'security.new_device_login',
      'clock.in',
      'idle.detected',
      'break.started',
      'break.ended',
      'location.geofence_exited',
      'clock.out',
      'project.budget_alert',
      'timesheet.submitted',
      'timesheet.approved',
    ])
    const data = (type: string) => JSON.parse(seen.find((r) => r.type === type)!.data)
    expect(data('clock.in')).toMatchObject({ timeLogId: day.timeLogId, source: 'client', officeName: 'Berlin HQ', agentSessionsEnded: 1 })
    expect(data('clock.out')).toMatchObject({ timeLogId: day.timeLogId, clockInAt: iso(local('09:00')), blocksGenerated: 2 })
    expect(data('timesheet.approved')).toMatchObject({ userEmail: ana.email, approvedByEmail: max.email, totalHours: expect.closeTo(day.hours, 1) })
    // Exactly one idle stretch and one device registration, although the morning batch came twice.
    expect(rows.filter((r) => r.type === 'idle.detected' || r.type === 'security.new_device_login')).toHaveLength(2)
  })

  test('another tenant’s ids answer 404', async () => {
    const stranger = other.addUser({ role: 'admin' })
    expect((await as(stranger).get(`/timesheets/${day.timesheetId}`)).status).toBe(404)
    expect((await as(stranger).post(`/timesheets/${day.timesheetId}/approve`, {})).status).toBe(404)
    expect((await as(stranger).post('/agent-sessions', { device_id: day.deviceId })).status).toBe(404)
    expect((await as(stranger).post(`/agent-sessions/${day.sessionId}/heartbeat`, {})).status).toBe(404)
    expect((await as(stranger).post('/clock-in', { project_id: day.projectId })).status).toBe(404)
    expect((await as(stranger).post(`/admin/users/${ana.id}/deactivate`, {})).status).toBe(404)
    const mcp = await mcpClient(world.server.url, stranger.key)
    try {
      expect((await callTool(mcp, 'get_productivity_overview', { user_id: ana.id, period: 'today' })).structured.error).toBe('not_found')
    } finally {
      await mcp.close()
    }
  })
})
