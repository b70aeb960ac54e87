/**
 * Issue 18: answers larger than Bun's 16 KiB cork buffer go out as a one-chunk stream
 * (src/surfaces/answer-body.ts), because Bun writes the headers of such a late answer one
 * syscall per piece otherwise. Real server, real HTTP, over a seeded demo tenant: a large MCP
 * answer, a large REST list and the cached activity summary arrive whole, chunked, and say the
 * same as the same read made small enough to carry a Content-Length; small answers keep theirs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { answerBody, CORK_BYTES } from '../../src/surfaces/answer-body'
import { answerCacheCounts } from '../helpers/answer-cache'
import { createKeyFixture } from '../helpers/fixtures'
import { rpc } from '../helpers/mcp'
import { startServer, type TestServer } from '../helpers/server'

let server: TestServer
let demoKey = ''
let restToken = ''

beforeAll(async () => {
  server = await startServer()
  const seed = await server.cli(['seed-demo', '--employees', '150', '--days', '2', '--seed', 'large-answers'])
  expect(seed.code).toBe(0)
  const admin = /Demo Admin key: (wf_demo_\w+)/.exec(seed.stdout)
  const tenant = /(DEMO-\d{6})/.exec(seed.stdout)
  expect(admin).not.toBeNull()
  expect(tenant).not.toBeNull()
  demoKey = admin![1]!
  restToken = (await createKeyFixture(server, tenant![1]!, { kind: 'api', role: 'admin', scope: 'read' })).key
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

const utf8 = new TextEncoder()

async function bytesOf(body: ReturnType<typeof answerBody>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer())
}

describe('answerBody', () => {
  test('a body up to the cork buffer is handed over as it is, string or bytes', () => {
    const text = 'x'.repeat(CORK_BYTES / 3)
    expect(answerBody(text)).toBe(text)
    const bytes = utf8.encode('y'.repeat(CORK_BYTES))
    expect(answerBody(bytes)).toBe(bytes)
  })

  test('a larger body becomes a stream of the same bytes, counted in UTF-8 (not UTF-16 units)', async () => {
    const bytes = utf8.encode('z'.repeat(CORK_BYTES + 1))
    const streamed = answerBody(bytes)
    expect(streamed).toBeInstanceOf(ReadableStream)
    expect(await bytesOf(streamed)).toEqual(bytes)
    // 6,000 characters of 'é' are 12,000 bytes: small, though over CORK_BYTES / 3 characters.
    const accents = 'é'.repeat(6000)
    expect(answerBody(accents)).toBe(accents)
    // 9,000 of them are 18,000 bytes: large.
    const more = 'é'.repeat(9000)
    expect(answerBody(more)).toBeInstanceOf(ReadableStream)
    expect(await bytesOf(answerBody(more))).toEqual(utf8.encode(more))
    // A string past Latin-1 (two bytes a unit in memory), joined from parts as serializeRpc joins
    // an MCP answer: streamed as it is, the same UTF-8 bytes.
    const joined = `{"name":${JSON.stringify('Dvořák '.repeat(3000))},"n":${'1'.repeat(100)}}`
    expect(answerBody(joined)).toBeInstanceOf(ReadableStream)
    expect(await bytesOf(answerBody(joined))).toEqual(utf8.encode(joined))
  })
})

/** The answer's framing and body. */
async function framed(res: Response): Promise<{ status: number; chunked: boolean; length: string | null; body: string }> {
  const body = await res.text()
  return { status: res.status, chunked: res.headers.get('transfer-encoding') === 'chunked', length: res.headers.get('content-length'), body }
}

const listEmployees = (pageSize: number) =>
  rpc(
    server.url,
    { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'list_employees', arguments: { page: 1, page_size: pageSize } } },
    { authorization: `Bearer ${demoKey}` },
  )

/** This server's count of activity summaries served from the answer cache (GET /metrics). */
async function summaryHits(): Promise<number> {
  return answerCacheCounts(await (await fetch(`${server.url}/metrics`)).text(), 'get_activity_summary').hit
}

const rest = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${restToken}` } })

describe('over HTTP', () => {
  test('MCP: a large tool answer arrives whole and chunked; a small one with its Content-Length', async () => {
    const large = await framed(await listEmployees(100))
    expect(large.status).toBe(200)
    expect(utf8.encode(large.body).byteLength).toBeGreaterThan(CORK_BYTES)
    expect(large.chunked).toBe(true)
    expect(large.length).toBeNull()
    const answer = JSON.parse(large.body) as { id: number; result: { structuredContent: { result: { employees: { id: string }[] } } } }
    expect(answer.id).toBe(7)
    expect(answer.result.structuredContent.result.employees).toHaveLength(100)

    const small = await framed(await listEmployees(2))
    expect(small.chunked).toBe(false)
    expect(Number(small.length)).toBe(utf8.encode(small.body).byteLength)
    // The first two of the large page are the small page's two.
    const firstTwo = (JSON.parse(small.body) as typeof answer).result.structuredContent.result.employees.map((e) => e.id)
    expect(answer.result.structuredContent.result.employees.slice(0, 2).map((e) => e.id)).toEqual(firstTwo)
  })

  test('REST: a large list and the cached activity summary arrive whole and chunked, with their headers', async () => {
    const users = await rest('/api/v1/users?page_size=100')
    const large = await framed(users)
    expect(large.status).toBe(200)
    expect(users.headers.get('content-type')).toBe('application/json')
    expect(users.headers.get('x-ratelimit-limit-hour')).not.toBeNull()
    expect(users.headers.get('x-request-id')).not.toBeNull()
    expect(utf8.encode(large.body).byteLength).toBeGreaterThan(CORK_BYTES)
    expect(large.chunked).toBe(true)
    const page = JSON.parse(large.body) as { data: { id: string }[]; pagination: { total: number } }
    expect(page.data).toHaveLength(100)
    expect(page.pagination.total).toBeGreaterThanOrEqual(150)

    const small = await framed(await rest('/api/v1/users?page_size=3'))
    expect(small.chunked).toBe(false)
    expect(Number(small.length)).toBe(utf8.encode(small.body).byteLength)
    expect((JSON.parse(small.body) as typeof page).data.map((u) => u.id)).toEqual(page.data.slice(0, 3).map((u) => u.id))

    // The activity summary is served from its cached bytes after the first call: both alike. A
    // finished day (yesterday) is asked: today's hours grow with the clock, and a job of this
    // server committing between the two calls (the seeded tenant's catch-up) rightly makes the
    // second compute again. So the pair is asked until its second answer is a cache hit.
    const today = (JSON.parse((await framed(await rest('/api/v1/activity/summary'))).body) as { date: string }).date
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    let pair: { first: Awaited<ReturnType<typeof framed>>; cached: Awaited<ReturnType<typeof framed>> } | null = null
    for (let attempt = 0; attempt < 5 && !pair; attempt++) {
      const first = await framed(await rest(`/api/v1/activity/summary?date=${yesterday}`))
      const hitsBefore = await summaryHits()
      const cached = await framed(await rest(`/api/v1/activity/summary?date=${yesterday}`))
      if ((await summaryHits()) === hitsBefore + 1) pair = { first, cached }
    }
    expect(pair).not.toBeNull()
    const { first, cached } = pair!
    expect(first.status).toBe(200)
    expect((JSON.parse(first.body) as { date: string }).date).toBe(yesterday)
    expect(utf8.encode(first.body).byteLength).toBeGreaterThan(CORK_BYTES)
    expect(first.chunked && cached.chunked).toBe(true)
    expect(cached.body).toBe(first.body)
  })
})
