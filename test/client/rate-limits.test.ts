import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'

// Real server and CLI processes on a shared machine: room for hooks (not a timing assertion).
setDefaultTimeout(120_000)

/** Counters live in fixed UTC hours: start well inside one, never in its last seconds. */
async function awayFromHourEdge(marginSeconds = 60): Promise<void> {
  const left = 3600 - (Math.floor(Date.now() / 1000) % 3600)
  if (left < marginSeconds) await Bun.sleep((left + 1) * 1000)
}

interface Answer {
  status: number
  headers: Headers
  body: any
}

/** One client API request: registering the same device again (idempotent), with a live key. */
async function register(server: TestServer, key: string): Promise<Answer> {
  const res = await fetch(`${server.url}/api/v1/client/devices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fingerprint: 'fp-rate-limit-01', name: 'laptop', platform: 'linux' }),
  })
  return { status: res.status, headers: res.headers, body: await res.json() }
}

const fire = (server: TestServer, key: string, n: number) => Promise.all(Array.from({ length: n }, () => register(server, key)))
const num = (h: Headers, name: string) => Number(h.get(name))

describe('client API limits per key and per tenant (lowered: 20 per key, 30 per tenant, per hour)', () => {
  let server: TestServer
  let first: string
  let second: string
  let otherTenant: string

  beforeAll(async () => {
    await awayFromHourEdge()
    server = await startServer({ env: { WORKFORCE_CLIENT_RATE_LIMIT_HOUR: '20', WORKFORCE_CLIENT_TENANT_RATE_LIMIT_HOUR: '30' } })
    const t = await createTenantFixture(server)
    first = (await createPersonFixture(server, t.tenant)).key
    second = (await createPersonFixture(server, t.tenant)).key
    const other = await createTenantFixture(server)
    otherTenant = (await createPersonFixture(server, other.tenant)).key
  }, 120_000)
  afterAll(async () => {
    await server.stop()
  })

  test('a key gets exactly its 20 requests; the rest answer 429 rate_limited with Retry-After, and the headers count down truthfully', async () => {
    const results = await fire(server, first, 25)
    const ok = results.filter((r) => r.status === 200)
    const limited = results.filter((r) => r.status === 429)
    expect(ok).toHaveLength(20)
    expect(limited).toHaveLength(5)
    // Every success saw a distinct remaining count: 19 down to 0.
    expect(new Set(ok.map((r) => num(r.headers, 'x-ratelimit-remaining-hour')))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => i)))
    for (const r of ok) {
      expect(num(r.headers, 'x-ratelimit-limit-hour')).toBe(20)
      expect(num(r.headers, 'x-ratelimit-tenant-limit-hour')).toBe(30)
    }
    for (const r of limited) {
      expect(r.body.error.code).toBe('rate_limited')
      expect(r.body.error.message).toContain('hourly limit of 20')
      expect(r.body.error.details).toMatchObject({ scope: 'key', limit_hour: 20 })
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(num(r.headers, 'x-ratelimit-remaining-hour')).toBe(0)
      // Refused requests consume nothing: the tenant has 30 - 20 left.
      expect(num(r.headers, 'x-ratelimit-tenant-remaining-hour')).toBe(10)
    }
  })

  test("another key of the same tenant has its own budget but shares the tenant's: 10 more pass, then 429 naming the company", async () => {
    const results = await fire(server, second, 15)
    const ok = results.filter((r) => r.status === 200)
    const limited = results.filter((r) => r.status === 429)
    expect(ok).toHaveLength(10)
    expect(limited).toHaveLength(5)
    expect(new Set(ok.map((r) => num(r.headers, 'x-ratelimit-tenant-remaining-hour')))).toEqual(new Set(Array.from({ length: 10 }, (_, i) => i)))
    for (const r of limited) {
      expect(r.body.error.code).toBe('rate_limited')
      expect(r.body.error.message).toContain('shared hourly limit of 30')
      expect(r.body.error.details).toMatchObject({ scope: 'tenant', limit_hour: 30 })
      expect(num(r.headers, 'x-ratelimit-tenant-remaining-hour')).toBe(0)
      // The key itself has used only 10 of its 20.
      expect(num(r.headers, 'x-ratelimit-remaining-hour')).toBe(10)
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })

  test("another tenant's keys are not affected", async () => {
    const res = await register(server, otherTenant)
    expect(res.status).toBe(200)
    expect(num(res.headers, 'x-ratelimit-remaining-hour')).toBe(19)
    expect(num(res.headers, 'x-ratelimit-tenant-remaining-hour')).toBe(29)
  })

  test('a request without a key counts against nothing and is told the client limits, not the REST ones', async () => {
    const res = await fetch(`${server.url}/api/v1/client/devices`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(401)
    expect(num(res.headers, 'x-ratelimit-limit-hour')).toBe(20)
    expect(num(res.headers, 'x-ratelimit-remaining-hour')).toBe(20)
  })
})
