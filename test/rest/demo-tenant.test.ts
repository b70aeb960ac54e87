import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture } from '../helpers/fixtures'
import { restClient, type RestClient } from './helpers/api'

// Integrators evaluating the REST API on the default demo tenant: every read endpoint has data.
let server: TestServer
let api: RestClient

beforeAll(async () => {
  server = await startServer()
  api = restClient(server, (await createKeyFixture(server, server.demoTenant, { kind: 'api', role: 'admin', scope: 'read' })).key)
})
afterAll(() => server.stop())

const list = async (path: string) => {
  const res = await api.get(path)
  expect([path, res.status]).toEqual([path, 200])
  return res.body as { data: Record<string, unknown>[]; pagination: { total: number } }
}

describe('REST on the default demo tenant', () => {
  test('teams, tasks, projects and budgets are populated', async () => {
    const teams = await list('/teams')
    expect(teams.data.length).toBeGreaterThanOrEqual(3)
    expect((await list(`/teams/${teams.data[0]!.id}/members`)).data.length).toBeGreaterThan(0)
    const tasks = await list('/tasks?page_size=100')
    expect(new Set(tasks.data.map((t) => t.status)).size).toBeGreaterThanOrEqual(3)
    const projects = await list('/projects')
    expect(projects.data.length).toBeGreaterThan(0)
    const budgets = await Promise.all(projects.data.map((p) => api.get(`/projects/${p.id}/budget`)))
    expect(budgets.some((b) => b.body.threshold_reached === true)).toBe(true)
  })

  test('payroll, billing and shifts are populated', async () => {
    const closed = (await list('/payroll/periods')).data.find((p) => p.status === 'closed')
    expect(closed).toBeDefined()
    expect((await list('/payroll/pay-runs')).data.some((r) => r.status === 'ready')).toBe(true)
    expect((await list('/payroll/rate-cards')).data.length).toBeGreaterThan(0)
    const calc = await list(`/payroll/calculations?payroll_period_id=${closed!.id}`)
    expect(calc.data.length).toBeGreaterThan(0)
    expect((await api.get(`/payroll/cost-centers?payroll_period_id=${closed!.id}`)).status).toBe(200)
    const billing = await api.get('/billing')
    expect(billing.body).toMatchObject({ plan: expect.objectContaining({ id: 'business' }) })
    expect((await list('/billing/invoices')).data.length).toBeGreaterThan(0)
    expect((await list('/shifts/templates')).data.length).toBeGreaterThan(0)
    expect((await list('/shifts/schedules')).data.length).toBeGreaterThan(0)
    expect((await list('/shifts/upcoming')).data.length).toBeGreaterThan(0)
  })

  test('writes are refused in demo mode', async () => {
    const res = await api.post('/tasks', { title: 'Should not exist' })
    expect(res.status).toBe(403)
  })
})
