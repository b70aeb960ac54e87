import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import type { TestServer } from '../helpers/server'
import { createKeyFixture } from '../helpers/fixtures'
import { expectPage, restClient, type restTenant } from './helpers/api'
import { startTwoOrgs, type Org } from './helpers/org'
import { HOUR, MINUTE, addBreak, addTimeLog, agentClient, boundToken, uploadSamples } from './helpers/people'

// Real servers and CLI processes on a shared machine: give hooks and tests room (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>
let org: Org
let otherOrg: Org

beforeAll(async () => {
  ;({ server, acme, org, otherOrg } = await startTwoOrgs())
})
afterAll(() => server.stop())

const names = (body: any) => body.data.map((u: any) => u.name)

describe('GET /api/v1/users', () => {
  test('lists every person of the tenant by name, deactivated ones included, with team and clock state', async () => {
    const res = await acme.ro.get('/users')
    expect(res.status).toBe(200)
    expectPage(res.body)
    expect(names(res.body)).toEqual(['Alice', 'Bob', 'Carol', 'Dave', expect.stringMatching(/^Owner/)])
    expect(res.body.data[0]).toEqual({
      id: org.users.alice,
      name: 'Alice',
      email: expect.stringMatching(/^alice\..*@org\.test$/),
      role: 'employee',
      status: 'active',
      job_title: null,
      team_id: org.teams.eng,
      team_name: 'Engineering',
      is_clocked_in: false,
    })
    expect(res.body.data[3]).toMatchObject({ name: 'Dave', status: 'deactivated', team_name: 'Support' })
    expect(res.body.pagination).toEqual({ page: 1, page_size: 20, total: 5, has_more: false, next_page: null })
  })

  test('filters by team, role, status and a part of the name or email, and pages', async () => {
    expect(names((await acme.ro.get(`/users?team_id=${org.teams.eng}`)).body)).toEqual(['Alice', 'Carol'])
    expect(names((await acme.ro.get('/users?role=manager')).body)).toEqual(['Carol'])
    expect(names((await acme.ro.get('/users?status=deactivated')).body)).toEqual(['Dave'])
    expect(names((await acme.ro.get(`/users?team_id=${org.teams.support}&status=active`)).body)).toEqual(['Bob'])
    expect(names((await acme.ro.get('/users?search=ALI')).body)).toEqual(['Alice'])
    expect(names((await acme.ro.get('/users?search=org.test&role=employee')).body)).toEqual(['Alice', 'Bob', 'Dave'])
    const first = await acme.ro.get('/users?page_size=2')
    expect(names(first.body)).toEqual(['Alice', 'Bob'])
    expect(first.body.pagination).toEqual({ page: 1, page_size: 2, total: 5, has_more: true, next_page: 2 })
    const last = await acme.ro.get('/users?page_size=2&page=3')
    expect(last.body.data).toHaveLength(1)
    expect(last.body.pagination.next_page).toBeNull()
  })

  test('refuses a wrong role, a misspelt filter and a team id that is not a UUID, naming each field', async () => {
    const res = await acme.ro.get('/users?role=boss&team=Support&team_id=eng')
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid_argument')
    const fields = res.body.error.details.errors.map((e: any) => e.field).sort()
    expect(fields).toEqual(['role', 'team', 'team_id'])
    expect(res.body.error.details.errors.find((e: any) => e.field === 'team').message).toBe('is not a known field')
  })

  test('answers 404 for another tenant’s team', async () => {
    const res = await acme.ro.get(`/users?team_id=${otherOrg.teams.eng}`)
    expect(res.status).toBe(404)
    expect(res.body.error).toEqual({ code: 'not_found', message: 'Team not found.', details: null })
  })
})

describe('GET /api/v1/users/{user_id}', () => {
  test('returns the profile: primary team and every team, role, contract, work profile and the cost center', async () => {
    const res = await acme.ro.get(`/users/${org.users.bob}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: org.users.bob,
      name: 'Bob',
      role: 'employee',
      status: 'active',
      work_profile: 'support',
      weekly_hours: 20,
      team: { id: org.teams.support, name: 'Support' },
      teams: [{ team_id: org.teams.support, name: 'Support', role_in_team: 'member', is_primary: true, joined_at: expect.any(String) }],
      cost_center: { id: org.costCenters.ops, code: 'CC-OPS', name: 'Operations', source: 'user' },
      two_factor_enabled: false,
      is_clocked_in: false,
      deactivated_at: null,
    })
  })

  test('the cost center falls back to the primary team’s', async () => {
    const res = await acme.ro.get(`/users/${org.users.alice}`)
    expect(res.body.cost_center).toEqual({ id: org.costCenters.eng, code: 'CC-ENG', name: 'Engineering', source: 'team' })
    expect(res.body.work_profile).toBe('engineering')
  })

  test('answers 404 for another tenant’s person, exactly as for a missing one, and 400 for a bad id', async () => {
    const res = await acme.ro.get(`/users/${otherOrg.users.alice}`)
    expect(res.status).toBe(404)
    expect(res.body.error).toEqual({ code: 'not_found', message: 'User not found.', details: null })
    expect((await acme.ro.get('/users/00000000-0000-4000-8000-000000000000')).body).toEqual(res.body)
    const bad = await acme.ro.get('/users/alice')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details).toEqual({ location: 'path', errors: [{ field: 'user_id', message: 'must be a UUID' }] })
  })
})

describe('GET /api/v1/users/{user_id}/status', () => {
  test('shows a person clocked in since the clock-in, on a lunch break, with a live desktop agent and the last activity', async () => {
    const clockIn = Date.now() - 2 * HOUR
    const log = addTimeLog(server, acme.tenant, org.users.alice, clockIn, null)
    const lunch = Date.now() - 10 * MINUTE
    addBreak(server, acme.tenant, org.users.alice, log, lunch, null)
    const agent = await agentClient(server, acme.tenant, org.users.alice)
    const device = await agent.post('/client/devices', { fingerprint: 'alice-laptop', name: 'Alice laptop', platform: 'macos' })
    expect((await agent.post('/client/agent-sessions', { device_id: device.body.device.id })).status).toBe(200)
    const sampleAt = Date.now() - 30 * MINUTE
    await uploadSamples(agent, [{ application: 'Visual Studio Code', at: sampleAt, seconds: 120 }])

    const res = await acme.ro.get(`/users/${org.users.alice}/status`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      user_id: org.users.alice,
      account_status: 'active',
      presence: 'on_break',
      is_clocked_in: true,
      clocked_in_since: new Date(clockIn).toISOString(),
      time_log_id: log,
      on_break: true,
      break_started_at: new Date(lunch).toISOString(),
      break_kind: 'lunch',
      desktop_agent_active: true,
      agent_last_heartbeat_at: expect.any(String),
      last_activity_at: new Date(sampleAt + 120_000).toISOString(),
      last_activity_idle: false,
    })
    expect((await acme.ro.get('/users?search=alice')).body.data[0].is_clocked_in).toBe(true)
  })

  test('shows a person without time log or agent as clocked out with no activity', async () => {
    const res = await acme.ro.get(`/users/${org.users.bob}/status`)
    expect(res.body).toMatchObject({
      presence: 'clocked_out',
      is_clocked_in: false,
      clocked_in_since: null,
      on_break: false,
      break_kind: null,
      desktop_agent_active: false,
      agent_last_heartbeat_at: null,
      last_activity_at: null,
      last_activity_idle: null,
    })
  })

  test('answers 404 for another tenant’s person', async () => {
    expect((await acme.ro.get(`/users/${otherOrg.users.bob}/status`)).status).toBe(404)
  })
})

describe('who sees whom', () => {
  test('a token bound to a manager sees the members of the teams they manage, and nobody else', async () => {
    const carol = await boundToken(server, acme.tenant, org.users.carol)
    expect(names((await carol.get('/users')).body)).toEqual(['Alice', 'Carol'])
    expect((await carol.get(`/users/${org.users.alice}`)).status).toBe(200)
    const bob = await carol.get(`/users/${org.users.bob}`)
    expect(bob.status).toBe(403)
    expect(bob.body.error.code).toBe('forbidden')
    expect((await carol.get(`/users/${org.users.bob}/status`)).status).toBe(403)
    const team = await carol.get(`/users?team_id=${org.teams.support}`)
    expect(team.status).toBe(403)
    expect(team.body.error.message).toBe('You can only look at teams you manage.')
  })

  test('a Manager-role token bound to no one is refused, saying how to get one that works', async () => {
    const { key } = await createKeyFixture(server, acme.tenant, { kind: 'api', role: 'manager', scope: 'read' })
    const res = await restClient(server, key).get('/users')
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('forbidden')
    expect(res.body.error.message).toContain('bound to a manager')
  })

  test('an Employee-role token is forbidden', async () => {
    const { key } = await createKeyFixture(server, acme.tenant, { kind: 'api', role: 'employee', scope: 'read' })
    const res = await restClient(server, key).get(`/users/${org.users.alice}`)
    expect(res.status).toBe(403)
    expect(res.body.error.message).toContain('Manager role or above')
  })
})
