import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createKeyFixture, createTenantFixture } from '../helpers/fixtures'
import { startServer, type TestServer } from '../helpers/server'

/**
 * Issue 12 item 8: a chunked body declares no Content-Length, so the 1 MiB cap (checked on the
 * header) let a 1.5 MiB chunked MCP POST through (200); bodies over 2 MiB, URLs and headers over
 * Bun's 16 KiB got Bun's empty 413/431. Every body is now counted whatever its framing, and every
 * refusal our code can make is in the JSON error envelope (a JSON-RPC error on the MCP endpoint).
 */

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server?.stop()
})

const MiB = 1_048_576
const encoder = new TextEncoder()

/** A body sent with Transfer-Encoding: chunked (fetch streams a ReadableStream body). */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text)
  return new ReadableStream({
    start(c) {
      for (let i = 0; i < bytes.length; i += 64 * 1024) c.enqueue(bytes.slice(i, i + 64 * 1024))
      c.close()
    },
  })
}

/** A JSON-RPC message of about `size` bytes. */
const rpcOfSize = (size: number) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { pad: 'x'.repeat(size) } } })

async function post(path: string, body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${server.demoKey}`, ...headers },
    body,
    duplex: 'half',
  } as RequestInit)
  const text = await res.text()
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> }
}

describe('body cap whatever the framing', () => {
  test('a 1.5 MiB chunked MCP POST gets 413 as a JSON-RPC error', async () => {
    const res = await post('/api/mcp/v1', chunked(rpcOfSize(1.5 * MiB)))
    expect(res.status).toBe(413)
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { error: 'payload_too_large', limit_bytes: MiB } } })
  })

  test('a 1.5 MiB chunked REST POST gets 413 payload_too_large in the envelope', async () => {
    const res = await post('/api/v1/projects', chunked(JSON.stringify({ url: 'https://x.example', pad: 'x'.repeat(1.5 * MiB) })))
    expect(res.status).toBe(413)
    expect(res.json()).toEqual({ error: { code: 'payload_too_large', message: `The request body exceeds ${MiB} bytes.`, details: { limit_bytes: MiB } } })
  })

  test('a chunked body under the cap is served', async () => {
    const res = await post('/api/mcp/v1', chunked(rpcOfSize(900_000)))
    expect(res.status).toBe(200)
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: {} })
  })

  test('a chunked REST body under the cap is parsed and served', async () => {
    const tenant = await createTenantFixture(server)
    const { key } = await createKeyFixture(server, tenant.tenant, { kind: 'api', role: 'admin', scope: 'read_write' })
    const res = await post('/api/v1/projects', chunked(JSON.stringify({ name: 'sent chunked' })), { authorization: `Bearer ${key}` })
    expect(res.status).toBe(201)
    expect(res.json()).toMatchObject({ name: 'sent chunked' })
  })

  test('a declared 3 MiB body (over Bun’s old 2 MiB limit) gets the JSON envelope, not an empty 413', async () => {
    const res = await post('/api/v1/projects', 'x'.repeat(3 * MiB))
    expect(res.status).toBe(413)
    expect(res.json()).toMatchObject({ error: { code: 'payload_too_large', details: { limit_bytes: MiB } } })
  })
})

describe('URL and header caps', () => {
  test('an over-long URL gets 414 uri_too_long in the envelope (20 KiB used to be Bun’s empty 431)', async () => {
    for (const size of [9_000, 20_000]) {
      const res = await fetch(`${server.url}/api/v1/health?pad=${'a'.repeat(size)}`)
      expect(res.status).toBe(414)
      expect(await res.json()).toEqual({
        error: { code: 'uri_too_long', message: 'The request URL exceeds 8192 bytes.', details: { limit_bytes: 8192 } },
      })
    }
  })

  test('over-long headers get 431 headers_too_large in the envelope', async () => {
    const res = await fetch(`${server.url}/api/v1/health`, { headers: { 'x-pad': 'a'.repeat(20_000) } })
    expect(res.status).toBe(431)
    expect(await res.json()).toEqual({
      error: { code: 'headers_too_large', message: 'The request headers exceed 16384 bytes.', details: { limit_bytes: 16384 } },
    })
  })

  test('on the MCP endpoint the same refusal is a JSON-RPC error', async () => {
    const res = await post('/api/mcp/v1', rpcOfSize(10), { 'x-pad': 'a'.repeat(20_000) })
    expect(res.status).toBe(431)
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', error: { data: { error: 'headers_too_large' } } })
  })

  test('past Bun’s own backstop (64 KiB of request head) Bun answers an empty 431 before our code runs (documented)', async () => {
    const res = await fetch(`${server.url}/api/v1/health`, { headers: { 'x-pad': 'a'.repeat(70_000) } })
    expect(res.status).toBe(431)
    expect(await res.text()).toBe('')
  })
})
