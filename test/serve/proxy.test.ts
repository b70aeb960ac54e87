import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { startServer, type TestServer } from '../helpers/server'

// deploy/nginx.conf and deploy/Caddyfile as written, in front of a real server started as their
// comments say (WORKFORCE_PUBLIC_URL = the public name). Only the name's port, the upstream port and
// the certificate paths are substituted. nginx and caddy come from Debian (deploy/check.sh installs
// them in CI); where one is missing its tests are skipped with a note.
const ROOT = join(import.meta.dir, '../..')
const NAME = 'workforce.example.com'
const which = (cmd: string) => Bun.which(cmd, { PATH: `${process.env.PATH}:/usr/sbin:/sbin` })
const nginx = which('nginx')
const caddy = which('caddy')
if (!nginx) console.warn('proxy.test.ts: nginx not installed (apt-get install nginx-light): nginx tests skipped')
if (!caddy) console.warn('proxy.test.ts: caddy not installed (apt-get install caddy): Caddy tests skipped')

const dir = mkdtempSync(join(tmpdir(), 'wf-proxy-'))
const procs: Subprocess[] = []
let server: TestServer

const freePort = () => {
  const s = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = s.port
  s.stop(true)
  return port
}

/** curl with the public name resolved to 127.0.0.1: status, body and Location. */
function curl(url: string, headers: Record<string, string> = {}, extra: string[] = []): { status: number; body: string; location: string } {
  const port = new URL(url).port
  const args = ['curl', '-sk', '--max-time', '10', '--resolve', `${NAME}:${port}:127.0.0.1`, '-o', '-', '-w', '\n%{http_code} %{redirect_url}']
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`)
  const r = Bun.spawnSync([...args, ...extra, url], { stdout: 'pipe', stderr: 'pipe' })
  const out = r.stdout.toString()
  const cut = out.lastIndexOf('\n')
  const [status, location] = out.slice(cut + 1).split(' ')
  return { status: Number(status), body: out.slice(0, cut), location: location ?? '' }
}

async function until(check: () => boolean, what: string, proc: Subprocess, log: () => string): Promise<void> {
  for (const deadline = Date.now() + 20_000; !check(); await Bun.sleep(100)) {
    if (proc.exitCode !== null) throw new Error(`${what} exited ${proc.exitCode}: ${log()}`)
    if (Date.now() > deadline) throw new Error(`${what} did not start: ${log()}`)
  }
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'proxy-test', version: '1' } },
})
const mcpHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }

/** What every proxy in front must let through and keep out. */
function expectProxied(base: string): void {
  const health = curl(`${base}/api/v1/health`)
  expect(health.status).toBe(200)
  expect(JSON.parse(health.body).status).toBe('ok')
  // A browser on the public origin reaches the MCP endpoint (the guard knows the name from the public URL).
  const mcp = curl(`${base}/api/mcp/v1`, { ...mcpHeaders, Origin: base.replace(/:\d+$/, '') }, ['-X', 'POST', '--data', initialize])
  expect(mcp.status).toBe(200)
  expect(mcp.body).toContain('"protocolVersion"')
  // /metrics answers loopback callers directly, but the proxy (a loopback caller) does not pass it on.
  expect(curl(`${server.url}/metrics`).status).toBe(200)
  expect(curl(`${base}/metrics`).status).toBe(404)
  // A page from another origin is refused by workforce behind the proxy.
  const foreign = curl(`${base}/api/mcp/v1`, { ...mcpHeaders, Origin: 'https://attacker.example' }, ['-X', 'POST', '--data', initialize])
  expect(foreign.status).toBe(403)
}

beforeAll(async () => {
  server = await startServer({ env: { WORKFORCE_PUBLIC_URL: `https://${NAME}` } })
})
afterAll(async () => {
  for (const p of procs) {
    if (p.exitCode === null) p.kill('SIGTERM')
    await p.exited
  }
  await server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('deploy/nginx.conf in front of workforce', () => {
  test.skipIf(!nginx)('serves https on the public name, redirects http, keeps /metrics and foreign hosts and origins out', async () => {
    const [httpPort, httpsPort] = [freePort(), freePort()]
    const cert = join(dir, 'fullchain.pem')
    const key = join(dir, 'privkey.pem')
    const made = Bun.spawnSync(
      ['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${NAME}`, '-keyout', key, '-out', cert],
      { stderr: 'pipe' },
    )
    expect(made.exitCode).toBe(0)
    const site = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8')
      .replace('server 127.0.0.1:8080;', `server 127.0.0.1:${server.port};`)
      .replaceAll(/listen (\[::\]:)?80;/g, (_, v6) => (v6 ? '' : `listen 127.0.0.1:${httpPort};`))
      .replaceAll(/listen (\[::\]:)?443 ssl;/g, (_, v6) => (v6 ? '' : `listen 127.0.0.1:${httpsPort} ssl;`))
      .replace('https://$host$request_uri', `https://$host:${httpsPort}$request_uri`)
      .replace(`/etc/letsencrypt/live/${NAME}/fullchain.pem`, cert)
      .replace(`/etc/letsencrypt/live/${NAME}/privkey.pem`, key)
    writeFileSync(join(dir, 'workforce.conf'), site)
    const t = (name: string) => join(dir, name)
    writeFileSync(
      join(dir, 'nginx.conf'),
      `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${t('nginx.pid')};
error_log ${t('error.log')};
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${t('body')}; proxy_temp_path ${t('proxy')}; fastcgi_temp_path ${t('fcgi')}; uwsgi_temp_path ${t('uwsgi')}; scgi_temp_path ${t('scgi')};
  include ${t('workforce.conf')};
}
`,
    )
    const proc = Bun.spawn([nginx!, '-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdout: 'pipe', stderr: 'pipe' })
    procs.push(proc)
    const base = `https://${NAME}:${httpsPort}`
    const log = () => {
      try {
        return readFileSync(t('error.log'), 'utf8')
      } catch {
        return ''
      }
    }
    await until(() => curl(`${base}/api/v1/health`).status === 200, 'nginx', proc, log)

    expectProxied(base)
    const redirect = curl(`http://${NAME}:${httpPort}/api/v1/health`)
    expect(redirect.status).toBe(301)
    expect(redirect.location).toBe(`${base}/api/v1/health`)
    // nginx sends a Host it does not serve to this (its only) server block, and workforce refuses it.
    const rebound = curl(`https://127.0.0.1:${httpsPort}/api/v1/health`, { Host: 'attacker.example' })
    expect(rebound.status).toBe(403)
    expect(JSON.parse(rebound.body).error.code).toBe('host_not_allowed')
    // A body over workforce's 1 MiB cap (under nginx's 2m) is refused by workforce, in its envelope.
    const big = curl(`${base}/api/v1/health`, { 'Content-Type': 'application/json' }, ['-X', 'POST', '--data-binary', `@${writeBig()}`])
    expect(big.status).toBe(413)
    expect(JSON.parse(big.body).error.code).toBe('payload_too_large')
  })
})

function writeBig(): string {
  const file = join(dir, 'big.json')
  writeFileSync(file, `"${'x'.repeat(1_200_000)}"`)
  return file
}

describe('deploy/Caddyfile in front of workforce', () => {
  test.skipIf(!caddy)('passes the public Host on and keeps /metrics and foreign origins out', async () => {
    const port = freePort()
    // Over plain http on a test port: the certificate part is Caddy's own (automatic HTTPS).
    const caddyfile = `{\n\tadmin off\n\tauto_https off\n}\n\n${readFileSync(join(ROOT, 'deploy/Caddyfile'), 'utf8')
      .replace(`${NAME} {`, `http://${NAME}:${port} {`)
      .replace('reverse_proxy 127.0.0.1:8080', `reverse_proxy 127.0.0.1:${server.port}`)}`
    writeFileSync(join(dir, 'Caddyfile'), caddyfile)
    let out = ''
    const proc = Bun.spawn([caddy!, 'run', '--adapter', 'caddyfile', '--config', join(dir, 'Caddyfile')], {
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'xdg-data'), XDG_CONFIG_HOME: join(dir, 'xdg-config') },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    procs.push(proc)
    void (async () => {
      for await (const c of proc.stderr as ReadableStream<Uint8Array>) out += new TextDecoder().decode(c)
    })()
    const base = `http://${NAME}:${port}`
    await until(
      () => curl(`${base}/api/v1/health`).status === 200,
      'caddy',
      proc,
      () => out,
    )
    expectProxied(base)
  })
})
