/**
 * Ingestion throughput over real HTTP: a real `workforce serve` process, N simulated desktop
 * agents (each its own user and user-scoped live key) posting sample batches concurrently to
 * POST /api/v1/client/activity/samples. Prints samples ingested per second (target: 20,000/s
 * with 200 agents) and batch latency percentiles.
 *
 *   bun run bench:ingest [--agents 200] [--batches 5] [--samples 500]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/kernel/config'
import { silentLogger } from '../src/kernel/log'
import { openRuntime } from '../src/runtime'
import { createTenant } from '../src/modules/tenants/create-tenant'
import { issueKey } from '../src/modules/api-keys/issue-key'

const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: '200' },
    batches: { type: 'string', default: '5' },
    samples: { type: 'string', default: '500' },
  },
})
const AGENTS = Number(values.agents)
const BATCHES = Number(values.batches)
const SAMPLES = Number(values.samples)
const APPS = [
  ['Visual Studio Code', 'com.microsoft.VSCode'],
  ['iTerm2', 'com.googlecode.iterm2'],
  ['Slack', 'com.tinyspeck.slackmacgap'],
  ['Google Chrome', 'com.google.Chrome'],
  ['Figma', 'com.figma.Desktop'],
  ['YouTube', null],
  ['Zoom', 'us.zoom.xos'],
] as const

const root = join(import.meta.dir, '..')
const dataDir = mkdtempSync(join(tmpdir(), 'wf-bench-ingest-'))

// 1. Tenant, users and keys, written before the server starts (setup is not measured).
const rt = openRuntime(loadConfig({ dataDir, logLevel: 'silent' }, {}), silentLogger)
const { tenant } = createTenant(
  rt.db,
  { name: 'Bench Ingest', planId: 'business', timezone: 'Europe/Berlin', isDemo: false, owner: { name: 'B', email: 'b@bench.test' } },
  Date.now(),
)
const keys: string[] = []
rt.handle.sqlite.transaction(() => {
  const addUser = rt.handle.sqlite.prepare(
    "insert into users (id, tenant_id, name, email, role, status, work_profile, weekly_hours, created_at) values (?, ?, ?, ?, 'employee', 'active', 'engineering', 40, 0)",
  )
  for (let a = 0; a < AGENTS; a++) {
    const id = crypto.randomUUID()
    addUser.run(id, tenant.id, `Agent ${a}`, `agent${a}@bench.test`)
    keys.push(
      issueKey(
        { tenant, db: rt.db, now: Date.now() },
        { kind: 'live', scope: 'read_write', role: 'employee', name: 'bench', userId: id, createdByUserId: null, expiresAt: null },
      ).key,
    )
  }
})()
rt.close()

// 2. The request bodies, built up front so the client's JSON work is not measured.
// Samples are 10 s apart and end an hour ago: all inside the late window, none in the future.
const start = Date.now() - BATCHES * SAMPLES * 10_000 - 3600_000
const bodies = keys.map((_, a) =>
  Array.from({ length: BATCHES }, (_, b) => {
    const samples = Array.from({ length: SAMPLES }, (_, i) => {
      const n = b * SAMPLES + i
      const [application, window_class] = APPS[(a + n) % APPS.length]!
      return { application, window_class, started_at: new Date(start + n * 10_000).toISOString(), duration_seconds: 10, idle: n % 40 >= 36 }
    })
    return JSON.stringify({ batch_id: `agent-${a}-batch-${b}`, samples })
  }),
)

// 3. A real server process.
const proc = Bun.spawn(['bun', join(root, 'src/main.ts'), 'serve', '--port', '0', '--data', dataDir, '--no-jobs'], {
  env: { ...process.env, WORKFORCE_LOG_LEVEL: 'warn' },
  stdout: 'pipe',
  stderr: 'inherit',
})
let out = ''
const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader()
while (!/listening on http:\/\/[^:]+:(\d+)/.test(out)) {
  const { value, done } = await reader.read()
  if (done) throw new Error(`server exited:\n${out}`)
  out += new TextDecoder().decode(value)
}
const port = Number(/listening on http:\/\/[^:]+:(\d+)/.exec(out)![1])
const url = `http://127.0.0.1:${port}/api/v1/client/activity/samples`

// 4. Every agent posts its batches one after another; all agents at once.
const latencies: number[] = []
let accepted = 0
let failures = 0
async function agent(a: number) {
  for (const body of bodies[a]!) {
    const t0 = performance.now()
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${keys[a]}`, 'content-type': 'application/json' }, body })
    const json = (await res.json()) as { accepted?: number }
    latencies.push(performance.now() - t0)
    if (res.status === 200) accepted += json.accepted ?? 0
    else failures++
  }
}
const t0 = performance.now()
await Promise.all(keys.map((_, a) => agent(a)))
const seconds = (performance.now() - t0) / 1000

proc.kill('SIGTERM')
await proc.exited
rmSync(dataDir, { recursive: true, force: true })

latencies.sort((x, y) => x - y)
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(0)
console.log(`${AGENTS} agents x ${BATCHES} batches x ${SAMPLES} samples over HTTP`)
console.log(`accepted ${accepted} samples in ${seconds.toFixed(2)} s, ${failures} failed requests`)
console.log(`batch latency ms: p50 ${pct(50)}, p95 ${pct(95)}, max ${pct(100)}`)
console.log(`throughput: ${Math.round(accepted / seconds)} samples/s (target 20000)`)
if (failures > 0 || accepted !== AGENTS * BATCHES * SAMPLES) process.exitCode = 1
