import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture, createUserFixture } from '../helpers/fixtures'
import { restClient, restTenant } from './helpers/api'
import { seedOrg, type Org } from './helpers/org'
import { boundToken, daysAgo } from './helpers/people'

// Real servers and CLI processes on a shared machine: give hooks and tests room (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>
let org: Org
let sheetId: string

beforeAll(async () => {
  server = await startServer()
  acme = await restTenant(server)
  org = seedOrg(server, acme.tenant)
  sheetId = (await acme.ro.get('/timesheets')).body.data[0].id
})
afterAll(() => server.stop())

/** Every phase-2 endpoint, with ids that exist in acme. */
const endpoints = () => [
  '/users',
  `/users/${org.users.alice}`,
  `/users/${org.users.alice}/status`,
  '/timesheets',
  `/timesheets/${sheetId}`,
  `/activity/summary?date=${daysAgo(1)}`,
  `/activity/records?user_id=${org.users.alice}`,
  `/activity/hourly?user_id=${org.users.alice}`,
  `/activity/idle?user_id=${org.users.alice}`,
]

const outcome = async (client: ReturnType<typeof restClient>, path: string) => {
  const res = await client.get(path)
  return `${path} ${res.status} ${res.body.error?.code ?? 'ok'}`
}

describe('access to users, timesheets and activity', () => {
  test('an Admin token reads every endpoint', async () => {
    for (const path of endpoints()) expect(await outcome(acme.ro, path)).toBe(`${path} 200 ok`)
  })

  test('no token, or a bad one, answers 401', async () => {
    for (const path of endpoints()) {
      expect(await outcome(restClient(server), path)).toBe(`${path} 401 unauthorized`)
      const bad = await restClient(server, `wf_api_${'B'.repeat(44)}`).get(path)
      expect(`${path} ${bad.status} ${bad.headers.get('www-authenticate')}`).toBe(`${path} 401 Bearer error="invalid_token"`)
    }
  })

  test('Employee-role tokens and Manager-role tokens bound to no one answer 403 forbidden', async () => {
    const employee = restClient(server, (await createKeyFixture(server, acme.tenant, { kind: 'api', role: 'employee' })).key)
    const manager = restClient(server, (await createKeyFixture(server, acme.tenant, { kind: 'api', role: 'manager' })).key)
    for (const path of endpoints()) {
      expect(await outcome(employee, path)).toBe(`${path} 403 forbidden`)
      expect(await outcome(manager, path)).toBe(`${path} 403 forbidden`)
    }
  })

  test('a token bound to the manager of the person’s team reads every endpoint', async () => {
    const carol = await boundToken(server, acme.tenant, org.users.carol)
    for (const path of endpoints()) expect(await outcome(carol, path)).toBe(`${path} 200 ok`)
  })

  test('a revoked token is refused at once, even right after it was used', async () => {
    const { id, key } = await createKeyFixture(server, acme.tenant, { kind: 'api', role: 'admin' })
    const client = restClient(server, key)
    expect((await client.get('/users')).status).toBe(200)
    expect((await client.get('/users')).status).toBe(200)
    expect((await server.cli(['keys', 'revoke', id, '--tenant', acme.tenant])).code).toBe(0)
    const res = await client.get('/users')
    expect(res.status).toBe(401)
    expect(res.body.error.message).toBe('The key was revoked.')
  })

  test('a token bound to a person stops working at once when the person is deactivated', async () => {
    const mia = await createUserFixture(server, acme.tenant, { name: 'Mia', role: 'manager', team: 'Support' })
    const client = await boundToken(server, acme.tenant, mia.id)
    expect(await outcome(client, `/users/${org.users.bob}`)).toBe(`/users/${org.users.bob} 200 ok`)
    const owner = restClient(server, acme.ownerKey)
    expect((await owner.post(`/client/admin/users/${mia.id}/deactivate`)).status).toBe(200)
    const res = await client.get(`/users/${org.users.bob}`)
    expect(res.status).toBe(401)
    expect(res.body.error.message).toBe('The user of this key is deactivated.')
  })

  test('below the Business plan every endpoint answers 403 plan_not_entitled, at once', async () => {
    const t = await restTenant(server)
    const tOrg = seedOrg(server, t.tenant)
    expect((await t.ro.get(`/users/${tOrg.users.bob}`)).status).toBe(200)
    expect((await server.cli(['plan', 'set', 'professional', '--tenant', t.tenant])).code).toBe(0)
    for (const path of [
      '/users',
      `/users/${tOrg.users.bob}`,
      `/users/${tOrg.users.bob}/status`,
      '/timesheets',
      '/activity/summary',
      `/activity/records?user_id=${tOrg.users.bob}`,
      `/activity/hourly?user_id=${tOrg.users.bob}`,
      `/activity/idle?user_id=${tOrg.users.bob}`,
    ]) {
      expect(await outcome(t.ro, path)).toBe(`${path} 403 plan_not_entitled`)
    }
  })
})
