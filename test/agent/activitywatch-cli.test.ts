/**
 * `workforce agent run --source activitywatch` end to end: the real agent command, enrolled with a
 * real code, reads an aw-server STAND-IN (test/helpers/aw-server-standin.ts: the real aw-server
 * cannot be installed from npm or Debian) filled through aw-client, and a real workforce server
 * receives only the shared categories. The bridge's own rules are tested in activitywatch.test.ts;
 * this test shows the command wires them to the spool and the client API.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AWClient } from 'aw-client'
import { startAwStandin, type AwStandin } from '../helpers/aw-server-standin'
import { createKeyFixture, createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { startServer, workforceCommand, type TestServer } from '../helpers/server'

const MIN = 60_000
const HOST = 'bridge-laptop'
let aw: AwStandin
let server: TestServer
let configDir: string
let userId: string
let apiKey: string
let t0: number

beforeAll(async () => {
  aw = startAwStandin({ hostname: HOST })
  t0 = Math.floor((Date.now() - 90 * MIN) / MIN) * MIN
  const at = (m: number) => new Date(t0 + m * MIN)
  const client = new AWClient('workforce-agent-cli-test', { baseURL: aw.url })
  await client.ensureBucket(`aw-watcher-window_${HOST}`, 'currentwindow', HOST)
  await client.ensureBucket(`aw-watcher-afk_${HOST}`, 'afkstatus', HOST)
  await client.set_setting('classes', [
    { id: 0, name: ['Work'], rule: { type: 'regex', regex: 'Visual Studio Code|LibreOffice' } },
    { id: 1, name: ['Personal'], rule: { type: 'regex', regex: 'Netflix' } },
  ])
  await client.insertEvents(`aw-watcher-window_${HOST}`, [
    { timestamp: at(0), duration: 30 * 60, data: { app: 'Code', title: 'salaries-2027.ts — Visual Studio Code' } },
    { timestamp: at(30), duration: 10 * 60, data: { app: 'Firefox', title: 'Secret Show - Netflix' } },
    { timestamp: at(40), duration: 20 * 60, data: { app: 'soffice', title: 'board-minutes.odt - LibreOffice Writer' } },
  ])
  await client.insertEvents(`aw-watcher-afk_${HOST}`, [{ timestamp: at(0), duration: 60 * 60, data: { status: 'not-afk' } }])

  server = await startServer()
  const tenant = await createTenantFixture(server)
  const person = await createPersonFixture(server, tenant.tenant, { name: 'Bridge User' })
  userId = person.id
  apiKey = (await createKeyFixture(server, tenant.tenant, { kind: 'api', role: 'admin', scope: 'read' })).key
  const code = JSON.parse((await server.cli(['users', 'enroll-code', '--json', '--tenant', tenant.tenant, '--user', person.email])).stdout).code
  configDir = join(mkdtempSync(join(tmpdir(), 'wf-aw-agent-')), 'agent')
  const enroll = Bun.spawn([...workforceCommand(), 'agent', 'enroll', '--server', server.url, '--code', code, '--config-dir', configDir], {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  expect(await enroll.exited).toBe(0)
})

afterAll(async () => {
  aw?.stop()
  await server?.stop()
  rmSync(join(configDir, '..'), { recursive: true, force: true })
})

async function storedSeconds(): Promise<Record<string, number>> {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  const res = await fetch(`${server.url}/api/v1/activity/records?user_id=${userId}&from=${day(t0)}&to=${day(Date.now())}&page_size=100`, {
    headers: { authorization: `Bearer ${apiKey}` },
  })
  const body = (await res.json()) as { data: { application: string; active_seconds: number }[] }
  const out: Record<string, number> = {}
  for (const r of body.data) out[r.application] = (out[r.application] ?? 0) + r.active_seconds
  return out
}

test('the agent command sends the shared categories of a local ActivityWatch and nothing else', async () => {
  const run = Bun.spawn(
    [
      ...workforceCommand(),
      'agent',
      'run',
      '--source',
      'activitywatch',
      '--aw-url',
      aw.url,
      '--aw-categories',
      'Work',
      '--config-dir',
      configDir,
      '--flush-ms',
      '500',
    ],
    { stdout: 'pipe', stderr: 'pipe' },
  )
  try {
    const want = { Code: 30 * 60, soffice: 20 * 60 }
    const deadline = Date.now() + 30_000
    let got: Record<string, number> = {}
    while (Date.now() < deadline) {
      got = await storedSeconds()
      if (JSON.stringify(got) === JSON.stringify(want)) break
      await Bun.sleep(250)
    }
    expect(got).toEqual(want)
  } finally {
    run.kill('SIGTERM')
    await run.exited
  }
  // Titles stay on the laptop: none is anywhere in the server's data directory. (Application names
  // such as Netflix are, legitimately: the built-in demo tenant uses them.)
  for (const file of readdirSync(server.dataDir)) {
    const bytes = readFileSync(join(server.dataDir, file)).toString('latin1')
    for (const secret of ['salaries-2027', 'Secret Show', 'board-minutes'])
      expect({ file, secret, found: bytes.includes(secret) }).toEqual({ file, secret, found: false })
  }
})
