import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'

const HQ = { latitude: 52.52, longitude: 13.405 }
const INSIDE = { latitude: 52.5205, longitude: 13.4052 }
const PARIS = { latitude: 48.8566, longitude: 2.3522 }

let server: TestServer
let tenant: string
let db: Database
const clients: Client[] = []

async function person(): Promise<{ id: string; client: Client }> {
  const p = await createPersonFixture(server, tenant, { role: 'employee', team: 'Field' })
  const client = await mcpClient(server.url, p.key)
  clients.push(client)
  return { id: p.id, client }
}

const events = (type: string, userId: string) =>
  (db.query('select data from events where type = ? order by occurred_at').all(type) as { data: string }[])
    .map((r) => JSON.parse(r.data) as Record<string, unknown>)
    .filter((d) => d.userId === userId)

async function cli(args: string[]) {
  const res = await server.cli(args)
  if (res.code !== 0) throw new Error(res.stderr)
}

beforeAll(async () => {
  server = await startServer()
  tenant = (await createTenantFixture(server, { plan: 'professional', timezone: 'Europe/Berlin' })).tenant
  await cli(['offices', 'add', '--tenant', tenant, '--name', 'Berlin HQ', '--lat', String(HQ.latitude), '--lon', String(HQ.longitude), '--radius', '200'])
  db = new Database(join(server.dataDir, 'workforce.db'))
  db.exec('PRAGMA busy_timeout = 5000')
}, 120_000)
afterAll(async () => {
  for (const c of clients) await c.close()
  db.close()
  await server.stop()
}, 120_000)

describe('clock_in and clock_out', () => {
  test('a clock-in inside an office geofence records the match, and a second one is refused', async () => {
    const { id, client } = await person()
    const first = await callTool(client, 'clock_in', INSIDE)
    expect(first.isError).toBe(false)
    expect(first.structured).toMatchObject({ success: true, is_within_geofence: true, matched_office_name: 'Berlin HQ', next_tap_due_at: null })
    expect(first.structured.distance_meters as number).toBeLessThan(200)
    const second = await callTool(client, 'clock_in', INSIDE)
    expect(second.structured).toMatchObject({ success: false, error: 'already_clocked_in' })
    // The time is told in the company's zone, not as an ISO instant (issue 13, words for people).
    expect(second.structured.message).toMatch(/^You are already clocked in since \d{2}:\d{2} \(Europe\/Berlin\)\. Clock out first\.$/)
    const [event] = events('clock.in', id)
    expect(event).toMatchObject({
      userId: id,
      timeLogId: first.structured.time_log_id,
      clockInAt: first.structured.clock_in_time,
      isWithinGeofence: true,
      officeName: 'Berlin HQ',
    })
    expect(typeof event!.userEmail).toBe('string')
  })

  test('clock_out closes the session; clocking out again answers not_clocked_in', async () => {
    const { id, client } = await person()
    await callTool(client, 'clock_in')
    const out = await callTool(client, 'clock_out')
    expect(out.structured).toMatchObject({ success: true, blocks_generated: 0 })
    expect(Date.parse(out.structured.clock_out_time as string)).toBeGreaterThanOrEqual(Date.parse(out.structured.clock_in_time as string))
    const again = await callTool(client, 'clock_out')
    expect(again.structured).toMatchObject({ success: false, error: 'not_clocked_in' })
    expect(events('clock.out', id)[0]).toMatchObject({ userId: id, timeLogId: out.structured.time_log_id, clockOutAt: out.structured.clock_out_time })
    const details = await callTool(client, 'get_employee_details', { employee_id: 'me' })
    expect(details.structured.is_clocked_in).toBe(false)
  })

  test('clocking in without coordinates under the record policy leaves the geofence result empty', async () => {
    const { client } = await person()
    const r = await callTool(client, 'clock_in')
    expect(r.structured).toMatchObject({ success: true, is_within_geofence: false, geofence_checked: false, matched_office_name: '' })
    await callTool(client, 'clock_out')
  })

  test('latitude without longitude is an invalid argument', async () => {
    const { client } = await person()
    const r = await callTool(client, 'clock_in', { latitude: 52.5 })
    expect(r.structured.error).toBe('invalid_argument')
  })

  test('clock_out writes gap-fill blocks for the parts of the session without desktop-agent activity', async () => {
    const { id, client } = await person()
    const started = await callTool(client, 'clock_in')
    // Fixture: the session began two hours ago and the agent reported 30 minutes in the middle.
    const now = Date.now()
    const logId = started.structured.time_log_id as string
    db.query('update time_logs set clock_in_at = ? where id = ?').run(now - 2 * 3600_000, logId)
    const tenantId = (db.query('select tenant_id from users where id = ?').get(id) as { tenant_id: number }).tenant_id
    const sampleStart = now - 3600_000
    for (let i = 0; i < 6; i++) {
      db.query(
        'insert into activity_samples (tenant_id, user_id, application, category, started_at, duration_seconds, is_idle, local_date) values (?, ?, ?, ?, ?, ?, 0, ?)',
      ).run(tenantId, id, 'Visual Studio Code', 'productive', sampleStart + i * 300_000, 300, new Date(sampleStart).toISOString().slice(0, 10))
    }
    const out = await callTool(client, 'clock_out')
    expect(out.structured).toMatchObject({ success: true, blocks_generated: 2 })
    const blocks = db.query("select started_at, ended_at from activity_blocks where time_log_id = ? and kind = 'gap_fill' order by started_at").all(logId) as {
      started_at: number
      ended_at: number
    }[]
    expect(blocks).toHaveLength(2)
    expect(blocks[0]!.ended_at).toBe(sampleStart)
    expect(blocks[1]!.started_at).toBe(sampleStart + 30 * 60_000)
    expect(events('clock.out', id)[0]).toMatchObject({ blocksGenerated: 2 })
  })

  test('clock_in ends the active desktop-agent session of the user (handover)', async () => {
    const { id, client } = await person()
    const tenantId = (db.query('select tenant_id from users where id = ?').get(id) as { tenant_id: number }).tenant_id
    const deviceId = randomUUID()
    const sessionId = randomUUID()
    db.query("insert into devices (id, tenant_id, user_id, name, platform, fingerprint, registered_at) values (?, ?, ?, 'laptop', 'linux', ?, ?)").run(
      deviceId,
      tenantId,
      id,
      deviceId,
      Date.now(),
    )
    db.query('insert into agent_sessions (id, tenant_id, user_id, device_id, started_at, last_heartbeat_at) values (?, ?, ?, ?, ?, ?)').run(
      sessionId,
      tenantId,
      id,
      deviceId,
      Date.now() - 60_000,
      Date.now(),
    )
    const r = await callTool(client, 'clock_in')
    expect(r.structured.agent_sessions_ended).toBe(1)
    expect(db.query('select end_reason from agent_sessions where id = ?').get(sessionId)).toEqual({ end_reason: 'handover' })
    await callTool(client, 'clock_out')
  })

  test('under the enforce policy a clock-in outside every office is refused with clock.in.failed, inside it sets the next tap', async () => {
    await cli(['offices', 'policy', 'enforce', '--tenant', tenant, '--presence-tap-minutes', '30'])
    const { id, client } = await person()
    const outside = await callTool(client, 'clock_in', PARIS)
    expect(outside.structured).toMatchObject({ success: false, error: 'outside_geofence' })
    expect(outside.structured.message).toContain('Berlin HQ')
    expect(events('clock.in.failed', id)[0]).toMatchObject({ userId: id, reason: 'outside_geofence', nearestOfficeName: 'Berlin HQ' })
    const details = await callTool(client, 'get_employee_details', { employee_id: 'me' })
    expect(details.structured.is_clocked_in).toBe(false)
    const noLocation = await callTool(client, 'clock_in')
    expect(noLocation.structured.error).toBe('outside_geofence')
    const inside = await callTool(client, 'clock_in', INSIDE)
    expect(inside.structured.success).toBe(true)
    const due = Date.parse(inside.structured.next_tap_due_at as string) - Date.parse(inside.structured.clock_in_time as string)
    expect(due).toBe(30 * 60_000)
    await callTool(client, 'clock_out', INSIDE)
    await cli(['offices', 'policy', 'record', '--tenant', tenant, '--presence-tap-minutes', '0'])
  })

  test('two clock-ins at the same moment leave exactly one open session', async () => {
    const p = await createPersonFixture(server, tenant, { role: 'employee' })
    const a = await mcpClient(server.url, p.key)
    const b = await mcpClient(server.url, p.key)
    clients.push(a, b)
    const results = await Promise.all([callTool(a, 'clock_in'), callTool(b, 'clock_in')])
    expect(results.map((r) => r.structured.success).sort()).toEqual([false, true])
    expect((db.query('select count(*) as n from time_logs where user_id = ? and clock_out_at is null').get(p.id) as { n: number }).n).toBe(1)
  })
})
