import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { totpCode } from '../../src/modules/security/totp'
import { createKeyFixture } from '../helpers/fixtures'
import { api, startWorld, type Person, type TenantWorld, type World } from './world'

// Real server and CLI processes on a shared machine: generous per-test time.
setDefaultTimeout(120_000)

let world: World
let acme: TenantWorld
let other: TenantWorld
let restToken = ''

// Berlin HQ: a 200 m circle. INSIDE is 50 m from the centre, MUNICH is 500 km away.
const HQ = { latitude: 52.52, longitude: 13.405 }
const INSIDE = { latitude: 52.5204, longitude: 13.4052 }
const MUNICH = { latitude: 48.1371, longitude: 11.5754 }

beforeAll(async () => {
  world = await startWorld()
  acme = await world.tenant({ plan: 'business' })
  other = await world.tenant({ plan: 'business' })
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
    '200',
  ])
  await cli(['offices', 'policy', 'record', '--tenant', acme.fixture.tenant, '--presence-tap-minutes', '30'])
  restToken = (await createKeyFixture(world.server, acme.fixture.tenant, { kind: 'api', role: 'admin', scope: 'read_write' })).key
})
afterAll(() => world.close())

const client = (p: Person) => api(world.server, p.key)

/** REST (integrator) calls of the tenant, for projects. */
async function rest(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${world.server.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${restToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any }
}

describe('client clock-in and clock-out', () => {
  test('clock-in inside the geofence opens a session booked to a project, with the first presence tap due; a second one answers 409 naming the open session', async () => {
    const emp = acme.addUser()
    const project = await rest('POST', '/projects', { name: 'Depot rollout' })
    expect(project.status).toBe(201)
    const res = await client(emp).post('/clock-in', { ...INSIDE, project_id: project.body.id })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      is_within_geofence: true,
      matched_office_name: 'Berlin HQ',
      project_id: project.body.id,
      task_id: null,
      agent_sessions_ended: 0,
    })
    expect(Date.parse(res.body.next_tap_due_at) - Date.parse(res.body.clock_in_at)).toBe(30 * 60_000)
    expect(acme.events('clock.in').at(-1)).toMatchObject({ timeLogId: res.body.time_log_id, source: 'client', isWithinGeofence: true, officeName: 'Berlin HQ' })

    const again = await client(emp).post('/clock-in', {})
    expect(again.status).toBe(409)
    expect(again.body.error).toMatchObject({ code: 'already_clocked_in', details: { time_log_id: res.body.time_log_id } })
  })

  test('a task books its project too; a task of another project, an inactive project or another tenant’s ids are refused', async () => {
    const p1 = (await rest('POST', '/projects', { name: 'Alpha' })).body
    const p2 = (await rest('POST', '/projects', { name: 'Beta' })).body
    const task = (await rest('POST', '/tasks', { title: 'Wire the racks', project_id: p1.id })).body
    const done = (await rest('POST', '/projects', { name: 'Old', status: 'completed' })).body
    const emp = acme.addUser()
    expect((await client(emp).post('/clock-in', { task_id: task.id, project_id: p2.id })).body.error.code).toBe('invalid_argument')
    expect((await client(emp).post('/clock-in', { project_id: done.id })).body.error).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('completed'),
    })
    const stranger = other.addUser()
    expect((await client(stranger).post('/clock-in', { project_id: p1.id })).status).toBe(404)
    expect((await client(stranger).post('/clock-in', { task_id: task.id })).status).toBe(404)
    const ok = await client(emp).post('/clock-in', { task_id: task.id })
    expect([ok.status, ok.body.project_id, ok.body.task_id]).toEqual([200, p1.id, task.id])
  })

  test('clock-out closes the session, fills the gap with a gap-fill block and reports the budget alert of the booked project', async () => {
    const emp = acme.addUser()
    const project = (await rest('POST', '/projects', { name: 'Tiny budget', budget_hours: 1, alert_threshold_percent: 50 })).body
    expect((await client(emp).post('/clock-in', { project_id: project.id })).status).toBe(200)
    // Starting state: the session began two hours ago (the server's clock is real).
    world.rt.handle.sqlite.query('update time_logs set clock_in_at = clock_in_at - 7200000 where user_id = ? and clock_out_at is null').run(emp.id)
    const out = await client(emp).post('/clock-out', MUNICH)
    expect(out.status).toBe(200)
    expect(out.body).toMatchObject({ blocks_generated: 1, break_ended: null, project_id: project.id })
    expect(out.body.duration_seconds).toBeGreaterThanOrEqual(7200)
    expect(acme.events('clock.out').at(-1)).toMatchObject({ timeLogId: out.body.time_log_id, blocksGenerated: 1, latitude: MUNICH.latitude })
    expect(acme.events('project.budget_alert').at(-1)).toMatchObject({ projectId: project.id, thresholdPercent: 50 })
    const budget = await rest('GET', `/projects/${project.id}/budget`)
    expect(budget.body).toMatchObject({ threshold_reached: true })
    expect(budget.body.used_hours).toBeGreaterThanOrEqual(2)

    const again = await client(emp).post('/clock-out', {})
    expect(again.status).toBe(409)
    expect(again.body.error).toMatchObject({ code: 'not_clocked_in', details: { last_time_log_id: out.body.time_log_id } })
  })

  test('with two-factor authentication on, a clock-in needs the current code: missing or wrong ones are refused with clock.in.failed', async () => {
    const emp = acme.addUser()
    const { secret } = (await client(emp).post('/me/2fa/enroll', {})).body
    expect((await client(emp).post('/me/2fa/confirm', { code: totpCode(secret, Date.now()) })).status).toBe(200)

    const missing = await client(emp).post('/clock-in', INSIDE)
    expect([missing.status, missing.body.error.code, missing.body.error.details.reason]).toEqual([403, 'forbidden', 'two_factor_required'])
    const wrongCode = totpCode(secret, Date.now() + 10 * 60_000)
    const wrong = await client(emp).post('/clock-in', { ...INSIDE, otp: wrongCode })
    expect([wrong.status, wrong.body.error.details.reason]).toEqual([403, 'two_factor_failed'])
    const failures = acme.events('clock.in.failed').filter((e) => e.userId === emp.id)
    expect(failures).toHaveLength(2)
    expect(failures[0]).toMatchObject({ reason: 'two_factor_failed', latitude: INSIDE.latitude, userEmail: emp.email })

    const ok = await client(emp).post('/clock-in', { ...INSIDE, otp: totpCode(secret, Date.now()) })
    expect(ok.status).toBe(200)
  })

  test('under the enforce policy a client clock-in outside every office is refused with 422', async () => {
    const tw = await world.tenant()
    await world.server.cli(['offices', 'add', '--tenant', tw.fixture.tenant, '--name', 'Berlin HQ', '--lat', '52.52', '--lon', '13.405', '--radius', '200'])
    await world.server.cli(['offices', 'policy', 'enforce', '--tenant', tw.fixture.tenant])
    const emp = tw.addUser()
    const res = await client(emp).post('/clock-in', MUNICH)
    expect([res.status, res.body.error.code]).toEqual([422, 'outside_geofence'])
    expect(tw.events('clock.in.failed').at(-1)).toMatchObject({ userId: emp.id, reason: 'outside_geofence', nearestOfficeName: 'Berlin HQ' })
  })
})

describe('breaks', () => {
  test('only while clocked in; one open break; repeating a start or an end is safe; events carry the break', async () => {
    const emp = acme.addUser()
    expect((await client(emp).post('/breaks/start', {})).body.error.code).toBe('not_clocked_in')
    expect((await client(emp).post('/clock-in', {})).status).toBe(200)
    expect((await client(emp).post('/breaks/end', {})).status).toBe(409)

    const started = await client(emp).post('/breaks/start', { kind: 'lunch' })
    expect(started.status).toBe(200)
    expect(started.body).toMatchObject({ changed: true, break: { kind: 'lunch', ended_at: null, duration_seconds: null } })
    const repeat = await client(emp).post('/breaks/start', { kind: 'lunch' })
    expect(repeat.body).toMatchObject({ changed: false, break: { id: started.body.break.id } })
    const otherKind = await client(emp).post('/breaks/start', { kind: 'break' })
    expect([otherKind.status, otherKind.body.error.code]).toEqual([409, 'conflict'])
    expect((await client(emp).post('/breaks/start', { kind: 'nap' })).status).toBe(400)

    const ended = await client(emp).post('/breaks/end', {})
    expect(ended.body).toMatchObject({ changed: true, break: { id: started.body.break.id, kind: 'lunch' } })
    expect(ended.body.break.duration_seconds).toBeGreaterThanOrEqual(0)
    expect((await client(emp).post('/breaks/end', {})).body).toMatchObject({ changed: false, break: { id: started.body.break.id } })

    expect(acme.events('break.started').filter((e) => e.userId === emp.id)).toEqual([
      expect.objectContaining({ breakId: started.body.break.id, kind: 'lunch', userEmail: emp.email, startedAt: started.body.break.started_at }),
    ])
    expect(acme.events('break.ended').filter((e) => e.userId === emp.id)).toEqual([
      expect.objectContaining({ breakId: started.body.break.id, endedAt: ended.body.break.ended_at, durationSeconds: ended.body.break.duration_seconds }),
    ])
  })

  test('clock-out ends a break that is still open', async () => {
    const emp = acme.addUser()
    await client(emp).post('/clock-in', {})
    const started = await client(emp).post('/breaks/start', {})
    const out = await client(emp).post('/clock-out', {})
    expect(out.body.break_ended).toMatchObject({ id: started.body.break.id, kind: 'break', ended_at: out.body.clock_out_at })
    expect(acme.events('break.ended').at(-1)).toMatchObject({ breakId: started.body.break.id, endedAt: out.body.clock_out_at })
    // The next session starts without a break.
    await client(emp).post('/clock-in', {})
    expect((await client(emp).post('/breaks/end', {})).status).toBe(409)
  })
})

describe('presence taps', () => {
  test('a tap satisfies the due confirmation and sets the next one by the tenant policy; a repeat within a minute is the same tap', async () => {
    const emp = acme.addUser()
    expect((await client(emp).post('/presence-taps', {})).body.error.code).toBe('not_clocked_in')
    await client(emp).post('/clock-in', {})
    const tap = await client(emp).post('/presence-taps', INSIDE)
    expect(tap.status).toBe(200)
    expect(tap.body).toMatchObject({ changed: true, is_within_geofence: true, matched_office_name: 'Berlin HQ' })
    expect(Date.parse(tap.body.next_tap_due_at) - Date.parse(tap.body.tapped_at)).toBe(30 * 60_000)
    const repeat = await client(emp).post('/presence-taps', {})
    expect(repeat.body).toMatchObject({ changed: false, tap_id: tap.body.tap_id, next_tap_due_at: tap.body.next_tap_due_at })
    expect((await client(emp).post('/presence-taps', { latitude: 1 })).status).toBe(400)
  })
})

/** An employee whose open session started an hour ago (starting state), at 10-minute steps. */
function onTheClock(tw: TenantWorld) {
  const emp = tw.addUser()
  const start = Date.now() - 3600_000
  tw.addTimeLog(emp.id, start, null)
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString()
  return { emp, start, at }
}

describe('location pings', () => {
  test('transitions between inside and outside emit entered and exited; the first fix of a session only sets the start', async () => {
    const { emp, at } = onTheClock(acme)
    const res = await client(emp).post('/location-pings', {
      pings: [
        { recorded_at: at(5), ...INSIDE, accuracy_meters: 12 },
        { recorded_at: at(10), ...INSIDE },
        { recorded_at: at(15), ...MUNICH },
        { recorded_at: at(20), ...INSIDE },
      ],
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ accepted: 4, duplicates: 0, rejected: 0, inside_geofence: true, office_name: 'Berlin HQ' })
    expect(res.body.transitions.map((t: { event: string }) => t.event)).toEqual(['location.geofence_exited', 'location.geofence_entered'])
    const exited = acme.events('location.geofence_exited').filter((e) => e.userId === emp.id)
    expect(exited).toEqual([expect.objectContaining({ officeName: 'Berlin HQ', recordedAt: at(15), latitude: MUNICH.latitude })])
    expect(acme.events('location.geofence_entered').filter((e) => e.userId === emp.id)).toEqual([expect.objectContaining({ recordedAt: at(20) })])
  })

  test('a retried upload stores nothing and emits nothing again; late fixes are kept without re-deciding', async () => {
    const { emp, at } = onTheClock(acme)
    const batch = {
      pings: [
        { recorded_at: at(1), ...INSIDE },
        { recorded_at: at(2), ...MUNICH },
      ],
    }
    const first = await client(emp).post('/location-pings', batch)
    const retry = await client(emp).post('/location-pings', batch)
    expect([first.body.accepted, first.body.transitions.length]).toEqual([2, 1])
    expect(retry.body).toMatchObject({ accepted: 0, duplicates: 2, transitions: [] })
    const late = await client(emp).post('/location-pings', { pings: [{ recorded_at: at(1.5), ...INSIDE }] })
    expect(late.body).toMatchObject({ accepted: 1, transitions: [] })
    expect(acme.events('location.geofence_exited').filter((e) => e.userId === emp.id)).toHaveLength(1)
  })

  test(`outside every office for 15 minutes emits location.outside_zone once per stretch`, async () => {
    const { emp, at } = onTheClock(acme)
    const send = (pings: { recorded_at: string; latitude: number; longitude: number }[]) => client(emp).post('/location-pings', { pings })
    await send([
      { recorded_at: at(0), ...MUNICH },
      { recorded_at: at(10), ...MUNICH },
    ])
    expect(acme.events('location.outside_zone').filter((e) => e.userId === emp.id)).toHaveLength(0)
    // Across uploads: the stretch began at minute 0.
    const crossing = await send([
      { recorded_at: at(16), ...MUNICH },
      { recorded_at: at(25), ...MUNICH },
    ])
    expect(crossing.body.transitions).toEqual([expect.objectContaining({ event: 'location.outside_zone', office_name: 'Berlin HQ' })])
    await send([
      { recorded_at: at(30), ...INSIDE },
      { recorded_at: at(31), ...MUNICH },
      { recorded_at: at(50), ...MUNICH },
    ])
    const zone = acme.events('location.outside_zone').filter((e) => e.userId === emp.id)
    expect(zone.map((e) => e.recordedAt)).toEqual([at(16), at(50)])
    expect(zone[0]).toMatchObject({ nearestOfficeName: 'Berlin HQ', latitude: MUNICH.latitude })
    expect(zone[0]!.distanceMeters as number).toBeGreaterThan(400_000)
  })

  test('imprecise fixes decide nothing; positions before the clock-in or in the future are refused one by one', async () => {
    const { emp, at } = onTheClock(acme)
    const res = await client(emp).post('/location-pings', {
      pings: [
        { recorded_at: at(-5), ...INSIDE },
        { recorded_at: at(1), ...INSIDE },
        { recorded_at: at(2), ...MUNICH, accuracy_meters: 5000 },
        { recorded_at: new Date(Date.now() + 3600_000).toISOString(), ...INSIDE },
      ],
    })
    expect(res.body).toMatchObject({ accepted: 2, rejected: 2, transitions: [] })
    expect(res.body.rejections).toEqual([
      { index: 0, reason: 'before_clock_in' },
      { index: 3, reason: 'in_future' },
    ])
  })

  test('positions are only taken while clocked in; another tenant knows nothing of these offices', async () => {
    const emp = acme.addUser()
    const now = new Date().toISOString()
    const res = await client(emp).post('/location-pings', { pings: [{ recorded_at: now, ...INSIDE }] })
    expect([res.status, res.body.error.code]).toEqual([409, 'not_clocked_in'])
    const { emp: stranger, at } = onTheClock(other)
    const theirs = await client(stranger).post('/location-pings', {
      pings: [
        { recorded_at: at(1), ...INSIDE },
        { recorded_at: at(2), ...MUNICH },
      ],
    })
    expect(theirs.body).toMatchObject({ accepted: 2, inside_geofence: false, office_name: null, transitions: [] })
  })
})
