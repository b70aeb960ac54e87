import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { workforceCommand } from '../helpers/server'

// What of deploy/Dockerfile runs without a Docker engine: its ENV and its HEALTHCHECK command, as
// written, against a real server (deploy/check.sh lints the file itself in .ci/run).
const ROOT = join(import.meta.dir, '../..')
const dockerfile = readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8').replace(/\\\n\s*/g, '')
const scratch = mkdtempSync(join(tmpdir(), 'wf-deploy-'))
const procs: Subprocess[] = []
afterAll(async () => {
  for (const p of procs) {
    if (p.exitCode === null) p.kill('SIGTERM')
    await p.exited
  }
  rmSync(scratch, { recursive: true, force: true })
})

/** The runtime stage's ENV (the last FROM onwards). */
function imageEnv(): Record<string, string> {
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
  const env: Record<string, string> = {}
  for (const line of runtime.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const m of line.slice(4).matchAll(/(\w+)=(\S+)/g)) env[m[1]!] = m[2]!
  }
  return env
}

const healthcheck = /^HEALTHCHECK .*?CMD (.+)$/m.exec(dockerfile)?.[1] ?? ''

const freePort = () => {
  const s = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = s.port
  s.stop(true)
  return port
}

async function serveLikeTheImage(extra: Record<string, string> = {}): Promise<{ env: Record<string, string>; proc: Subprocess }> {
  const env = { ...imageEnv(), WORKFORCE_DATA: mkdtempSync(join(scratch, 'data-')), WORKFORCE_PORT: String(freePort()), ...extra }
  const proc = Bun.spawn([...workforceCommand(), 'serve'], { env: { ...process.env, WORKFORCE_LOG_LEVEL: 'warn', ...env }, stdout: 'pipe', stderr: 'pipe' })
  procs.push(proc)
  return { env, proc }
}

/** Runs the HEALTHCHECK command as Docker does (`/bin/sh -c`), until it passes or 30 s pass. */
async function healthy(env: Record<string, string>): Promise<number> {
  let code = -1
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await Bun.sleep(100)) {
    code = Bun.spawnSync(['/bin/sh', '-c', healthcheck], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } }).exitCode
    if (code === 0) break
  }
  return code
}

describe('deploy/Dockerfile as written', () => {
  test('the image binds every address on 8080 with /data, and its HEALTHCHECK passes against the server', async () => {
    expect(imageEnv()).toEqual({ WORKFORCE_DATA: '/data', WORKFORCE_HOST: '0.0.0.0', WORKFORCE_PORT: '8080', MIMALLOC_PURGE_DELAY: '1000' })
    expect(healthcheck).toContain('/api/v1/health')
    const { env } = await serveLikeTheImage()
    expect(await healthy(env)).toBe(0)
  })

  test('the HEALTHCHECK fails when nothing answers (it can fail)', async () => {
    const code = Bun.spawnSync(['/bin/sh', '-c', healthcheck], { env: { PATH: process.env.PATH ?? '', WORKFORCE_PORT: String(freePort()) } }).exitCode
    expect(code).not.toBe(0)
  })

  test('with TLS, WORKFORCE_HEALTH_URL points the HEALTHCHECK at https and it passes', async () => {
    const cert = join(scratch, 'cert.pem')
    const key = join(scratch, 'key.pem')
    const r = Bun.spawnSync(
      ['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', cert],
      { stderr: 'pipe' },
    )
    expect(r.exitCode).toBe(0)
    const { env } = await serveLikeTheImage({ WORKFORCE_TLS_CERT: cert, WORKFORCE_TLS_KEY: key })
    expect(await healthy({ ...env, WORKFORCE_HEALTH_URL: `https://127.0.0.1:${env.WORKFORCE_PORT}/api/v1/health` })).toBe(0)
  })
})
