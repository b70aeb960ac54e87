import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture } from '../helpers/fixtures'
import { expectPage, RATE_HEADER_NAMES, rateHeaders, restClient, restTenant } from './helpers/api'

// Real servers and CLI processes on a shared machine: give hooks and tests room (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>

beforeAll(async () => {
  server = await startServer()
  acme = await restTenant(server)
})
afterAll(() => server.stop())

const expectRateHeaders = (h: Headers) => {
  for (const name of RATE_HEADER_NAMES) expect(h.get(name)).toMatch(/^\d+$/)
}

describe('authentication', () => {
  test('no token: 401 unauthorized with a Bearer challenge', async () => {
    const res = await restClient(server).get('/tasks')
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('unauthorized')
    expect(res.headers.get('www-authenticate')).toStartWith('Bearer')
    expectRateHeaders(res.headers)
  })

  test('a bad, unknown, revoked or non-REST key: 401 with error="invalid_token"', async () => {
    const revoked = await createKeyFixture(server, acme.tenant, { kind: 'api', role: 'admin' })
    const revoke = await server.cli(['keys', 'revoke', revoked.id, '--tenant', acme.tenant])
    expect(revoke.code).toBe(0)
    const candidates = [
      'not-a-key',
      `wf_api_${'A'.repeat(44)}`,
      revoked.key,
      acme.ownerKey, // a wf_live_ MCP key: REST takes wf_api_ tokens only
      server.demoKey, // the public demo key is for MCP
    ]
    for (const key of candidates) {
      const res = await restClient(server, key).get('/tasks')
      expect(res.status).toBe(401)
      expect(res.body.error.code).toBe('unauthorized')
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
      expectRateHeaders(res.headers)
    }
  })
})

describe('plan and scope', () => {
  test('a tenant below Business gets 403 plan_not_entitled; after an upgrade the same token works', async () => {
    const pro = await restTenant(server, { plan: 'professional' })
    const refused = await pro.ro.get('/teams')
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ code: 'plan_not_entitled', message: expect.stringContaining('Business') })
    expect((await server.cli(['plan', 'set', 'business', '--tenant', pro.tenant])).code).toBe(0)
    expect((await pro.ro.get('/teams')).status).toBe(200)
  })

  test('workforce plan set professional takes REST away at once', async () => {
    const t = await restTenant(server)
    expect((await t.ro.get('/projects')).status).toBe(200)
    expect((await server.cli(['plan', 'set', 'professional', '--tenant', t.tenant])).code).toBe(0)
    const res = await t.rw.post('/tasks', { title: 'x' })
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('plan_not_entitled')
  })

  test('a read token cannot write (403 forbidden); a read_write token can', async () => {
    const refused = await acme.ro.post('/projects', { name: 'p' })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('forbidden')
    expect((await acme.rw.post('/projects', { name: 'p' })).status).toBe(201)
  })
})

describe('the demo tenant', () => {
  let demo: ReturnType<typeof restClient>
  beforeAll(async () => {
    const key = await createKeyFixture(server, server.demoTenant, { kind: 'api', role: 'admin', scope: 'read_write' })
    demo = restClient(server, key.key)
  })

  test('answers every list with the standard page shape', async () => {
    for (const path of [
      '/teams',
      '/tasks',
      '/projects',
      '/payroll/rate-cards',
      '/payroll/periods',
      '/payroll/pay-runs',
      '/billing/invoices',
      '/shifts/templates',
      '/shifts/schedules',
      '/shifts/upcoming',
      '/payroll/calculations?period_start=2026-01-01&period_end=2026-01-31',
      '/payroll/cost-centers?period_start=2026-01-01&period_end=2026-01-31',
    ]) {
      const res = await demo.get(path)
      expect([path, res.status]).toEqual([path, 200])
      expectPage(res.body)
    }
    const billing = await demo.get('/billing')
    expect(billing.body.plan.id).toBe('business')
    expect(billing.body.subscription.status).toBe('trialing')
    expect(billing.body.subscription.trial_days_left).toBeGreaterThan(0)
  })

  test('refuses writes with demo_mode_read_only', async () => {
    for (const [path, body] of [
      ['/tasks', { title: 'x' }],
      ['/projects', { name: 'x' }],
      ['/projects/sync', { source: 'jira', projects: [{ external_id: 'a', name: 'a' }] }],
      ['/payroll/pay-runs', { period_start: '2026-01-01', period_end: '2026-01-31' }],
    ] as const) {
      const res = await demo.post(path, body)
      expect([path, res.status, res.body.error.code]).toEqual([path, 403, 'demo_mode_read_only'])
    }
  })
})

describe('errors and hygiene', () => {
  test('default limits are 2000 per hour and 10000 per day, on success and error alike', async () => {
    for (const res of [await acme.ro.get('/teams'), await acme.ro.get('/teams/nope'), await restClient(server).get('/teams')]) {
      const h = rateHeaders(res.headers)
      expect(h.limitHour).toBe(2000)
      expect(h.limitDay).toBe(10000)
      const now = Math.floor(Date.now() / 1000)
      expect(h.resetHour % 3600).toBe(0)
      expect(h.resetDay % 86400).toBe(0)
      expect(h.resetHour - now).toBeLessThanOrEqual(3600)
      expect(h.resetDay - now).toBeLessThanOrEqual(86400)
    }
  })

  test('an unknown path under /api/v1 answers the error envelope with rate-limit headers', async () => {
    const res = await acme.ro.get('/nothing-here')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'No such endpoint.', details: null } })
    expectRateHeaders(res.headers)
  })

  test('a body over the cap gets 413 payload_too_large before any validation', async () => {
    const big = JSON.stringify({ title: 'x', description: 'y'.repeat(1_100_000) })
    const res = await acme.rw.post('/tasks', big)
    expect(res.status).toBe(413)
    expect(res.body.error).toMatchObject({ code: 'payload_too_large', details: { limit_bytes: 1_048_576 } })
  })

  test('malformed JSON is a 400 with no stack trace or internals', async () => {
    const res = await acme.rw.post('/tasks', '{"title": "x",,}')
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid_argument')
    expect(res.text).not.toMatch(/\bat \S+:\d+|node_modules|SELECT|sqlite/i)
  })

  test('a JSON body that is not an object is refused, naming the body', async () => {
    const res = await acme.rw.post('/payroll/pay-runs', [])
    expect(res.status).toBe(400)
    expect(res.body.error.details.errors).toEqual([{ field: 'body', message: 'must be a JSON object' }])
  })
})
