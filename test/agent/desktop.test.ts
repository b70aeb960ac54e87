import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { startServer, workforceCommand, type TestServer } from '../helpers/server'
import { createKeyFixture, createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { missingXPrograms, startXDesktop, type XDesktop } from './xvfb'

/**
 * The desktop agent end to end on a real X server (Xvfb) with a real window manager (openbox),
 * real X11 applications (xcalc, xlogo, xterm, xclipboard) and input from XTEST (xdotool): a real
 * server, a real enrollment code, the real `workforce agent run`, and what the server stored read
 * back through the REST API.
 */
const missing = missingXPrograms()
if (missing.length > 0) {
  console.error(
    `\n!!!!!!!!\n!!! SKIPPED test/agent/desktop.test.ts: missing X11 programs ${missing.join(', ')}.\n!!! Install them: apt-get install -y xvfb openbox xterm x11-apps xdotool (.ci/run does).\n!!!!!!!!\n`,
  )
}

let server: TestServer
let x: XDesktop
let dataDir: string
let userId: string
let apiKey: string
let configDir: string
const apps: Record<string, string> = {}

const IDLE_THRESHOLD_S = 8

beforeAll(async () => {
  if (missing.length > 0) return
  x = await startXDesktop()
  dataDir = mkdtempSync(join(tmpdir(), 'wf-agent-srv-'))
  server = await startServer({ dataDir, keepData: true })
  const tenant = await createTenantFixture(server)
  const person = await createPersonFixture(server, tenant.tenant, { name: 'Desk Worker' })
  userId = person.id
  apiKey = (await createKeyFixture(server, tenant.tenant, { kind: 'api', role: 'admin' })).key
  const code = JSON.parse((await server.cli(['users', 'enroll-code', '--json', '--tenant', tenant.tenant, '--user', person.email])).stdout).code
  configDir = join(mkdtempSync(join(tmpdir(), 'wf-agent-')), 'agent')
  const enrolled = await agent(['enroll', '--server', server.url, '--code', code, '--config-dir', configDir])
  if (enrolled.code !== 0) throw new Error(enrolled.stderr)
  apps.XCalc = await x.open(['xcalc'], 'XCalc')
  apps.XLogo = await x.open(['xlogo'], 'XLogo')
  apps.XTerm = await x.open(['xterm'], 'XTerm')
  apps.XClipboard = await x.open(['xclipboard'], 'XClipboard')
}, 120_000)

afterAll(async () => {
  await running?.stop()
  await server?.stop()
  await x?.close()
})

async function agent(args: string[]) {
  const proc = Bun.spawn([...workforceCommand(), 'agent', ...args], { env: x.env, stdout: 'pipe', stderr: 'pipe' })
  const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  return { code: await proc.exited, stdout, stderr }
}

interface RunningAgent {
  proc: Subprocess
  output(): string
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>
  stop(): Promise<number>
}
let running: RunningAgent | null = null

async function startAgent(env: Record<string, string> = {}): Promise<RunningAgent> {
  const proc = Bun.spawn(
    [
      ...workforceCommand(),
      'agent',
      'run',
      '--config-dir',
      configDir,
      '--poll-ms',
      '200',
      '--idle-threshold-seconds',
      String(IDLE_THRESHOLD_S),
      '--flush-ms',
      '1000',
      '--heartbeat-ms',
      '5000',
      '--retry-ms',
      '500',
    ],
    { env: { ...x.env, ...env }, stdout: 'pipe', stderr: 'pipe' },
  )
  let out = ''
  const pump = async (s: ReadableStream<Uint8Array>) => {
    const d = new TextDecoder()
    for await (const c of s) out += d.decode(c)
  }
  void pump(proc.stdout as ReadableStream<Uint8Array>)
  void pump(proc.stderr as ReadableStream<Uint8Array>)
  const a: RunningAgent = {
    proc,
    output: () => out,
    async waitFor(text, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs
      while (!(typeof text === 'string' ? out.includes(text) : text.test(out))) {
        if (proc.exitCode !== null && proc.signalCode === null && proc.exitCode !== 0) throw new Error(`agent exited ${proc.exitCode}\n${out}`)
        if (Date.now() > deadline) throw new Error(`agent never printed ${text}\n${out}`)
        await Bun.sleep(50)
      }
    },
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM')
      return proc.exited
    },
  }
  running = a
  await a.waitFor('agent running')
  return a
}

/** Focus an application and keep giving input (XTEST pointer motion) for `ms`; returns the measured span. */
async function use(app: string, ms: number): Promise<number> {
  await x.xdotool('mousemove_relative', '--', '1', '0')
  // The window manager may take a moment on a loaded box: activate until it is the active window.
  for (let i = 0; i < 20 && (await x.xdotool('getactivewindow')) !== apps[app]; i++) {
    await x.xdotool('windowactivate', '--sync', apps[app]!)
    if ((await x.xdotool('getactivewindow')) !== apps[app]) await Bun.sleep(250)
  }
  expect(await x.xdotool('getactivewindow')).toBe(apps[app]!)
  const start = Date.now()
  let dir = 1
  while (Date.now() - start < ms) {
    await Bun.sleep(500)
    await x.xdotool('mousemove_relative', '--', String(dir), '0')
    dir = -dir
  }
  return Date.now() - start
}

interface AppRecord {
  application: string
  active_seconds: number
  idle_seconds: number
  sample_count: number
}

async function records(): Promise<Record<string, AppRecord>> {
  const today = new Date().toISOString().slice(0, 10)
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  const res = await fetch(`${server.url}/api/v1/activity/records?user_id=${userId}&from=${yesterday}&to=${today}&page_size=100`, {
    headers: { authorization: `Bearer ${apiKey}` },
  })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { data: AppRecord[] }
  const out: Record<string, AppRecord> = {}
  for (const r of body.data) {
    const o = (out[r.application] ??= { application: r.application, active_seconds: 0, idle_seconds: 0, sample_count: 0 })
    o.active_seconds += r.active_seconds
    o.idle_seconds += r.idle_seconds
    o.sample_count += r.sample_count
  }
  return out
}

/** What the agent's spool holds: every sample it produced, and whether each batch was acknowledged. */
function spoolContents() {
  const db = new Database(join(configDir, 'spool.sqlite'), { readonly: true })
  try {
    const batches = db.query('select batch_id, samples, sent_at, failed_reason from batches order by seq').all() as {
      batch_id: string
      samples: string
      sent_at: number | null
      failed_reason: string | null
    }[]
    const samples = batches.flatMap((b) => JSON.parse(b.samples) as { application: string; startedAt: number; durationSeconds: number; idle: boolean }[])
    return { batches, samples }
  } finally {
    db.close()
  }
}

const within5 = (actual: number, expectedMs: number) => Math.abs(actual - expectedMs / 1000) <= 0.05 * (expectedMs / 1000)

describe.skipIf(missing.length > 0)('desktop agent on X11 (Xvfb + openbox)', () => {
  test('reports the focused applications with their durations and an idle stretch as idle', async () => {
    await x.xdotool('windowactivate', '--sync', apps.XCalc!)
    const a = await startAgent()
    const spans: Record<string, number> = { XCalc: 0, XLogo: 0, XTerm: 0, XClipboard: 0 }
    spans.XCalc! += await use('XCalc', 20_000)
    spans.XLogo! += await use('XLogo', 20_000)
    spans.XTerm! += await use('XTerm', 25_000)
    spans.XClipboard! += await use('XClipboard', 20_000)
    // No input: idle from the last input on (reported once it lasts the threshold).
    const idleStart = Date.now()
    await Bun.sleep(25_000)
    const idleMs = Date.now() - idleStart
    spans.XTerm! += await use('XTerm', 6_000)
    expect(await a.stop()).toBe(0)
    expect(a.output()).toContain('agent session')

    const got = await records()
    console.log('timeline (s):', Object.fromEntries(Object.entries(spans).map(([k, v]) => [k, v / 1000])), 'idle', idleMs / 1000)
    console.log('server:', got)
    expect(Object.keys(got).sort()).toEqual(['XCalc', 'XClipboard', 'XLogo', 'XTerm'])
    for (const app of Object.keys(spans)) expect(within5(got[app]!.active_seconds, spans[app]!)).toBe(true)
    expect(within5(got.XClipboard!.idle_seconds, idleMs)).toBe(true)
    for (const app of ['XCalc', 'XLogo', 'XTerm']) expect(got[app]!.idle_seconds).toBe(0)
    // Nothing stayed behind and the server has exactly what the agent spooled.
    const spool = spoolContents()
    expect(spool.batches.every((b) => b.sent_at !== null)).toBe(true)
    const total = Object.values(got).reduce((s, r) => s + r.sample_count, 0)
    expect(total).toBe(spool.samples.length)
  }, 240_000)

  test('server stopped for 2 minutes, agent SIGKILLed during the outage and right after an acknowledged batch: every spooled sample arrives, none twice', async () => {
    let stopSwitching = false
    const switching = (async () => {
      const order = ['XCalc', 'XLogo', 'XTerm']
      for (let i = 0; !stopSwitching; i++) await use(order[i % order.length]!, 3_000)
    })()
    let a = await startAgent()
    await Bun.sleep(8_000)
    const port = server.port
    await server.stop()
    const outageStart = Date.now()
    await Bun.sleep(55_000)
    // SIGKILL during the outage, then a restart primed to die right after the 2nd acknowledged batch.
    a.proc.kill('SIGKILL')
    await a.proc.exited
    a = await startAgent({ WORKFORCE_AGENT_TEST_SIGKILL_AFTER_ACKS: '2' })
    await Bun.sleep(120_000 - (Date.now() - outageStart))
    server = await startServer({ dataDir, keepData: true, args: ['--port', String(port)] })
    const outageEnd = Date.now()
    await a.proc.exited
    expect(a.proc.signalCode).toBe('SIGKILL')
    expect(spoolContents().batches.filter((b) => b.sent_at === null).length).toBeGreaterThan(1)
    a = await startAgent()
    await Bun.sleep(6_000)
    stopSwitching = true
    await switching
    expect(await a.stop()).toBe(0)

    const spool = spoolContents()
    expect(spool.batches.filter((b) => b.sent_at === null || b.failed_reason !== null)).toEqual([])
    const duringOutage = spool.samples.filter((s) => s.startedAt > outageStart && s.startedAt < outageEnd)
    expect(duringOutage.length).toBeGreaterThan(20)
    const got = await records()
    const total = Object.values(got).reduce((s, r) => s + r.sample_count, 0)
    console.log('spool samples', spool.samples.length, 'during the outage', duringOutage.length, 'server samples', total)
    expect(total).toBe(spool.samples.length)
    const spooledSeconds: Record<string, number> = {}
    for (const s of spool.samples) spooledSeconds[s.application] = (spooledSeconds[s.application] ?? 0) + s.durationSeconds
    const storedSeconds = Object.fromEntries(Object.values(got).map((r) => [r.application, r.active_seconds + r.idle_seconds]))
    expect(storedSeconds).toEqual(spooledSeconds)
  }, 400_000)

  test('a clock-in (here `agent clock-in`) ends the agent session by handover; the agent notices and starts a new one; `agent clock-out` closes the day', async () => {
    const a = await startAgent()
    await a.waitFor(/agent session \S+ started/)
    const clockIn = await agent(['clock-in', '--config-dir', configDir])
    expect(clockIn.stderr).toBe('')
    expect(clockIn.stdout).toMatch(/^Clocked in at \d{4}-/)
    await a.waitFor(/was ended by the server \(This agent session has ended/, 30_000)
    await a.waitFor(/started[\s\S]*was ended by the server[\s\S]*agent session \S+ started/, 30_000)
    const again = await agent(['clock-in', '--config-dir', configDir])
    expect(again.code).not.toBe(0)
    expect(again.stderr).toContain('already_clocked_in')
    const clockOut = await agent(['clock-out', '--config-dir', configDir])
    expect(clockOut.stdout).toMatch(/^Clocked out at \d{4}-/)
    expect(await a.stop()).toBe(0)
  }, 120_000)
})
