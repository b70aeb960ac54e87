import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'

let server: TestServer
beforeAll(async () => {
  server = await startServer({ env: { WORKFORCE_BODY_LIMIT_BYTES: '2048' } })
})
afterAll(async () => {
  if (server.proc.exitCode === null) await server.stop()
})

describe('workforce serve', () => {
  test('seeds a demo tenant on an empty data directory and prints its public demo key with an MCP config', () => {
    expect(server.demoTenant).toMatch(/^DEMO-\d{6}$/)
    expect(server.demoKey).toMatch(/^wf_demo_[0-9A-Za-z]{44}$/)
    expect(server.output()).toContain(`"url": "${server.url}/api/mcp/v1"`)
    expect(server.output()).toContain(`"Authorization": "Bearer ${server.demoKey}"`)
  })

  test('answers health with status, version and database reachability', async () => {
    const res = await fetch(`${server.url}/api/mcp/v1/health`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'ok', version: '1.6.0', database: 'reachable' })
    expect(res.headers.get('x-request-id')).toBeTruthy()
  })

  test('echoes a client request id and answers unknown paths with the error envelope', async () => {
    const res = await fetch(`${server.url}/api/v1/nope`, { headers: { 'x-request-id': 'req-123' } })
    expect(res.status).toBe(404)
    expect(res.headers.get('x-request-id')).toBe('req-123')
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such endpoint.', details: null } })
  })

  test('refuses a body over the cap with 413 payload_too_large', async () => {
    const res = await fetch(`${server.url}/api/v1/anything`, { method: 'POST', body: 'x'.repeat(4096), headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large')
  })

  test('prints the same public demo key again after a restart', async () => {
    const dataDir = server.dataDir
    const firstKey = server.demoKey
    // Restart on the same data directory: no new tenant, same derived key.
    await stopKeeping(server)
    server = await startServer({ dataDir })
    expect(server.demoKey).toBe(firstKey)
  })

  test('exits 0 on SIGTERM after finishing', async () => {
    const code = await server.stop('SIGTERM')
    expect(code).toBe(0)
  })
})

async function stopKeeping(s: TestServer): Promise<void> {
  s.proc.kill('SIGTERM')
  expect(await s.proc.exited).toBe(0)
}
