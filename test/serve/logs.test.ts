import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { runCli, workforceCommand } from '../helpers/server'

/** A server at log level info whose stdout and stderr are kept apart. */
interface LoggedServer {
  url: string
  demoKey: string
  demoTenant: string
  stdout(): string
  stderr(): string
  proc: Subprocess
  dataDir: string
}

async function startLogged(): Promise<LoggedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wf-logs-'))
  const proc = Bun.spawn([...workforceCommand(), 'serve', '--port', '0', '--data', dataDir], {
    env: { ...process.env, WORKFORCE_LOG_LEVEL: 'info' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let out = ''
  let err = ''
  const pump = async (stream: ReadableStream<Uint8Array>, sink: (s: string) => void) => {
    const decoder = new TextDecoder()
    for await (const chunk of stream) sink(decoder.decode(chunk))
  }
  void pump(proc.stdout as ReadableStream<Uint8Array>, (s) => (out += s))
  void pump(proc.stderr as ReadableStream<Uint8Array>, (s) => (err += s))
  const deadline = Date.now() + 120_000
  while (!err.includes('"msg":"listening"')) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}\n${out}\n${err}`)
    if (Date.now() > deadline) throw new Error(`server did not start\n${out}\n${err}`)
    await Bun.sleep(25)
  }
  const port = Number(/listening on http:\/\/[^:]+:(\d+)/.exec(out)![1])
  return {
    url: `http://127.0.0.1:${port}`,
    demoKey: /Public demo key \(read-only\): (\S+)/.exec(out)![1]!,
    demoTenant: /Demo tenant:\s+(\S+)/.exec(out)![1]!,
    stdout: () => out,
    stderr: () => err,
    proc,
    dataDir,
  }
}

const jsonLines = (text: string): Record<string, unknown>[] =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>
      } catch {
        throw new Error(`not a JSON log line: ${l}`)
      }
    })

async function waitForLine(server: LoggedServer, match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const line = jsonLines(server.stderr()).find(match)
    if (line) return line
    if (Date.now() > deadline) throw new Error(`no such log line in\n${server.stderr()}`)
    await Bun.sleep(25)
  }
}

let server: LoggedServer
beforeAll(async () => {
  server = await startLogged()
})
afterAll(async () => {
  server.proc.kill('SIGTERM')
  await server.proc.exited
  rmSync(server.dataDir, { recursive: true, force: true })
})

describe('logs', () => {
  test('start-up writes JSON lines only on stderr (stdout keeps the banner)', () => {
    const lines = jsonLines(server.stderr())
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) {
      expect(typeof line.time).toBe('string')
      expect(['debug', 'info', 'warn', 'error']).toContain(String(line.level))
      expect(typeof line.msg).toBe('string')
    }
    expect(lines.some((l) => l.msg === 'listening')).toBe(true)
    expect(server.stderr()).not.toContain('[Sucrose]')
    expect(server.stdout()).not.toContain('[Sucrose]')
  })

  test('one access line per request at info: method, route pattern, status, duration, request id, tenant, key prefix, no secret', async () => {
    const res = await fetch(`${server.url}/api/mcp/v1`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.demoKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-request-id': 'logs-test-mcp-1',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_employees', arguments: {} } }),
    })
    expect(res.status).toBe(200)
    const line = await waitForLine(server, (l) => l.requestId === 'logs-test-mcp-1')
    expect(line).toMatchObject({ level: 'info', msg: 'request', method: 'POST', route: '/api/mcp/v1', status: 200, tenant: server.demoTenant })
    expect(typeof line.ms).toBe('number')
    // The public lookup part as `keys list` shows it, never the secret.
    expect(line.keyPrefix).toBe(server.demoKey.slice(0, 'wf_demo_'.length + 8))
    expect(server.stderr()).not.toContain(server.demoKey)
    expect(server.stderr()).not.toContain(server.demoKey.slice(-32))

    // A path with an id is logged by its route pattern, not the raw path.
    await fetch(`${server.url}/api/v1/tasks/secret-looking-id-123`, { headers: { 'x-request-id': 'logs-test-rest-1' } })
    const rest = await waitForLine(server, (l) => l.requestId === 'logs-test-rest-1')
    expect(rest).toMatchObject({ method: 'GET', route: '/api/v1/tasks/:task_id', status: 401, tenant: null, keyPrefix: null })
    expect(server.stderr()).not.toContain('secret-looking-id-123')
    // Exactly one line per request.
    expect(jsonLines(server.stderr()).filter((l) => l.requestId === 'logs-test-rest-1')).toHaveLength(1)
  })

  test('exactly one access line for every way a request is answered: handler, refusals, unknown paths, HEAD', async () => {
    const created = await runCli([
      'keys',
      'create',
      '--data',
      server.dataDir,
      '--tenant',
      server.demoTenant,
      '--kind',
      'api',
      '--role',
      'admin',
      '--scope',
      'read',
      '--name',
      'logs',
    ])
    const token = /wf_api_\S+/.exec(created.stdout)?.[0]
    expect(token).toBeDefined()
    const mcp = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_productivity_overview', arguments: {} } })
    const cases: { id: string; url: string; init?: RequestInit; route: string; status: number; tenant?: string | null }[] = [
      {
        id: 'one-mcp-ok',
        url: '/api/mcp/v1',
        init: { method: 'POST', headers: { ...mcp, authorization: `Bearer ${server.demoKey}` }, body: call },
        route: '/api/mcp/v1',
        status: 200,
        tenant: server.demoTenant,
      },
      // A key of the right shape that does not exist: MCP answers 401 itself.
      {
        id: 'one-mcp-401',
        url: '/api/mcp/v1',
        init: { method: 'POST', headers: { ...mcp, authorization: `Bearer wf_live_${'A'.repeat(44)}` }, body: call },
        route: '/api/mcp/v1',
        status: 401,
        tenant: null,
      },
      {
        id: 'one-mcp-415',
        url: '/api/mcp/v1',
        init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: call },
        route: '/api/mcp/v1',
        status: 415,
      },
      { id: 'one-mcp-405', url: '/api/mcp/v1', route: '/api/mcp/v1', status: 405 },
      // Refused at admission, before routing (a foreign Origin, an oversized body): a JSON-RPC error, logged too.
      {
        id: 'one-mcp-403-origin',
        url: '/api/mcp/v1',
        init: { method: 'POST', headers: { ...mcp, origin: 'https://attacker.example' }, body: call },
        route: 'unmatched',
        status: 403,
      },
      {
        id: 'one-mcp-413',
        url: '/api/mcp/v1',
        init: { method: 'POST', headers: mcp, body: 'x'.repeat(2 * 1_048_576) },
        route: 'unmatched',
        status: 413,
      },
      { id: 'one-unmatched', url: '/no/such/path', route: 'unmatched', status: 404 },
      { id: 'one-rest-unknown', url: '/api/v1/no-such-endpoint', route: '/api/v1/*', status: 404 },
      // A refusal raised in a REST route's hooks (a demo key is not a REST token), logged by the route's pattern.
      {
        id: 'one-rest-refused',
        url: '/api/v1/tasks?page=zero',
        init: { headers: { authorization: `Bearer ${server.demoKey}` } },
        route: '/api/v1/tasks/',
        status: 401,
      },
      { id: 'one-health-head', url: '/api/v1/health', init: { method: 'HEAD' }, route: '/api/v1/health', status: 200 },
      // A read served from the REST answer cache (twice: the second is a hit), with its request id.
      ...['one-rest-cached-miss', 'one-rest-cached-hit'].map((id) => ({
        id,
        url: '/api/v1/activity/summary',
        init: { headers: { authorization: `Bearer ${token}` } },
        route: '/api/v1/activity/summary',
        status: 200,
        tenant: server.demoTenant,
      })),
    ]
    for (const c of cases) {
      const res = await fetch(`${server.url}${c.url}`, { ...c.init, headers: { ...(c.init?.headers as Record<string, string>), 'x-request-id': c.id } })
      expect(res.status).toBe(c.status)
      await res.arrayBuffer()
    }
    for (const c of cases) {
      const line = await waitForLine(server, (l) => l.requestId === c.id)
      expect(line).toMatchObject({ msg: 'request', route: c.route, status: c.status, ...(c.tenant !== undefined ? { tenant: c.tenant } : {}) })
      expect(typeof line.ms).toBe('number')
    }
    // Lines are written just after the answer: give any second line the time to show.
    await Bun.sleep(100)
    for (const c of cases) expect(jsonLines(server.stderr()).filter((l) => l.requestId === c.id && l.msg === 'request')).toHaveLength(1)
  })

  test('an unknown --log-level and a malformed --public-url are refused with a clear message and a non-zero exit', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wf-logs-bad-'))
    try {
      const level = await runCli(['serve', '--port', '0', '--data', dataDir, '--log-level', 'loud'])
      expect(level.code).not.toBe(0)
      expect(level.stderr).toContain('Unknown log level "loud"')
      expect(level.stderr).toContain('debug, info, warn, error, silent')
      const envLevel = await runCli(['serve', '--port', '0', '--data', dataDir], { ...process.env, WORKFORCE_LOG_LEVEL: 'verbose' })
      expect(envLevel.code).not.toBe(0)
      expect(envLevel.stderr).toContain('Unknown log level "verbose"')
      for (const url of ['not a url', 'ftp://box.example', 'https://box.example/?x=1']) {
        const bad = await runCli(['serve', '--port', '0', '--data', dataDir, '--public-url', url])
        expect(bad.code).not.toBe(0)
        expect(bad.stderr).toMatch(/[Pp]ublic URL/)
        expect(bad.stdout).not.toContain('listening on')
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
