import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'
import { runUntilExit } from './run-until-exit'

const scratch = mkdtempSync(join(tmpdir(), 'wf-one-server-'))
const started: TestServer[] = []
afterAll(async () => {
  for (const s of started) if (s.proc.exitCode === null) await s.stop()
  rmSync(scratch, { recursive: true, force: true })
})

async function serverOn(dataDir?: string, args: string[] = []): Promise<TestServer> {
  const s = await startServer({ ...(dataDir ? { dataDir, keepData: true } : {}), args })
  started.push(s)
  return s
}

describe('one server per box', () => {
  test('a second serve on a busy port exits non-zero naming the port, before touching its database', async () => {
    const first = await serverOn()
    const otherData = join(scratch, 'busy-port')
    const second = await runUntilExit(['serve', '--port', String(first.port), '--data', otherData])
    expect(second.code).not.toBeNull()
    expect(second.code).not.toBe(0)
    expect(second.stderr).toContain(`port ${first.port} on 127.0.0.1 is already in use`)
    expect(existsSync(join(otherData, 'workforce.db'))).toBe(false)
    // The first one still answers, alone.
    expect((await fetch(`${first.url}/api/v1/health`)).status).toBe(200)
  })

  test("a second serve on the same data directory exits non-zero naming the holder's PID", async () => {
    const first = await serverOn()
    const second = await runUntilExit(['serve', '--port', '0', '--data', first.dataDir])
    expect(second.code).not.toBeNull()
    expect(second.code).not.toBe(0)
    expect(second.stderr).toContain(`the data directory ${first.dataDir} is in use by workforce serve (PID ${first.proc.pid}`)
    expect(second.stderr).toContain(`listening on ${first.url}`)
    // The holder's server.json still names it.
    expect(JSON.parse(readFileSync(join(first.dataDir, 'server.json'), 'utf8')).pid).toBe(first.proc.pid)
  })

  test('the lock dies with its process: after a SIGKILL the next serve on that directory starts', async () => {
    const dataDir = join(scratch, 'killed')
    const first = await serverOn(dataDir)
    first.proc.kill('SIGKILL')
    await first.proc.exited
    const next = await serverOn(dataDir)
    expect(JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')).pid).toBe(next.proc.pid)
    await next.stop()
  })

  test('--reuse-port is the opt-in: such servers share a data directory, and a plain serve is refused while they run', async () => {
    const dataDir = join(scratch, 'shared')
    const a = await serverOn(dataDir, ['--reuse-port'])
    const b = await serverOn(dataDir, ['--reuse-port', '--no-jobs'])
    expect((await fetch(`${a.url}/api/v1/health`)).status).toBe(200)
    expect((await fetch(`${b.url}/api/v1/health`)).status).toBe(200)
    const plain = await runUntilExit(['serve', '--port', '0', '--data', dataDir])
    expect(plain.code).not.toBeNull()
    expect(plain.code).not.toBe(0)
    expect(plain.stderr).toContain(`the data directory ${dataDir} is in use by workforce serve (PID`)
    expect(plain.stderr).toContain('--reuse-port')
    await a.stop()
    await b.stop()
  })
})
