import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture, createTenantFixture } from '../helpers/fixtures'
import { RATE_HEADER_NAMES, rateHeaders, restClient } from './helpers/api'

// Real servers and CLI processes on a shared machine: give hooks and tests room (not a timing assertion).
setDefaultTimeout(120_000)

/** Counters live in fixed UTC hours: start a scenario well inside one, never in its last seconds. */
async function awayFromHourEdge(marginSeconds = 60): Promise<void> {
  const left = 3600 - (Math.floor(Date.now() / 1000) % 3600)
  if (left < marginSeconds) await Bun.sleep((left + 1) * 1000)
}

const fire = (client: ReturnType<typeof restClient>, n: number, path = '/teams') => Promise.all(Array.from({ length: n }, () => client.get(path)))

describe('per-token limits on a lowered configuration (50 per hour)', () => {
  let server: TestServer
  let tenant: string
  let token: string
  const env = { WORKFORCE_RATE_LIMIT_HOUR: '50', WORKFORCE_RATE_LIMIT_DAY: '1000' }

  beforeAll(async () => {
    await awayFromHourEdge()
    server = await startServer({ env, keepData: true })
    tenant = (await createTenantFixture(server)).tenant
    token = (await createKeyFixture(server, tenant, { kind: 'api', role: 'admin', scope: 'read' })).key
  }, 120_000)
  afterAll(async () => {
    await server.stop()
    rmSync(server.dataDir, { recursive: true, force: true })
  })

  test('exactly 50 of 60 concurrent requests succeed; the other 10 get 429 rate_limited with Retry-After', async () => {
    const results = await fire(restClient(server, token), 60)
    const ok = results.filter((r) => r.status === 200)
    const limited = results.filter((r) => r.status === 429)
    expect(ok).toHaveLength(50)
    expect(limited).toHaveLength(10)
    for (const r of results) for (const h of RATE_HEADER_NAMES) expect(r.headers.get(h)).toMatch(/^\d+$/)
    // Every success saw a distinct remaining count: no increment was lost or doubled.
    expect(new Set(ok.map((r) => rateHeaders(r.headers).remainingHour)).size).toBe(50)
    for (const r of limited) {
      expect(r.body.error.code).toBe('rate_limited')
      expect(r.body.error.message).toContain('hourly limit of 50')
      const retry = Number(r.headers.get('retry-after'))
      const h = rateHeaders(r.headers)
      expect(retry).toBeGreaterThan(0)
      expect(retry).toBeLessThanOrEqual(3600)
      expect(h.remainingHour).toBe(0)
      expect(h.remainingDay).toBe(950)
      expect(Math.abs(h.resetHour - Math.floor(Date.now() / 1000) - retry)).toBeLessThanOrEqual(2)
    }
  })

  test('refused requests consume nothing: the day counter stops at 50', async () => {
    const res = await restClient(server, token).get('/teams')
    expect(res.status).toBe(429)
    expect(rateHeaders(res.headers).remainingDay).toBe(950)
  })

  test('limits are per token: another token of the same tenant has its own budget', async () => {
    const second = (await createKeyFixture(server, tenant, { kind: 'api', role: 'admin' })).key
    const res = await restClient(server, second).get('/teams')
    expect(res.status).toBe(200)
    expect(rateHeaders(res.headers)).toMatchObject({ limitHour: 50, remainingHour: 49, limitDay: 1000, remainingDay: 999 })
  })

  test('every request with a valid token counts, errors included; requests without a valid token count against nothing', async () => {
    const key = (await createKeyFixture(server, tenant, { kind: 'api', role: 'admin' })).key
    const client = restClient(server, key)
    expect(rateHeaders((await client.get('/teams')).headers).remainingHour).toBe(49)
    expect((await client.get('/teams/not-a-uuid')).status).toBe(400)
    expect((await client.get('/teams/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const anonymous = await fire(restClient(server), 5)
    const invalid = await fire(restClient(server, `wf_api_${'x'.repeat(44)}`), 5)
    for (const r of [...anonymous, ...invalid]) {
      expect(r.status).toBe(401)
      expect(rateHeaders(r.headers)).toMatchObject({ limitHour: 50, remainingHour: 50, limitDay: 1000, remainingDay: 1000 })
    }
    expect(rateHeaders((await client.get('/teams')).headers).remainingHour).toBe(46)
  })

  test('counters survive a restart; a lower daily limit then applies to what was already counted', async () => {
    expect(await server.stop()).toBe(0)
    // Same data directory; now 1000 per hour but only 60 per day: the token has used 50 of them.
    server = await startServer({ dataDir: server.dataDir, keepData: true, env: { WORKFORCE_RATE_LIMIT_HOUR: '1000', WORKFORCE_RATE_LIMIT_DAY: '60' } })
    const results = await fire(restClient(server, token), 20)
    expect(results.filter((r) => r.status === 200)).toHaveLength(10)
    const limited = results.filter((r) => r.status === 429)
    expect(limited).toHaveLength(10)
    const h = rateHeaders(limited[0]!.headers)
    expect(h).toMatchObject({ limitHour: 1000, remainingHour: 940, limitDay: 60, remainingDay: 0 })
    expect(limited[0]!.body.error.message).toContain('daily limit of 60')
    const retry = Number(limited[0]!.headers.get('retry-after'))
    expect(Math.abs(h.resetDay - Math.floor(Date.now() / 1000) - retry)).toBeLessThanOrEqual(2)
  }, 120_000)
})

describe('two processes on one data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wf-rl-shared-'))
  let a: TestServer
  let b: TestServer
  const env = { WORKFORCE_RATE_LIMIT_HOUR: '50', WORKFORCE_RATE_LIMIT_DAY: '1000' }

  beforeAll(async () => {
    await awayFromHourEdge()
    a = await startServer({ env, dataDir, keepData: true, args: ['--reuse-port'] })
    b = await startServer({ env, dataDir, keepData: true, args: ['--no-jobs', '--reuse-port'] })
  }, 120_000)
  afterAll(async () => {
    await a.stop()
    await b.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('share one exact budget: 50 of 60 concurrent requests split across both succeed', async () => {
    const tenant = (await createTenantFixture(a)).tenant
    const key = (await createKeyFixture(a, tenant, { kind: 'api', role: 'admin' })).key
    const results = await Promise.all([fire(restClient(a, key), 30), fire(restClient(b, key), 30)])
    const all = results.flat()
    expect(all.filter((r) => r.status === 200)).toHaveLength(50)
    expect(all.filter((r) => r.status === 429)).toHaveLength(10)
  })
})
