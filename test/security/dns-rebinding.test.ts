import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'

/**
 * Issue 12 item 1: a request whose Host and Origin both name attacker.example (a DNS name rebound
 * to 127.0.0.1) used to be served, keyless tools/call included, because the Origin was trusted for
 * equalling the Host. Host must name a host this box answers to; Origin is checked against the
 * same list (plus WORKFORCE_ALLOWED_ORIGINS), never against the request's own Host.
 *
 * fetch() does not let a caller set Host, so these requests go through node:http.
 */
import { request as httpRequest } from 'node:http'

let server: TestServer
let listed: TestServer
beforeAll(async () => {
  ;[server, listed] = await Promise.all([
    startServer(),
    startServer({
      env: {
        WORKFORCE_ALLOWED_HOSTS: 'workforce.internal,.corp.example',
        WORKFORCE_ALLOWED_ORIGINS: 'https://dashboard.example',
        WORKFORCE_PUBLIC_URL: 'https://wf.example.com',
      },
    }),
  ])
})
afterAll(async () => {
  await Promise.all([server?.stop(), listed?.stop()])
})

interface Raw {
  status: number
  body: string
  json: () => Record<string, unknown>
}

function raw(base: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  const url = new URL(path, base)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, json: () => JSON.parse(body) }))
      },
    )
    req.on('error', reject)
    if (options.body) req.write(options.body)
    req.end()
  })
}

const toolsCall = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_capabilities', arguments: {} } })
const mcpHeaders = (host: string, origin?: string): Record<string, string> => ({
  host,
  ...(origin ? { origin } : {}),
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
})

describe('DNS rebinding guard', () => {
  test('Host: attacker.example + Origin: attacker.example on a keyless tools/call is refused with a JSON-RPC error', async () => {
    const res = await raw(server.url, '/api/mcp/v1', { method: 'POST', headers: mcpHeaders('attacker.example', 'http://attacker.example'), body: toolsCall })
    expect(res.status).toBe(403)
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { error: 'host_not_allowed', host: 'attacker.example' } } })
    // The same request with the box's own Host is served: the refusal is the guard, not the call.
    const own = await raw(server.url, '/api/mcp/v1', { method: 'POST', headers: mcpHeaders(`127.0.0.1:${server.port}`), body: toolsCall })
    expect(own.status).toBe(200)
    expect(own.json()).toMatchObject({ id: 1, result: {} })
  })

  test('a rebound Host on a REST endpoint gets 403 host_not_allowed in the error envelope', async () => {
    for (const path of ['/api/v1/health', '/api/v1/me', '/api/mcp/v1/tools']) {
      const res = await raw(server.url, path, { headers: { host: 'attacker.example:8080', origin: 'http://attacker.example:8080' } })
      expect(res.status).toBe(403)
      expect(res.json()).toEqual({
        error: { code: 'host_not_allowed', message: expect.stringContaining('attacker.example'), details: { host: 'attacker.example:8080' } },
      })
    }
  })

  test('an Origin equal to an allowed Host is not enough when it names another host', async () => {
    const res = await raw(server.url, '/api/mcp/v1', {
      method: 'POST',
      headers: mcpHeaders(`127.0.0.1:${server.port}`, 'http://attacker.example'),
      body: toolsCall,
    })
    expect(res.status).toBe(403)
    expect(res.json()).toMatchObject({ error: { data: { error: 'origin_not_allowed' } } })
    const rest = await raw(server.url, '/api/v1/health', { headers: { host: `127.0.0.1:${server.port}`, origin: 'null' } })
    expect(rest.status).toBe(403)
    expect(rest.json()).toMatchObject({ error: { code: 'origin_not_allowed' } })
  })

  test('loopback names pass when bound to loopback; malformed Host headers do not', async () => {
    for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`, 'localhost', 'app.localhost']) {
      const res = await raw(server.url, '/api/v1/health', { headers: { host, origin: `http://${host}` } })
      expect(res.status).toBe(200)
    }
    for (const host of ['attacker.example@127.0.0.1', '127.0.0.1.attacker.example', '10.0.0.1']) {
      const res = await raw(server.url, '/api/v1/health', { headers: { host } })
      expect(res.status).toBe(403)
    }
  })

  test('the public URL host, WORKFORCE_ALLOWED_HOSTS (names and .suffix) and WORKFORCE_ALLOWED_ORIGINS are honoured', async () => {
    for (const host of ['wf.example.com', 'workforce.internal:8443', 'corp.example', 'a.b.corp.example', `127.0.0.1:${listed.port}`]) {
      const res = await raw(listed.url, '/api/v1/health', { headers: { host, origin: `https://${host}` } })
      expect(res.status).toBe(200)
    }
    const dashboard = await raw(listed.url, '/api/mcp/v1', {
      method: 'POST',
      headers: mcpHeaders('wf.example.com', 'https://dashboard.example'),
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    })
    expect(dashboard.status).toBe(200)
    for (const host of ['attacker.example', 'corp.example.attacker.example', 'xcorp.example']) {
      const res = await raw(listed.url, '/api/v1/health', { headers: { host } })
      expect(res.status).toBe(403)
    }
    // An origin listed for browsers is not a host the box answers to.
    const asHost = await raw(listed.url, '/api/v1/health', { headers: { host: 'dashboard.example' } })
    expect(asHost.status).toBe(403)
  })
})

describe('official MCP conformance suite', () => {
  test('scenario dns-rebinding-protection passes', async () => {
    const bin = join(import.meta.dir, '../../node_modules/@modelcontextprotocol/conformance/dist/index.js')
    // The scenario needs a localhost URL: it sends Host/Origin evil.example.com, then the URL's own.
    const proc = Bun.spawn(['bun', bin, 'server', '--url', `http://localhost:${server.port}/api/mcp/v1`, '--scenario', 'dns-rebinding-protection'], {
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...process.env, NO_COLOR: '1' },
    })
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
    const text = Bun.stripANSI(out + err)
    expect(text).toContain('localhost-host-rebinding-rejected] SUCCESS')
    expect(text).toContain('localhost-host-valid-accepted    ] SUCCESS')
    expect(text).toMatch(/Passed: 2\/2, 0 failed/)
    expect(code).toBe(0)
  })
})
