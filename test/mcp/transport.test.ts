import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { rpc } from '../helpers/mcp'

let server: TestServer
const init = (version = '2025-03-26', id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw-test', version: '1' } },
})

beforeAll(async () => {
  server = await startServer()
}, 120_000)
afterAll(async () => {
  await server.stop()
}, 120_000)

async function session(version = '2025-03-26'): Promise<Record<string, string>> {
  const res = await rpc(server.url, init(version), { authorization: `Bearer ${server.demoKey}` })
  const id = res.headers.get('mcp-session-id')
  expect(id).toBeTruthy()
  return { authorization: `Bearer ${server.demoKey}`, 'mcp-session-id': id!, 'mcp-protocol-version': version }
}

describe('MCP Streamable HTTP transport', () => {
  test('initialize reports server workforce 1.6.0 and protocol 2025-03-26 by default, with a session id', async () => {
    const res = await rpc(server.url, init('2024-11-05'))
    expect(res.status).toBe(200)
    expect(res.headers.get('mcp-session-id')).toMatch(/^[\x21-\x7e]+$/)
    const body = (await res.json()) as { result: { protocolVersion: string; serverInfo: { name: string; version: string }; capabilities: { tools: object } } }
    expect(body.result.protocolVersion).toBe('2025-03-26')
    expect(body.result.serverInfo).toMatchObject({ name: 'workforce', version: '1.6.0' })
    expect(body.result.capabilities.tools).toBeDefined()
  })

  test('initialize answers in 2025-06-18 or 2025-11-25 when the client asks for it', async () => {
    for (const v of ['2025-06-18', '2025-11-25', '2025-03-26']) {
      const body = (await (await rpc(server.url, init(v))).json()) as { result: { protocolVersion: string } }
      expect(body.result.protocolVersion).toBe(v)
    }
  })

  test('every answer carries the request id (the one sent, or a new one), small or large, error or not', async () => {
    const headers = await session()
    const small = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, { ...headers, 'x-request-id': 'trace-small-1' })
    expect(small.headers.get('x-request-id')).toBe('trace-small-1')
    // A large answer goes out as a stream (answer-body.ts): the header rides along all the same.
    const large = await rpc(server.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { ...headers, 'x-request-id': 'trace-large-2' })
    expect(large.headers.get('x-request-id')).toBe('trace-large-2')
    expect(((await large.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(0)
    const refused = await rpc(server.url, { jsonrpc: '2.0', id: 3, method: 'ping' }, { authorization: 'Bearer wf_live_nope', 'x-request-id': 'trace-401' })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('x-request-id')).toBe('trace-401')
    const fresh = await rpc(server.url, { jsonrpc: '2.0', id: 4, method: 'ping' }, headers)
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('notifications/initialized is accepted with 202 and an empty body', async () => {
    const headers = await session()
    const res = await rpc(server.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)
    expect(res.status).toBe(202)
    expect(await res.text()).toBe('')
  })

  test('ping answers an empty result', async () => {
    const res = await rpc(server.url, { jsonrpc: '2.0', id: 'p', method: 'ping' }, await session())
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 'p', result: {} })
  })

  test('a 2025-03-26 batch answers every request in one array and skips notifications', async () => {
    const headers = await session()
    const res = await rpc(
      server.url,
      [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_capabilities', arguments: {} } },
        { jsonrpc: '2.0', id: 3, method: 'no/such' },
      ],
      headers,
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as { id: number; result?: { structuredContent?: { total_tools: number } }; error?: { code: number } }[]
    expect(body.map((r) => r.id)).toEqual([1, 2, 3])
    expect(body[1]!.result!.structuredContent!.total_tools).toBe(24)
    expect(body[2]!.error!.code).toBe(-32601)
  })

  test('a batch of notifications only is answered 202', async () => {
    const res = await rpc(server.url, [{ jsonrpc: '2.0', method: 'notifications/initialized' }], await session())
    expect(res.status).toBe(202)
  })

  test('batches are refused under protocol 2025-06-18, and an empty batch is an invalid request', async () => {
    const headers = await session('2025-06-18')
    const res = await rpc(server.url, [{ jsonrpc: '2.0', id: 1, method: 'ping' }], headers)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32600)
    const empty = await rpc(server.url, [], await session())
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { error: { code: number } }).error.code).toBe(-32600)
  })

  test('malformed JSON gets -32700 with HTTP 400', async () => {
    const res = await rpc(server.url, '{"jsonrpc": "2.0", "id": 1, "method": ')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } })
  })

  test('a message that is not JSON-RPC 2.0 gets -32600', async () => {
    for (const bad of [{ id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 1, method: 42 }, { jsonrpc: '2.0', id: { x: 1 }, method: 'ping' }, '"hello"', 42]) {
      const res = await rpc(server.url, bad)
      expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32600)
    }
  })

  test('an unknown method gets -32601', async () => {
    const res = await rpc(server.url, { jsonrpc: '2.0', id: 9, method: 'resources/list' })
    expect(await res.json()).toMatchObject({ id: 9, error: { code: -32601 } })
  })

  test('tools/call without a name, with an unknown tool or non-object arguments gets -32602', async () => {
    for (const params of [{}, { name: 'no_such_tool' }, { name: 'get_capabilities', arguments: [1] }]) {
      const res = await rpc(server.url, { jsonrpc: '2.0', id: 5, method: 'tools/call', params })
      expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32602)
    }
  })

  test('a bad MCP-Protocol-Version header gets 400', async () => {
    const res = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-protocol-version': '1999-01-01' })
    expect(res.status).toBe(400)
  })

  test('a foreign Origin gets 403; the server own origin and configured origins pass', async () => {
    const bad = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, { origin: 'https://evil.example' })
    expect(bad.status).toBe(403)
    const own = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, { origin: server.url })
    expect(own.status).toBe(200)
  })

  test('GET on the endpoint answers 405: there is no server-initiated stream', async () => {
    const res = await fetch(`${server.url}/api/mcp/v1`, { headers: { accept: 'text/event-stream' } })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toContain('POST')
  })

  test('DELETE ends a session; the id is then unknown (404)', async () => {
    const headers = await session()
    const del = await fetch(`${server.url}/api/mcp/v1`, { method: 'DELETE', headers })
    expect(del.status).toBe(200)
    const after = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, headers)
    expect(after.status).toBe(404)
    const again = await fetch(`${server.url}/api/mcp/v1`, { method: 'DELETE', headers })
    expect(again.status).toBe(404)
  })

  test('a session cannot be used with another key', async () => {
    const headers = await session()
    const res = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, { ...headers, authorization: '' })
    expect(res.status).toBe(404)
  })

  test('an unknown or malformed key gets HTTP 401 with WWW-Authenticate invalid_token', async () => {
    for (const key of ['wf_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'not-a-key']) {
      const res = await rpc(server.url, init(), { authorization: `Bearer ${key}` })
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toStartWith('Bearer error="invalid_token", resource_metadata="')
    }
  })

  test('a client that accepts only SSE gets the response as an SSE event', async () => {
    const res = await rpc(server.url, { jsonrpc: '2.0', id: 7, method: 'ping' }, { accept: 'text/event-stream' })
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    expect(await res.text()).toBe('event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{}}\n\n')
  })

  test('GET /tools lists all 24 tools with meta, without a key', async () => {
    const res = await fetch(`${server.url}/api/mcp/v1/tools`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { tools: { name: string }[]; meta: Record<string, string> }
    expect(body.tools).toHaveLength(24)
    expect(body.meta).toEqual({ server: 'workforce', version: '1.6.0', protocol: '2025-03-26', description: expect.any(String) })
    const health = await fetch(`${server.url}/api/mcp/v1/health`)
    expect(health.status).toBe(200)
  })

  test('a tool without a key answers HTTP 401 with the OAuth challenge and a JSON-RPC error saying how to get a key', async () => {
    const res = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_employees', arguments: {} } })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toStartWith('Bearer resource_metadata="')
    const body = (await res.json()) as { id: number; error: { message: string; data: { error: string } } }
    expect(body.id).toBe(1)
    expect(body.error.data.error).toBe('unauthorized')
    expect(body.error.message).toContain('demo key')
  })
})
