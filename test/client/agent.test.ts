import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { MINUTE } from '../../src/kernel/time'
import { AGENT_SESSION_TIMEOUT_MS } from '../../src/modules/activity/agent-queries'
import { api, startWorld, type Person, type TenantWorld, type World } from './world'

let world: World
let acme: TenantWorld
let other: TenantWorld
let ana: Person

beforeAll(async () => {
  world = await startWorld()
  acme = await world.tenant()
  other = await world.tenant()
  ana = acme.addUser({ name: 'ana' })
})
afterAll(() => world.close())

const device = { fingerprint: 'fp-ana-laptop-0001', name: 'ana-laptop', platform: 'macos', agent_version: '2.4.1' }

describe('register_device', () => {
  test('registers a new device and emits security.new_device_login once', async () => {
    const first = await api(world.server, ana.key).post('/devices', device)
    expect(first.status).toBe(200)
    expect(first.body.created).toBe(true)
    expect(first.body.device).toMatchObject({ name: 'ana-laptop', platform: 'macos', fingerprint: device.fingerprint, agent_version: '2.4.1' })
    const again = await api(world.server, ana.key).post('/devices', { ...device, name: 'ana-laptop-renamed' })
    expect(again.body.created).toBe(false)
    expect(again.body.device.id).toBe(first.body.device.id)
    expect(again.body.device.name).toBe('ana-laptop-renamed')
    const events = acme.events('security.new_device_login')
    expect(events).toHaveLength(1)
    expect(events[0]).toEqual({
      userId: ana.id,
      userEmail: ana.email,
      deviceId: first.body.device.id,
      deviceName: 'ana-laptop',
      platform: 'macos',
      registeredAt: first.body.device.registered_at,
    })
  })

  test('refuses a request without a key, and a malformed platform with invalid_argument', async () => {
    expect((await api(world.server, null).post('/devices', device)).body.error.code).toBe('unauthorized')
    const bad = await api(world.server, ana.key).post('/devices', { ...device, platform: 'amiga' })
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe('invalid_argument')
  })

  test('refuses a tenant-level key: a device belongs to one person', async () => {
    const res = await api(world.server, await tenantLevelKey()).post('/devices', device)
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('user_scoped_key_required')
  })
})

async function tenantLevelKey(): Promise<string> {
  const res = await world.server.cli(['keys', 'create', '--json', '--tenant', acme.fixture.tenant, '--kind', 'live', '--role', 'admin'])
  return (JSON.parse(res.stdout) as { key: string }).key
}

describe('agent sessions', () => {
  let deviceId = ''
  beforeAll(async () => {
    deviceId = (await api(world.server, ana.key).post('/devices', device)).body.device.id
  })

  test('start, heartbeat and end a session', async () => {
    const client = api(world.server, ana.key)
    const started = await client.post('/agent-sessions', { device_id: deviceId })
    expect(started.status).toBe(200)
    const s = started.body.session
    expect(s).toMatchObject({ device_id: deviceId, status: 'active', ended_at: null, end_reason: null })
    expect(Date.parse(s.heartbeat_due_by) - Date.parse(s.last_heartbeat_at)).toBe(AGENT_SESSION_TIMEOUT_MS)
    const beat = await client.post(`/agent-sessions/${s.id}/heartbeat`)
    expect(beat.status).toBe(200)
    expect(Date.parse(beat.body.session.last_heartbeat_at)).toBeGreaterThanOrEqual(Date.parse(s.last_heartbeat_at))
    const ended = await client.post(`/agent-sessions/${s.id}/end`)
    expect(ended.body).toMatchObject({ already_ended: false, session: { status: 'ended', end_reason: 'agent' } })
    // Ending again is harmless; a heartbeat on an ended session is a conflict.
    expect((await client.post(`/agent-sessions/${s.id}/end`)).body.already_ended).toBe(true)
    const late = await client.post(`/agent-sessions/${s.id}/heartbeat`)
    expect(late.status).toBe(409)
    expect(late.body.error.code).toBe('conflict')
  })

  test('a device has one active session: starting again replaces the active one', async () => {
    const client = api(world.server, ana.key)
    const first = (await client.post('/agent-sessions', { device_id: deviceId })).body.session
    const second = await client.post('/agent-sessions', { device_id: deviceId })
    expect(second.body.replaced_session_id).toBe(first.id)
    const active = world.rt.handle.sqlite.query('select count(*) n from agent_sessions where device_id = ? and ended_at is null').get(deviceId) as { n: number }
    expect(active.n).toBe(1)
    await client.post(`/agent-sessions/${second.body.session.id}/end`)
  })

  test(`a session without heartbeat for ${AGENT_SESSION_TIMEOUT_MS / MINUTE} minutes times out at its last heartbeat`, async () => {
    const client = api(world.server, ana.key)
    const s = (await client.post('/agent-sessions', { device_id: deviceId })).body.session
    const lastBeat = Date.now() - AGENT_SESSION_TIMEOUT_MS - MINUTE
    world.rt.handle.sqlite.prepare('update agent_sessions set last_heartbeat_at = ? where id = ?').run(lastBeat, s.id)
    const beat = await client.post(`/agent-sessions/${s.id}/heartbeat`)
    expect(beat.status).toBe(409)
    expect(beat.body.error.details).toEqual({ session_status: 'timed_out' })
    const ended = await client.post(`/agent-sessions/${s.id}/end`)
    expect(ended.body.session).toMatchObject({ status: 'ended', end_reason: 'timeout', ended_at: new Date(lastBeat).toISOString() })
  })

  test('the timeout job closes sessions whose agent went silent, and only those', async () => {
    const client = api(world.server, ana.key)
    const silent = (await client.post('/agent-sessions', { device_id: deviceId })).body.session
    const lastBeat = Date.now() - AGENT_SESSION_TIMEOUT_MS - 5 * MINUTE
    world.rt.handle.sqlite.prepare('update agent_sessions set last_heartbeat_at = ? where id = ?').run(lastBeat, silent.id)
    const otherDevice = (await client.post('/devices', { ...device, fingerprint: 'fp-ana-desktop-0002' })).body.device.id
    const alive = (await client.post('/agent-sessions', { device_id: otherDevice })).body.session
    const run = await world.server.cli(['jobs', 'run', 'activity.agent_session_timeouts', '--tenant', acme.fixture.tenant])
    expect(run.code).toBe(0)
    const row = (id: string) => world.rt.handle.sqlite.query('select ended_at, end_reason from agent_sessions where id = ?').get(id)
    expect(row(silent.id)).toEqual({ ended_at: lastBeat, end_reason: 'timeout' })
    expect(row(alive.id)).toEqual({ ended_at: null, end_reason: null })
    await client.post(`/agent-sessions/${alive.id}/end`)
  })

  test("another user's device and another tenant's session are not found", async () => {
    const ben = acme.addUser({ name: 'ben' })
    const bens = await api(world.server, ben.key).post('/agent-sessions', { device_id: deviceId })
    expect(bens.status).toBe(404)
    const stranger = other.addUser({ name: 'stranger' })
    const s = (await api(world.server, ana.key).post('/agent-sessions', { device_id: deviceId })).body.session
    const res = await api(world.server, stranger.key).post(`/agent-sessions/${s.id}/heartbeat`)
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('not_found')
  })
})
