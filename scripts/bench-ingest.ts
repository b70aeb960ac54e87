/**
 * Ingestion throughput over real HTTP: a real `workforce serve` process, N simulated desktop
 * agents (each its own user and user-scoped live key) posting sample batches concurrently to
 * POST /api/v1/client/activity/samples. Prints samples ingested per second (target: 20,000/s
 * with 200 agents) and batch latency percentiles, next to a baseline in the same run: a bare
 * Elysia + bun:sqlite process (this script with --bare) on a copy of the same database, same
 * pragmas (kernel/db.ts openDatabase), answering the same requests by looking the key up in a map,
 * parsing the body, and inserting the batch id and every sample (local date from the tenant's
 * zone) with prepared statements in one transaction per batch. The client limits are raised
 * (WORKFORCE_CLIENT_RATE_LIMIT_*); any answer other than 200 or a batch not fully accepted is an
 * error, and the script exits non-zero.
 *
 *   bun run bench:ingest [--agents 200] [--batches 5] [--samples 500]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/kernel/config'
import { openDatabase } from '../src/kernel/db'
import { silentLogger } from '../src/kernel/log'
import { openRuntime } from '../src/runtime'
import { createTenant } from '../src/modules/tenants/create-tenant'
import { issueKey } from '../src/modules/api-keys/issue-key'

const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: '200' },
    batches: { type: 'string', default: '5' },
    samples: { type: 'string', default: '500' },
    bare: { type: 'string' },
  },
})

// ---- baseline mode: bare Elysia + bun:sqlite on a copy of the database (see the header) ----
if (values.bare) {
  const { Elysia } = await import('elysia')
  const { sqlite } = openDatabase(join(values.bare, 'workforce.db'))
  const users = new Map((JSON.parse(await Bun.file(join(values.bare, 'keys.json')).text()) as [string, string][]).map(([key, user]) => [key, user]))
  const tenantId = (sqlite.query('select id from tenants limit 1').get() as { id: number }).id
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' })
  const addBatch = sqlite.prepare('insert into ingest_batches (tenant_id, user_id, batch_id, sample_count, received_at) values (?, ?, ?, ?, ?)')
  const addSample = sqlite.prepare(
    'insert into activity_samples (tenant_id, user_id, batch_id, application, window_class, category, started_at, duration_seconds, is_idle, local_date) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  type Body = { batch_id: string; samples: { application: string; window_class: string | null; started_at: string; duration_seconds: number; idle: boolean }[] }
  const ingest = sqlite.transaction((user: string, body: Body) => {
    addBatch.run(tenantId, user, body.batch_id, body.samples.length, Date.now())
    for (const x of body.samples) {
      const at = Date.parse(x.started_at)
      addSample.run(tenantId, user, body.batch_id, x.application, x.window_class, 'neutral', at, x.duration_seconds, x.idle ? 1 : 0, day.format(at))
    }
  })
  const app = new Elysia().post('/bare', async ({ request, set }) => {
    const user = users.get((request.headers.get('authorization') ?? '').slice(7))
    if (!user) {
      set.status = 401
      return { error: 'unauthorized' }
    }
    const body = (await request.json()) as Body
    ingest(user, body)
    return { accepted: body.samples.length }
  })
  app.listen({ hostname: '127.0.0.1', port: 0, development: false })
  console.log(`listening on http://127.0.0.1:${app.server!.port}`)
  await new Promise(() => {})
}
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
const keyUsers: [string, string][] = []
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
    keyUsers.push([keys.at(-1)!, id])
  }
})()
// The baseline's copy of the same database, taken before either side writes.
const bareDir = mkdtempSync(join(tmpdir(), 'wf-bench-ingest-bare-'))
rt.handle.sqlite.query('VACUUM INTO ?').run(join(bareDir, 'workforce.db'))
rt.close()
await Bun.write(join(bareDir, 'keys.json'), JSON.stringify(keyUsers))

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

// 3. A real server process (client limits raised: this measures ingestion, not the limiter), and the baseline.
async function spawnListening(cmd: string[], env: Record<string, string>) {
  const proc = Bun.spawn(cmd, { env: { ...process.env, WORKFORCE_LOG_LEVEL: 'warn', ...env }, stdout: 'pipe', stderr: 'inherit' })
  let out = ''
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader()
  while (!/listening on http:\/\/[^:]+:(\d+)/.test(out)) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`exited before listening: ${cmd.join(' ')}\n${out}`)
    out += new TextDecoder().decode(value)
  }
  return { proc, port: Number(/listening on http:\/\/[^:]+:(\d+)/.exec(out)![1]) }
}
const limit = '1000000000'
const real = await spawnListening(['bun', join(root, 'src/main.ts'), 'serve', '--port', '0', '--data', dataDir, '--no-jobs'], {
  WORKFORCE_CLIENT_RATE_LIMIT_HOUR: limit,
  WORKFORCE_CLIENT_RATE_LIMIT_DAY: limit,
  WORKFORCE_CLIENT_TENANT_RATE_LIMIT_HOUR: limit,
  WORKFORCE_CLIENT_TENANT_RATE_LIMIT_DAY: limit,
})
const bareServer = await spawnListening(['bun', join(import.meta.dir, 'bench-ingest.ts'), '--bare', bareDir], {})

// 4. Every agent posts its batches one after another; all agents at once. The baseline first, then the product.
interface Run {
  latencies: number[]
  accepted: number
  failures: string[]
  seconds: number
}
async function run(url: string): Promise<Run> {
  const r: Run = { latencies: [], accepted: 0, failures: [], seconds: 0 }
  async function agent(a: number) {
    for (const body of bodies[a]!) {
      const t0 = performance.now()
      const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${keys[a]}`, 'content-type': 'application/json' }, body })
      const text = await res.text()
      r.latencies.push(performance.now() - t0)
      const accepted = res.status === 200 ? ((JSON.parse(text) as { accepted?: number }).accepted ?? 0) : 0
      r.accepted += accepted
      if (res.status !== 200 || accepted !== SAMPLES) r.failures.push(`${res.status} ${text.slice(0, 200)}`)
    }
  }
  const t0 = performance.now()
  await Promise.all(keys.map((_, a) => agent(a)))
  r.seconds = (performance.now() - t0) / 1000
  r.latencies.sort((x, y) => x - y)
  return r
}
const baseline = await run(`http://127.0.0.1:${bareServer.port}/bare`)
const product = await run(`http://127.0.0.1:${real.port}/api/v1/client/activity/samples`)

for (const p of [real.proc, bareServer.proc]) p.kill('SIGTERM')
await Promise.all([real.proc.exited, bareServer.proc.exited])
rmSync(dataDir, { recursive: true, force: true })
rmSync(bareDir, { recursive: true, force: true })

const pct = (r: Run, p: number) => r.latencies[Math.min(r.latencies.length - 1, Math.floor((p / 100) * r.latencies.length))]!.toFixed(0)
const rate = (r: Run) => Math.round(r.accepted / r.seconds)
console.log(`${AGENTS} agents x ${BATCHES} batches x ${SAMPLES} samples over HTTP`)
console.log(`workforce: accepted ${product.accepted} samples in ${product.seconds.toFixed(2)} s, ${product.failures.length} failed requests`)
console.log(`baseline:  accepted ${baseline.accepted} samples in ${baseline.seconds.toFixed(2)} s, ${baseline.failures.length} failed requests`)
console.log(
  `batch latency ms: workforce p50 ${pct(product, 50)}, p95 ${pct(product, 95)}, max ${pct(product, 100)}; baseline p50 ${pct(baseline, 50)}, p95 ${pct(baseline, 95)}, max ${pct(baseline, 100)}`,
)
console.log(
  `throughput: ${rate(product)} samples/s vs baseline ${rate(baseline)} samples/s (bare Elysia + bun:sqlite inserting the same rows) = ${((100 * rate(product)) / rate(baseline)).toFixed(0)}% (target 20000 samples/s)`,
)
const failures = [...product.failures, ...baseline.failures]
for (const f of failures.slice(0, 5)) console.error(`error answer: ${f}`)
if (failures.length > 0) process.exitCode = 1
