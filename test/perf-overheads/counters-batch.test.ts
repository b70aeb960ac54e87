/**
 * Issue 18 (perf-rest-rl): REST and client API requests of one event-loop turn are counted in ONE
 * transaction on counters.db, and each answer waits for the commit that holds its count. Real
 * server, real HTTP, concurrent requests: exactly `limit` are let through, and after a SIGKILL
 * sent right after the answers the stored counts equal the acknowledged requests (none lost, none
 * counted twice); the restarted server reads them back.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createKeyFixture, createTenantFixture } from '../helpers/fixtures'
import { startServer, type TestServer } from '../helpers/server'
import { rpc } from '../helpers/mcp'
import { rateHeaders } from '../rest/helpers/api'

setDefaultTimeout(120_000)

const work = mkdtempSync(join(tmpdir(), 'wf-counters-batch-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const LIMIT = 25
const env = { WORKFORCE_RATE_LIMIT_HOUR: String(LIMIT), WORKFORCE_RATE_LIMIT_DAY: '1000' }

/** Counters live in fixed UTC hours: keep a scenario inside one. */
async function awayFromHourEdge(marginSeconds = 90): Promise<void> {
  const left = 3600 - (Math.floor(Date.now() / 1000) % 3600)
  if (left < marginSeconds) await Bun.sleep((left + 1) * 1000)
}

/** Counters of MCP calls live in fixed UTC minutes: keep a scenario inside one. */
async function roomInMinute(neededSeconds: number): Promise<void> {
  while (60_000 - (Date.now() % 60_000) < neededSeconds * 1000) await Bun.sleep(250)
}

/** The stored counts of one key id, by window. */
function stored(dataDir: string, keyId: string): { hour: number; day: number; minute: number } {
  const db = new Database(join(dataDir, 'counters.db'), { readonly: true })
  try {
    const rows = db.query('select window, sum(count) as n from rate_limit_counters where key_id = ? group by window').all(keyId) as {
      window: string
      n: number
    }[]
    const of = (w: string) => rows.find((r) => r.window === w)?.n ?? 0
    return { hour: of('hour'), day: of('day'), minute: of('minute') }
  } finally {
    db.close()
  }
}

const MCP_LIMIT = 15

/** One raw JSON-RPC tools/call: 'ok', or the error code and message of its result. */
async function callOf(server: TestServer, key: string, id: number): Promise<{ error: string; message?: string }> {
  const res = await rpc(
    server.url,
    { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_employees', arguments: {} } },
    { authorization: `Bearer ${key}` },
  )
  expect(res.status).toBe(200)
  const body = (await res.json()) as { result: { isError?: boolean; structuredContent: { error?: string; message?: string } } }
  const sc = body.result.structuredContent
  return body.result.isError ? { error: String(sc.error), message: sc.message } : { error: 'ok' }
}

const get = (server: TestServer, token: string) => fetch(`${server.url}/api/v1/teams`, { headers: { authorization: `Bearer ${token}` } })

describe('rate-limit counts batched per event-loop turn', () => {
  test(`concurrent requests: exactly ${LIMIT} of a key let through; a SIGKILL right after the answers keeps every acknowledged count, once`, async () => {
    await awayFromHourEdge()
    const dataDir = join(work, 'data')
    const first = await startServer({ env, dataDir, keepData: true })
    const tenant = (await createTenantFixture(first)).tenant
    const under = await createKeyFixture(first, tenant, { kind: 'api', role: 'admin', scope: 'read' })
    const over = await createKeyFixture(first, tenant, { kind: 'api', role: 'admin', scope: 'read' })

    // 20 requests of a key under its limit and 60 of a key over it, all in flight at once.
    const sent = [...Array.from({ length: 20 }, () => under.key), ...Array.from({ length: 60 }, () => over.key)]
    const answers = await Promise.all(sent.map((token) => get(first, token)))
    // SIGKILL as soon as the last answer is in: nothing gets a chance to flush after it.
    await first.stop('SIGKILL')

    const statuses = (token: string) => answers.filter((_, i) => sent[i] === token).map((r) => r.status)
    expect(statuses(under.key).every((s) => s === 200)).toBe(true)
    expect(statuses(over.key).filter((s) => s === 200)).toHaveLength(LIMIT)
    expect(statuses(over.key).filter((s) => s === 429)).toHaveLength(60 - LIMIT)
    // Each acknowledged request saw its own count: remaining 24..0 once each, then 0 on every refusal.
    const remaining = answers.filter((r, i) => sent[i] === over.key && r.status === 200).map((r) => rateHeaders(r.headers).remainingHour)
    expect(remaining.sort((a, b) => b - a)).toEqual(Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i))

    expect(stored(dataDir, under.id)).toEqual({ hour: 20, day: 20, minute: 0 })
    expect(stored(dataDir, over.id)).toEqual({ hour: LIMIT, day: LIMIT, minute: 0 })

    // The restarted server reads them back: 5 more for the first key, none for the second.
    const second = await startServer({ env, dataDir, keepData: true })
    try {
      const more = await Promise.all(Array.from({ length: 8 }, () => get(second, under.key)))
      expect(more.filter((r) => r.status === 200)).toHaveLength(LIMIT - 20)
      const refused = await get(second, over.key)
      expect(refused.status).toBe(429)
      expect(rateHeaders(refused.headers).remainingHour).toBe(0)
    } finally {
      await second.stop()
    }
    expect(stored(dataDir, under.id)).toEqual({ hour: LIMIT, day: LIMIT, minute: 0 })
    expect(stored(dataDir, over.id)).toEqual({ hour: LIMIT, day: LIMIT, minute: 0 })
  })

  test(`MCP: concurrent tools/call of keys, with REST requests in the same turns: exactly ${MCP_LIMIT} of a key answered, the rest rate_limited; a SIGKILL right after the answers keeps every answered call's count, once`, async () => {
    await awayFromHourEdge()
    await roomInMinute(40)
    const dataDir = join(work, 'data-mcp')
    const mcpEnv = { ...env, WORKFORCE_MCP_RATE_LIMIT_MINUTE: String(MCP_LIMIT) }
    const first = await startServer({ env: mcpEnv, dataDir, keepData: true })
    const tenant = (await createTenantFixture(first)).tenant
    const under = await createKeyFixture(first, tenant, { kind: 'live', role: 'admin' })
    const over = await createKeyFixture(first, tenant, { kind: 'live', role: 'admin' })
    const rest = await createKeyFixture(first, tenant, { kind: 'api', role: 'admin', scope: 'read' })

    // 8 calls of a key under its limit, 40 of a key over it, and 10 REST requests, all in flight at once.
    const calls = [...Array.from({ length: 8 }, () => under.key), ...Array.from({ length: 40 }, () => over.key)]
    const [answers, restAnswers] = await Promise.all([
      Promise.all(calls.map((key, i) => callOf(first, key, i + 1))),
      Promise.all(Array.from({ length: 10 }, () => get(first, rest.key))),
    ])
    await first.stop('SIGKILL')

    const of = (key: string) => answers.filter((_, i) => calls[i] === key)
    expect(of(under.key).every((a) => a.error === 'ok')).toBe(true)
    expect(of(over.key).filter((a) => a.error === 'ok')).toHaveLength(MCP_LIMIT)
    const refused = of(over.key).filter((a) => a.error !== 'ok')
    expect(refused).toHaveLength(40 - MCP_LIMIT)
    for (const r of refused) {
      expect(r.error).toBe('rate_limited')
      expect(r.message).toMatch(new RegExp(`^This key made more than ${MCP_LIMIT} tool calls this minute\\. Try again in \\d+ s\\.$`))
    }
    expect(restAnswers.every((r) => r.status === 200)).toBe(true)

    expect(stored(dataDir, under.id)).toEqual({ hour: 0, day: 0, minute: 8 })
    expect(stored(dataDir, over.id)).toEqual({ hour: 0, day: 0, minute: MCP_LIMIT })
    expect(stored(dataDir, rest.id)).toEqual({ hour: 10, day: 10, minute: 0 })

    // The restarted server reads them back: MCP_LIMIT - 8 more for the first key, none for the second.
    const second = await startServer({ env: mcpEnv, dataDir, keepData: true })
    try {
      const more = await Promise.all(Array.from({ length: 10 }, (_, i) => callOf(second, under.key, 100 + i)))
      expect(more.filter((a) => a.error === 'ok')).toHaveLength(MCP_LIMIT - 8)
      expect((await callOf(second, over.key, 200)).error).toBe('rate_limited')
    } finally {
      await second.stop()
    }
    expect(stored(dataDir, under.id).minute).toBe(MCP_LIMIT)
    expect(stored(dataDir, over.id).minute).toBe(MCP_LIMIT)
  })
})
