import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { launch, openTab, type Tab } from '../console/browser'
import { captureOutput, startServer, type TestServer } from '../helpers/server'
import { setConsolePassword, signIn } from './consent-helper'

// Issue 16: mcp-remote (the stdio bridge desktop clients use: `npx mcp-remote <url>`) completes the
// OAuth flow against a real server. mcp-remote is the real package (a dev dependency, run with
// node as npx would); its "browser" is a script named by BROWSER that writes the URL to a file, and
// the test's Chromium opens that URL, signs in and clicks Allow. No timing assertion.
setDefaultTimeout(120_000)

const PROXY = join(import.meta.dir, '../../node_modules/mcp-remote/dist/proxy.js')

let server: TestServer
let browser: Browser
let tab: Tab
let work: string
let ownerEmail: string

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

/** mcp-remote as a desktop client runs it: a child with JSON-RPC on stdin/stdout. */
function bridge(url: string, port: number, configDir: string, browserScript: string) {
  // MCP_REMOTE_NPX=1 runs `npx -y mcp-remote@latest` from the registry instead (by hand: it needs the network).
  const command = process.env.MCP_REMOTE_NPX ? ['npx', '-y', 'mcp-remote@latest'] : ['node', PROXY]
  const proc = Bun.spawn([...command, url, String(port)], {
    env: { ...process.env, MCP_REMOTE_CONFIG_DIR: configDir, BROWSER: browserScript, DISPLAY: '', WAYLAND_DISPLAY: '' },
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const captured = captureOutput(proc)
  const send = (msg: unknown) => {
    proc.stdin.write(`${JSON.stringify(msg)}\n`)
    proc.stdin.flush()
  }
  /** Waits for the JSON-RPC answer with that id on stdout. */
  const answer = async (id: number, timeoutMs = 60_000): Promise<Record<string, unknown>> => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      for (const line of captured.out().split('\n')) {
        if (!line.trim().startsWith('{')) continue
        const msg = JSON.parse(line) as { id?: number }
        if (msg.id === id) return msg as Record<string, unknown>
      }
      if (proc.exitCode !== null) throw new Error(`mcp-remote exited ${proc.exitCode}\n${captured.err()}`)
      if (Date.now() > deadline) throw new Error(`no answer to ${id}\nstdout: ${captured.out()}\nstderr: ${captured.err()}`)
      await Bun.sleep(50)
    }
  }
  return { proc, send, answer, stderr: captured.err }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'wf-mcp-remote-'))
  server = await startServer()
  ownerEmail = `owner.${Date.now()}@mcp-remote.test`
  const created = await server.cli(['tenant', 'create', '--json', '--name', 'Bridge GmbH', '--owner-email', ownerEmail, '--owner-name', 'Rita Remote'])
  expect(created.code).toBe(0)
  const out = JSON.parse(created.stdout) as { console_setup_url: string }
  browser = await launch()
  tab = await openTab(browser, server.url)
  await setConsolePassword(tab, out.console_setup_url)
}, 180_000)

afterAll(async () => {
  await tab?.context.close().catch(() => undefined)
  await browser?.close()
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
}, 120_000)

describe('mcp-remote', () => {
  test('mcp-remote <url> registers, opens the sign-in through BROWSER, gets tokens and calls list_employees as the person', async () => {
    const urlFile = join(work, 'opened-url')
    const script = join(work, 'browser.sh')
    writeFileSync(script, `#!/bin/sh\nprintf '%s' "$1" > '${urlFile}'\n`)
    chmodSync(script, 0o755)
    const b = bridge(`${server.url}/api/mcp/v1`, await freePort(), join(work, 'auth'), script)
    try {
      b.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'desktop', version: '1' } },
      })
      // Keyless: initialize needs no identity (the server answers it), so mcp-remote connects without signing in.
      expect(await b.answer(1)).toMatchObject({ result: { serverInfo: { name: expect.any(String) } } })
      b.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
      // A call that needs an identity: 401 with the challenge, and mcp-remote starts the flow; its "browser" gets the URL.
      b.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_employees', arguments: {} } })
      const deadline = Date.now() + 60_000
      while (!existsSync(urlFile)) {
        if (b.proc.exitCode !== null || Date.now() > deadline) throw new Error(`no authorization URL was opened\n${b.stderr()}`)
        await Bun.sleep(50)
      }
      const authUrl = new URL(readFileSync(urlFile, 'utf8'))
      expect(authUrl.origin + authUrl.pathname).toBe(`${server.url}/oauth/authorize`)
      expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256')
      await tab.page.goto(authUrl.toString())
      await tab.page.waitForURL('**/signin?**')
      await signIn(tab, ownerEmail)
      await tab.page.waitForURL('**/oauth/consent?**')
      await tab.page.getByRole('button', { name: 'Allow', exact: true }).click()
      await tab.page.waitForURL('**/oauth/callback?**')
      const listed = (await b.answer(2)) as { result: { isError?: boolean; structuredContent: { employees?: { email: string }[] } } }
      expect(listed.result.isError ?? false).toBe(false)
      expect(JSON.stringify(listed.result.structuredContent)).toContain(ownerEmail)
    } finally {
      b.proc.kill()
      await b.proc.exited
    }
    // The next start (a desktop client restarted) reuses the stored tokens: no browser this time.
    rmSync(urlFile)
    const again = bridge(`${server.url}/api/mcp/v1`, await freePort(), join(work, 'auth'), script)
    try {
      again.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'desktop', version: '1' } },
      })
      await again.answer(1)
      again.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
      again.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_employees', arguments: {} } })
      expect(JSON.stringify(await again.answer(2))).toContain(ownerEmail)
      expect(existsSync(urlFile)).toBe(false)
    } finally {
      again.proc.kill()
      await again.proc.exited
    }
  })
})
