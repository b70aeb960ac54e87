import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import type { TestServer } from '../helpers/server'
import { createKeyFixture } from '../helpers/fixtures'
import { expectPage, restClient, type restTenant } from './helpers/api'
import { startTwoOrgs, type Org } from './helpers/org'

// Real servers and CLI processes on a shared machine: give hooks and tests room (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>
let other: Awaited<ReturnType<typeof restTenant>>
let org: Org
let otherOrg: Org

beforeAll(async () => {
  ;({ server, acme, other, org, otherOrg } = await startTwoOrgs())
})
afterAll(() => server.stop())

describe('GET /api/v1/teams', () => {
  test('lists the tenant’s teams by name with member counts', async () => {
    const res = await acme.ro.get('/teams')
    expect(res.status).toBe(200)
    expectPage(res.body)
    expect(res.body.data.map((t: any) => t.name)).toEqual(['Engineering', 'Support'])
    const eng = res.body.data[0]
    expect(eng).toMatchObject({ id: org.teams.eng, manager_user_id: org.users.carol, cost_center_id: org.costCenters.eng, member_count: 2 })
    expect(res.body.pagination).toEqual({ page: 1, page_size: 20, total: 2, has_more: false, next_page: null })
  })

  test('pages with page and page_size and says where the next page is', async () => {
    const first = await acme.ro.get('/teams?page_size=1')
    expect(first.body.data).toHaveLength(1)
    expect(first.body.pagination).toEqual({ page: 1, page_size: 1, total: 2, has_more: true, next_page: 2 })
    const second = await acme.ro.get(`/teams?page_size=1&page=${first.body.pagination.next_page}`)
    expect(second.body.data[0].name).toBe('Support')
    expect(second.body.pagination.next_page).toBeNull()
  })

  test('filters by name', async () => {
    const res = await acme.ro.get('/teams?name=upp')
    expect(res.body.data.map((t: any) => t.name)).toEqual(['Support'])
  })

  test('refuses page_size above 100 naming the field', async () => {
    const res = await acme.ro.get('/teams?page_size=101')
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid_argument')
    expect(res.body.error.details.errors).toEqual([{ field: 'page_size', message: 'must be an integer at least 1 and at most 100' }])
  })
})

describe('GET /api/v1/teams/{team_id}', () => {
  test('returns one team', async () => {
    const res = await acme.ro.get(`/teams/${org.teams.support}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: org.teams.support, name: 'Support', member_count: 2, cost_center_id: null })
  })

  test('answers 404 for another tenant’s team, as for a missing one', async () => {
    const res = await acme.ro.get(`/teams/${otherOrg.teams.eng}`)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Team not found.', details: null } })
    const missing = await acme.ro.get('/teams/00000000-0000-4000-8000-000000000000')
    expect(missing.body).toEqual(res.body)
  })

  test('answers 400 for an id that is not a UUID', async () => {
    const res = await acme.ro.get('/teams/nope')
    expect(res.status).toBe(400)
    expect(res.body.error.details).toEqual({ location: 'path', errors: [{ field: 'team_id', message: 'must be a UUID' }] })
  })
})

describe('GET /api/v1/teams/{team_id}/members', () => {
  test('lists memberships with role in team, status and primary-team flag', async () => {
    const res = await acme.ro.get(`/teams/${org.teams.eng}/members`)
    expect(res.status).toBe(200)
    expectPage(res.body)
    expect(res.body.data.map((m: any) => [m.name, m.role_in_team, m.role, m.is_primary_team])).toEqual([
      ['Alice', 'member', 'employee', true],
      ['Carol', 'manager', 'manager', true],
    ])
    const support = await acme.ro.get(`/teams/${org.teams.support}/members`)
    expect(support.body.data.find((m: any) => m.name === 'Dave')).toMatchObject({ status: 'deactivated', deactivated_at: expect.any(String) })
  })

  test('answers 404 for another tenant’s team', async () => {
    const res = await other.ro.get(`/teams/${org.teams.eng}/members`)
    expect(res.status).toBe(404)
  })
})

describe('teams access', () => {
  test('an employee-role token is forbidden (teams need Manager or above)', async () => {
    const key = await createKeyFixture(server, acme.tenant, { kind: 'api', role: 'employee', scope: 'read' })
    const res = await restClient(server, key.key).get('/teams')
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('forbidden')
  })
})
