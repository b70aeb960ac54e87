import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli, startServer, type TestServer } from '../helpers/server'
import { acquireDataLock } from '../../src/kernel/data-lock'

const scratch = mkdtempSync(join(tmpdir(), 'wf-public-url-'))
let server: TestServer | null = null
afterAll(async () => {
  if (server && server.proc.exitCode === null) await server.stop()
  rmSync(scratch, { recursive: true, force: true })
})

const createArgs = (name: string, extra: string[] = []) => [
  'tenant',
  'create',
  '--name',
  name,
  '--owner-email',
  `owner@${name.toLowerCase()}.test`,
  '--owner-name',
  'Owner',
  ...extra,
]
const noPublicUrl = { WORKFORCE_PUBLIC_URL: '' }

interface Snippets {
  claudeDesktop: { mcpServers: { workforce: { command: string; args: string[]; env: Record<string, string> } } }
  cursor: { mcpServers: { workforce: { url: string; headers: Record<string, string> } } }
  vscode: { servers: { workforce: { type: string; url: string; headers: Record<string, string> } } }
}

/** The three JSON snippets `tenant create` prints, each after the line naming its client. */
function snippetsOf(stdout: string): Snippets {
  const after = (label: string) => {
    const start = stdout.indexOf('{', stdout.indexOf(`${label} (`))
    let depth = 0
    for (let i = start; i < stdout.length; i++) {
      if (stdout[i] === '{') depth++
      if (stdout[i] === '}' && --depth === 0) return JSON.parse(stdout.slice(start, i + 1))
    }
    throw new Error(`no ${label} snippet in:\n${stdout}`)
  }
  return { claudeDesktop: after('Claude Desktop'), cursor: after('Cursor'), vscode: after('VS Code') }
}

describe('tenant create prints the URL of the server running on the data directory', () => {
  test('with a server on a random port, the MCP URL and every snippet use that port', async () => {
    server = await startServer({ dataDir: join(scratch, 'running'), keepData: true, env: noPublicUrl })
    const out = await server.cli(createArgs('Initech'), noPublicUrl)
    expect(out.code).toBe(0)
    const mcpUrl = `http://127.0.0.1:${server.port}/api/mcp/v1`
    expect(out.stdout).toContain(`MCP endpoint: ${mcpUrl}`)
    const key = /Live key \(shown once, store it now\): (\S+)/.exec(out.stdout)![1]!
    const s = snippetsOf(out.stdout)
    // Claude Desktop reads only stdio servers from its file: through mcp-remote, key in an env var.
    expect(s.claudeDesktop.mcpServers.workforce.command).toBe('npx')
    expect(s.claudeDesktop.mcpServers.workforce.args).toEqual([
      '-y',
      'mcp-remote',
      mcpUrl,
      '--transport',
      'http-only',
      '--header',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal mcp-remote expands
      'Authorization:${WORKFORCE_AUTH}',
      '--allow-http',
    ])
    expect(s.claudeDesktop.mcpServers.workforce.env).toEqual({ WORKFORCE_AUTH: `Bearer ${key}` })
    expect(s.cursor.mcpServers.workforce).toEqual({ url: mcpUrl, headers: { Authorization: `Bearer ${key}` } })
    expect(s.vscode.servers.workforce).toEqual({ type: 'http', url: mcpUrl, headers: { Authorization: `Bearer ${key}` } })
    expect(out.stdout).toContain(`claude mcp add --transport http workforce ${mcpUrl} --header "Authorization: Bearer ${key}"`)

    // The key in the snippet works at that URL.
    const res = await fetch(mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    })
    expect(res.status).toBe(200)

    const json = await server.cli([...createArgs('Umbrella'), '--json'], noPublicUrl)
    expect(JSON.parse(json.stdout).mcp_url).toBe(mcpUrl)
  })

  test('--public-url wins over the running server', async () => {
    const out = await server!.cli([...createArgs('Hooli'), '--public-url', 'https://workforce.example.com'], noPublicUrl)
    expect(out.stdout).toContain('MCP endpoint: https://workforce.example.com/api/mcp/v1')
    expect(out.stdout).not.toContain('--allow-http')
  })

  test('a server still starting (lock held, not yet listening) is waited for', async () => {
    const dataDir = join(scratch, 'starting')
    expect((await runCli(['migrate', '--data', dataDir])).code).toBe(0)
    // This test process plays the starting server: it holds the lock and publishes its URL late.
    const lock = acquireDataLock(dataDir)
    try {
      const pending = runCli([...createArgs('Soylent'), '--data', dataDir], { ...process.env, ...noPublicUrl })
      await Bun.sleep(1500)
      lock.publish({ url: 'http://127.0.0.1:45678', publicUrl: 'http://127.0.0.1:45678' })
      const out = await pending
      expect(out.code).toBe(0)
      expect(out.stdout).toContain('MCP endpoint: http://127.0.0.1:45678/api/mcp/v1')
    } finally {
      lock.release()
    }
  })

  test('once that server is gone (even killed, its server.json left behind) the default comes back', async () => {
    server!.proc.kill('SIGKILL')
    await server!.proc.exited
    const out = await runCli([...createArgs('Vandelay'), '--data', server!.dataDir], { ...process.env, ...noPublicUrl })
    expect(out.code).toBe(0)
    expect(out.stdout).toContain('MCP endpoint: http://127.0.0.1:8080/api/mcp/v1')
  })
})
