import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { workforceCommand } from '../helpers/server'
import { runUntilExit } from './run-until-exit'

// HTTPS without a proxy (docs/operations.md "TLS"): a self-signed certificate made with openssl,
// a real server started with it, and real HTTPS requests.
const dir = mkdtempSync(join(tmpdir(), 'wf-tls-'))
const cert = join(dir, 'cert.pem')
const key = join(dir, 'key.pem')
const otherKey = join(dir, 'other-key.pem')
const running: Subprocess[] = []

function openssl(args: string[]): void {
  const r = Bun.spawnSync(['openssl', ...args], { stdout: 'pipe', stderr: 'pipe' })
  if (r.exitCode !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${r.stderr.toString()}`)
}

beforeAll(() => {
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', cert])
  openssl(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', otherKey])
})
afterAll(async () => {
  for (const p of running) {
    if (p.exitCode === null) p.kill('SIGTERM')
    await p.exited
  }
  rmSync(dir, { recursive: true, force: true })
})

/** Starts `serve` with the given extra args/env and resolves with the process and its banner. */
async function serveTls(args: string[], env: Record<string, string> = {}): Promise<{ proc: Subprocess; out: () => string; url: string; port: number }> {
  const dataDir = mkdtempSync(join(dir, 'data-'))
  const proc = Bun.spawn([...workforceCommand(), 'serve', '--port', '0', '--data', dataDir, ...args], {
    env: { ...process.env, WORKFORCE_LOG_LEVEL: 'warn', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  running.push(proc)
  let out = ''
  void (async () => {
    for await (const c of proc.stdout as ReadableStream<Uint8Array>) out += new TextDecoder().decode(c)
  })()
  void (async () => {
    for await (const c of proc.stderr as ReadableStream<Uint8Array>) out += new TextDecoder().decode(c)
  })()
  const deadline = Date.now() + 120_000
  while (!/listening on \w+:\/\/[^:]+:(\d+)/.test(out)) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}\n${out}`)
    if (Date.now() > deadline) throw new Error(`server did not start\n${out}`)
    await Bun.sleep(25)
  }
  const m = /listening on (\w+:\/\/[^:]+:(\d+))/.exec(out)!
  return { proc, out: () => out, url: m[1]!, port: Number(m[2]) }
}

const insecure = { tls: { rejectUnauthorized: false } } as const

describe('HTTPS with --tls-cert / --tls-key', () => {
  test('serves /api/v1/health over https, prints https URLs, and does not speak plain http', async () => {
    const s = await serveTls(['--tls-cert', cert, '--tls-key', key])
    expect(s.url).toBe(`https://127.0.0.1:${s.port}`)
    // The public URL defaults to https too: the banner's MCP and REST lines.
    expect(s.out()).toContain(`MCP endpoint:  https://127.0.0.1:${s.port}/api/mcp/v1`)
    expect(s.out()).toContain(`REST API:      https://127.0.0.1:${s.port}/api/v1`)

    const res = await fetch(`https://localhost:${s.port}/api/v1/health`, insecure)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { status: string }).status).toBe('ok')

    // The certificate is the one given (verified against it as the only CA).
    const verified = await fetch(`https://localhost:${s.port}/api/v1/health`, { tls: { ca: await Bun.file(cert).text() } })
    expect(verified.status).toBe(200)
    // Without trusting it, the client refuses: it is TLS with that self-signed certificate.
    await expect(fetch(`https://localhost:${s.port}/api/v1/health`)).rejects.toThrow()
    // Plain HTTP on the TLS port gets no HTTP answer.
    const plain = await fetch(`http://127.0.0.1:${s.port}/api/v1/health`).then(
      (r) => r.status,
      () => 'refused',
    )
    expect(plain).not.toBe(200)

    // The Host/Origin guard still holds over https.
    const rebound = await fetch(`https://127.0.0.1:${s.port}/api/v1/health`, { ...insecure, headers: { Host: 'attacker.example' } })
    expect(rebound.status).toBe(403)
  })

  test('WORKFORCE_TLS_CERT / WORKFORCE_TLS_KEY do the same', async () => {
    const s = await serveTls([], { WORKFORCE_TLS_CERT: cert, WORKFORCE_TLS_KEY: key })
    expect(s.url.startsWith('https://')).toBe(true)
    expect((await fetch(`https://localhost:${s.port}/api/v1/health`, insecure)).status).toBe(200)
  })

  test('a missing certificate file is refused with its path, a non-zero exit and no data directory', async () => {
    const data = join(dir, 'never-created')
    const missing = join(dir, 'nope.pem')
    const r = await runUntilExit(['serve', '--port', '0', '--data', data, '--tls-cert', missing, '--tls-key', key])
    expect(r.code).not.toBeNull()
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain(`cannot read --tls-cert ${missing}: no such file`)
    expect(existsSync(data)).toBe(false)
  })

  test('an unreadable key, a key without a certificate, a non-PEM file and a mismatched key are each refused', async () => {
    const run = (args: string[]) => runUntilExit(['serve', '--port', '0', '--data', join(dir, 'never'), ...args])

    const onlyKey = await run(['--tls-key', key])
    expect(onlyKey.code).not.toBe(0)
    expect(onlyKey.stderr).toContain('HTTPS needs both --tls-cert and --tls-key')

    const garbage = join(dir, 'garbage.pem')
    writeFileSync(garbage, 'not a certificate\n')
    const notPem = await run(['--tls-cert', garbage, '--tls-key', key])
    expect(notPem.code).not.toBe(0)
    expect(notPem.stderr).toContain(`--tls-cert ${garbage} is not a PEM certificate`)

    const mismatch = await run(['--tls-cert', cert, '--tls-key', otherKey])
    expect(mismatch.code).not.toBe(0)
    expect(mismatch.stderr).toContain(`--tls-key ${otherKey} is not the private key of the certificate`)

    // Unreadable: only meaningful when not root (root reads a 000 file anyway).
    if (process.getuid?.() !== 0) {
      const locked = join(dir, 'locked-key.pem')
      writeFileSync(locked, await Bun.file(key).text())
      chmodSync(locked, 0o000)
      const unreadable = await run(['--tls-cert', cert, '--tls-key', locked])
      expect(unreadable.code).not.toBe(0)
      expect(unreadable.stderr).toContain(`cannot read --tls-key ${locked}: permission denied`)
    }
    const isDir = await run(['--tls-cert', dir, '--tls-key', key])
    expect(isDir.code).not.toBe(0)
    expect(isDir.stderr).toContain(`cannot read --tls-cert ${dir}: is a directory`)
  })
})
