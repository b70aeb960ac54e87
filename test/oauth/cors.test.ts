import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { request as httpRequest } from 'node:http'
import { startServer, type TestServer } from '../helpers/server'

/**
 * Issue 16: browser-based MCP clients (the Inspector's UI, web connectors) fetch the discovery
 * documents and the registration, token and revocation endpoints cross-origin, and call the MCP
 * endpoint with CORS. The rule (docs/oauth.md, "Browser-based clients"): the open OAuth endpoints
 * answer any Origin with `*`; the MCP endpoint echoes only an Origin the Host/Origin guard allows
 * (test/security/dns-rebinding.test.ts stays as it is). Real server, real HTTP.
 */
let server: TestServer
const FOREIGN = 'https://connector.example'
/** An Origin the guard allows on a loopback-bound server: the Inspector's UI on localhost. */
const LOCAL_UI = 'http://localhost:6274'

beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server?.stop()
})

const preflight = (path: string, origin: string, method: string, headers: string) =>
  fetch(`${server.url}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  })

/** node:http, because fetch() cannot set Host. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(path, server.url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'GET', headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the open OAuth endpoints answer any browser Origin', () => {
  test('preflight of each: 204 with Allow-Origin *, the methods and the headers browser clients send', async () => {
    for (const [path, method] of [
      ['/.well-known/oauth-protected-resource/api/mcp/v1', 'GET'],
      ['/.well-known/oauth-protected-resource', 'GET'],
      ['/.well-known/oauth-authorization-server', 'GET'],
      ['/.well-known/openid-configuration', 'GET'],
      ['/oauth/register', 'POST'],
      ['/oauth/token', 'POST'],
      ['/oauth/revoke', 'POST'],
    ] as const) {
      const res = await preflight(path, FOREIGN, method, 'content-type, mcp-protocol-version')
      expect({ path, status: res.status }).toEqual({ path, status: 204 })
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(res.headers.get('access-control-allow-methods')).toContain(method)
      expect(res.headers.get('access-control-allow-headers')).toContain('content-type')
      expect(res.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version')
    }
  })

  test('actual requests from a foreign Origin are served (not origin_not_allowed) and readable: metadata, register, token', async () => {
    const meta = await fetch(`${server.url}/.well-known/oauth-authorization-server`, { headers: { origin: FOREIGN, 'mcp-protocol-version': '2025-11-25' } })
    expect(meta.status).toBe(200)
    expect(meta.headers.get('access-control-allow-origin')).toBe('*')
    expect(((await meta.json()) as { token_endpoint: string }).token_endpoint).toBe(`${server.url}/oauth/token`)
    const reg = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { origin: FOREIGN, 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Browser client', redirect_uris: ['https://connector.example/callback'] }),
    })
    expect(reg.status).toBe(201)
    expect(reg.headers.get('access-control-allow-origin')).toBe('*')
    const clientId = ((await reg.json()) as { client_id: string }).client_id
    const tok = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { origin: FOREIGN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: 'wf_ort_unknown' }).toString(),
    })
    expect(tok.status).toBe(400)
    expect(tok.headers.get('access-control-allow-origin')).toBe('*')
    expect(await tok.json()).toMatchObject({ error: 'invalid_grant' })
  })

  test('the Host check still applies there, and the authorization page keeps the Origin check', async () => {
    const rebound = await rawGet('/.well-known/oauth-authorization-server', { host: 'attacker.example', origin: 'http://attacker.example' })
    expect(rebound.status).toBe(403)
    expect(rebound.body).toContain('host_not_allowed')
    const authorize = await fetch(`${server.url}/oauth/authorize?client_id=x`, { headers: { origin: FOREIGN }, redirect: 'manual' })
    expect(authorize.status).toBe(403)
    expect(await authorize.json()).toMatchObject({ error: { code: 'origin_not_allowed' } })
  })
})

describe('the MCP endpoint: CORS for Origins the guard allows, nothing for others', () => {
  test('preflight from an allowed Origin: 204 echoing it, with the MCP headers allowed', async () => {
    const res = await preflight('/api/mcp/v1', LOCAL_UI, 'POST', 'authorization, content-type, mcp-session-id, mcp-protocol-version')
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(LOCAL_UI)
    expect(res.headers.get('vary')).toContain('Origin')
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE, OPTIONS')
    for (const h of ['authorization', 'content-type', 'mcp-session-id', 'mcp-protocol-version'])
      expect(res.headers.get('access-control-allow-headers')).toContain(h)
  })

  test('actual requests from an allowed Origin carry Allow-Origin and expose the session id and the 401 challenge', async () => {
    const headers = { origin: LOCAL_UI, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
    const init = await fetch(`${server.url}/api/mcp/v1`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'cors', version: '1' } },
      }),
    })
    expect(init.status).toBe(200)
    expect(init.headers.get('access-control-allow-origin')).toBe(LOCAL_UI)
    expect(init.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id')
    expect(init.headers.get('mcp-session-id')).toBeString()
    const call = await fetch(`${server.url}/api/mcp/v1`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_employees', arguments: {} } }),
    })
    expect(call.status).toBe(401)
    expect(call.headers.get('access-control-allow-origin')).toBe(LOCAL_UI)
    expect(call.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate')
    expect(call.headers.get('www-authenticate')).toContain('resource_metadata=')
  })

  test('a foreign Origin gets no CORS on the MCP endpoint: preflight and request are refused by the guard', async () => {
    const pre = await preflight('/api/mcp/v1', FOREIGN, 'POST', 'content-type')
    expect(pre.status).toBe(403)
    expect(pre.headers.get('access-control-allow-origin')).toBeNull()
    const res = await fetch(`${server.url}/api/mcp/v1`, {
      method: 'POST',
      headers: { origin: FOREIGN, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    })
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(await res.json()).toMatchObject({ error: { data: { error: 'origin_not_allowed' } } })
  })

  test('without an Origin (not a browser) no CORS header is added', async () => {
    const res = await fetch(`${server.url}/api/mcp/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })
})
