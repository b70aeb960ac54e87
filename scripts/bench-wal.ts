/**
 * Write-ahead log size under a sustained write load (issue 19 item 2): a real `workforce serve`
 * process, N desktop agents posting sample batches without pause for `--minutes`, and a second
 * process's reader (this script, on its own connection) holding a read snapshot for `--hold`
 * seconds every `--every` seconds, as a backup or a report would. Prints the WAL and database
 * sizes every `--every` seconds next to the baseline, the WAL bound (PRAGMAS.journal_size_limit),
 * then stops writing and prints the WAL after `--idle` seconds (the checkpointer truncates it).
 * Exits non-zero on any error answer, or if the log is not back to zero bytes after the idle wait.
 *
 *   bun run bench:wal [--minutes 1] [--agents 8] [--samples 200] [--every 5] [--hold 1] [--idle 10] [--pause 0 (ms between an agent's batches)]
 */
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/kernel/config'
import { PRAGMAS } from '../src/kernel/db'
import { silentLogger } from '../src/kernel/log'
import { issueKey } from '../src/modules/api-keys/issue-key'
import { createTenant } from '../src/modules/tenants/create-tenant'
import { openRuntime } from '../src/runtime'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '1' },
    agents: { type: 'string', default: '8' },
    samples: { type: 'string', default: '200' },
    every: { type: 'string', default: '5' },
    hold: { type: 'string', default: '1' },
    idle: { type: 'string', default: '10' },
    pause: { type: 'string', default: '0' },
  },
})
const MINUTES = Number(values.minutes)
const AGENTS = Number(values.agents)
const SAMPLES = Number(values.samples)
const EVERY_MS = Number(values.every) * 1000
const HOLD_MS = Number(values.hold) * 1000
const IDLE_MS = Number(values.idle) * 1000
const PAUSE_MS = Number(values.pause)
for (const [name, v] of Object.entries({
  minutes: MINUTES,
  agents: AGENTS,
  samples: SAMPLES,
  every: EVERY_MS,
  hold: HOLD_MS,
  idle: IDLE_MS,
  pause: PAUSE_MS,
})) {
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a non-negative number`)
}

const root = join(import.meta.dir, '..')
const dataDir = mkdtempSync(join(tmpdir(), 'wf-bench-wal-'))
const file = join(dataDir, 'workforce.db')
const size = (f: string) => statSync(f, { throwIfNoEntry: false })?.size ?? 0
const mb = (bytes: number) => (bytes / 1048576).toFixed(1)
const LIMIT = PRAGMAS.journal_size_limit

// 1. A tenant and one user-scoped live key per agent (setup, not measured).
const rt = openRuntime(loadConfig({ dataDir, logLevel: 'silent' }, {}), silentLogger)
const { tenant } = createTenant(
  rt.db,
  { name: 'Bench WAL', planId: 'business', timezone: 'UTC', isDemo: false, owner: { name: 'B', email: 'b@bench.test' } },
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
    const scope = { tenant, db: rt.db, now: Date.now() }
    keys.push(issueKey(scope, { kind: 'live', scope: 'read_write', role: 'employee', name: 'bench', userId: id, createdByUserId: null, expiresAt: null }).key)
  }
})()
rt.close()

// 2. A real server; the client limits are raised: this measures the log, not the limiter.
const proc = Bun.spawn(['bun', join(root, 'src/main.ts'), 'serve', '--port', '0', '--data', dataDir, '--no-jobs'], {
  env: {
    ...process.env,
    WORKFORCE_LOG_LEVEL: 'warn',
    WORKFORCE_CLIENT_RATE_LIMIT_HOUR: '100000000',
    WORKFORCE_CLIENT_RATE_LIMIT_DAY: '100000000',
    WORKFORCE_CLIENT_TENANT_RATE_LIMIT_HOUR: '100000000',
    WORKFORCE_CLIENT_TENANT_RATE_LIMIT_DAY: '100000000',
  },
  stdout: 'pipe',
  stderr: 'inherit',
})
let out = ''
const stdout = (proc.stdout as ReadableStream<Uint8Array>).getReader()
while (!/listening on http:\/\/[^:]+:(\d+)/.test(out)) {
  const { value, done } = await stdout.read()
  if (done) throw new Error(`server exited:\n${out}`)
  out += new TextDecoder().decode(value)
}
const url = `http://127.0.0.1:${/listening on http:\/\/[^:]+:(\d+)/.exec(out)![1]}/api/v1/client/activity/samples`

// 3. Agents post batches back to back; samples walk forward 10 s each and stay in the past.
const endAt = Date.now() + MINUTES * 60_000
let accepted = 0
const errors: string[] = []
let walMax = 0
async function agent(a: number) {
  let cursor = Date.now() - 25 * 3600_000 + a * 1000
  for (let b = 0; Date.now() < endAt; b++) {
    const samples = Array.from({ length: SAMPLES }, () => {
      cursor += 10_000
      return {
        application: 'Visual Studio Code',
        window_class: 'com.microsoft.VSCode',
        started_at: new Date(cursor).toISOString(),
        duration_seconds: 10,
        idle: false,
      }
    })
    // Keep inside the accepted window: wrap back a day (new batch ids keep them distinct rows).
    if (cursor > Date.now() - 3600_000) cursor = Date.now() - 25 * 3600_000 + a * 1000 + (b % 997)
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys[a]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ batch_id: `agent-${a}-batch-${b}`, samples }),
    })
    const json = (await res.json()) as { accepted?: number }
    if (res.status >= 400) errors.push(`${res.status} ${JSON.stringify(json).slice(0, 200)}`)
    else accepted += json.accepted ?? 0
    if (PAUSE_MS > 0) await Bun.sleep(PAUSE_MS)
  }
}

// 4. Another process's reader: a read snapshot held for HOLD_MS every EVERY_MS.
const reader = new Database(file, { readonly: true })
async function holdReads() {
  while (Date.now() < endAt) {
    reader.exec('begin')
    reader.query('select count(*) from activity_samples').get()
    await Bun.sleep(HOLD_MS)
    reader.exec('commit')
    await Bun.sleep(Math.max(0, EVERY_MS - HOLD_MS))
  }
}

console.log(`${AGENTS} agents x ${SAMPLES}-sample batches for ${MINUTES} min; a reader holds a snapshot ${HOLD_MS / 1000} s every ${EVERY_MS / 1000} s`)
console.log(`baseline: the WAL bound journal_size_limit = ${mb(LIMIT)} MB (what a restarted log keeps); after idle it should be 0`)
const t0 = Date.now()
// The peak is watched every 100 ms; the table prints every --every seconds.
const peakWatch = setInterval(() => (walMax = Math.max(walMax, size(`${file}-wal`))), 100)
const sampler = setInterval(() => {
  const wal = size(`${file}-wal`)
  walMax = Math.max(walMax, wal)
  console.log(
    `t=${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s  wal ${mb(wal).padStart(6)} MB (limit ${mb(LIMIT)} MB)  db ${mb(size(file)).padStart(7)} MB  samples ${accepted}  errors ${errors.length}`,
  )
}, EVERY_MS)
await Promise.all([...keys.map((_, a) => agent(a)), holdReads()])
clearInterval(sampler)
clearInterval(peakWatch)
reader.close()

// 5. Idle: the checkpointer truncates the log.
const idleStart = Date.now()
while (size(`${file}-wal`) > 0 && Date.now() - idleStart < IDLE_MS) await Bun.sleep(250)
const walIdle = size(`${file}-wal`)
proc.kill('SIGTERM')
await proc.exited
rmSync(dataDir, { recursive: true, force: true })

console.log(`wrote ${accepted} samples in ${((idleStart - t0) / 1000).toFixed(0)} s`)
console.log(
  `wal peak ${mb(walMax)} MB, sampled every 100 ms (limit ${mb(LIMIT)} MB: a log past it is cut back at its next restart); after ${((Date.now() - idleStart) / 1000).toFixed(1)} s idle: ${walIdle} bytes (baseline 0)`,
)
for (const e of errors.slice(0, 5)) console.error(`error answer: ${e}`)
if (errors.length > 0) console.error(`${errors.length} error answer(s)`)
if (errors.length > 0 || walIdle > 0 || accepted === 0) process.exitCode = 1
