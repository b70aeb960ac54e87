/**
 * REST throughput and latency next to a bare Elysia baseline, in one run.
 *
 *   bun run bench:rest [--path P[,P…]] [--employees 1000] [--connections 32] [--seconds 10]
 *     (paths may say {yesterday}, {team_id} and {user_id}: filled in from the seeded tenant)
 *   bun scripts/bench-rest.ts --seed-only DIR     (only builds the tenant in DIR, prints the token)
 *
 * Builds a 1,000-employee demo tenant on the Business plan in a temporary data directory: 20 teams,
 * 10 tasks each, a full working day yesterday (time logs, one activity sample every 5 minutes,
 * daily summaries computed by the job's own function) and today so far (80% clocked in, samples
 * up to now, not summarised yet). Starts the real server on it (`workforce serve`, limits raised
 * so the bench is not throttled: every request still authenticates and runs the rate-limit
 * UPSERTs), fetches each path once, then starts the baseline: a bare Elysia + bun:sqlite process
 * that runs the same SQL statements with the same values as one warm request of the product
 * (recorded in that process, see --bare-serve below), on the same database file with the same
 * connection pragmas, and answers the product's JSON, precomputed. Both are driven by the same
 * closed-loop client with C concurrent connections, in alternating 2-second windows so that both
 * see the same load of a shared machine. Any answer other than 200 is an error: the script prints
 * how many and exits non-zero.
 * Default paths: GET /api/v1/activity/summary (today) and ?date=<yesterday>.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { seedBenchTenant } from './bench-rest-tenant'

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1]! : fallback
}

// ---- bare baseline mode: the same SQL as the product, then the product's answer ----
// `--bare-serve DATADIR TOKEN PATH…`: records, in this process, the SQL statements (text, method
// and bound values, per connection) that one warm request of each path runs in the product (the
// HTTP app in-process, over the same data directory), then closes the product and serves
// /bare/<i>: replays those statements with the same values on its own two connections opened as
// the product opens them (kernel/db.ts openDatabase: the main one synchronous=FULL, the side one
// and counters.db's NORMAL), then sends the product's answer body, precomputed.
if (process.argv[2] === '--bare-serve') {
  const { installStatementRecorder } = await import('./bench/recorder')
  type Call = import('./bench/recorder').RecordedCall
  const recorder = installStatementRecorder(0)
  const { connections } = recorder
  const [dataDir, token, ...paths] = process.argv.slice(3) as [string, string, ...string[]]
  const bareCounters = join(dataDir, 'bench-rest-bare-counters.db')
  const { loadConfig } = await import('../src/kernel/config')
  const { silentLogger } = await import('../src/kernel/log')
  const { openRuntime } = await import('../src/runtime')
  const { createHttpApp } = await import('../src/surfaces/http')
  const { openDatabase, sqliteOf } = await import('../src/kernel/db')
  const rt = openRuntime(
    loadConfig({ dataDir, logLevel: 'silent' }, { ...process.env, WORKFORCE_RATE_LIMIT_HOUR: '1000000000', WORKFORCE_RATE_LIMIT_DAY: '1000000000' }),
    silentLogger,
    // The running server holds the directory's counters.db (EXCLUSIVE): this side counts in its own.
    { countersFile: bareCounters },
  )
  // The main connection is 0 and the counters' 1, whichever runs a statement first.
  connections.set(rt.handle.sqlite, 0)
  connections.set(sqliteOf(rt.countersDb), 1)
  // The rate-limit counters' own file (modules/rate-limits/store.ts) is 2.
  connections.set(sqliteOf(rt.rateLimitDb), 2)
  const product = createHttpApp(rt)
  const traces: { calls: Call[]; body: string }[] = []
  for (const path of paths) {
    const ask = () => product.handle(new Request(`http://127.0.0.1${path}`, { headers: { authorization: `Bearer ${token}` } }))
    await (await ask()).arrayBuffer()
    recorder.start()
    const res = await ask()
    const body = await res.text()
    const calls = recorder.stop()
    if (res.status !== 200) throw new Error(`${path} answered ${res.status} in-process: ${body}`)
    traces.push({ calls, body })
  }
  rt.close()
  recorder.uninstall() // the bare statements below are bun:sqlite's own, unwrapped
  const file = join(dataDir, 'workforce.db')
  const { openCountersDatabase } = await import('../src/modules/rate-limits/store')
  const own = [
    openDatabase(file).sqlite,
    openDatabase(file, { synchronous: 'normal' }).sqlite,
    openCountersDatabase(bareCounters, 'shared', silentLogger).sqlite,
  ]
  const cache = new Map<string, Record<string, (...a: unknown[]) => unknown>>()
  const statement = (c: Call) => {
    const key = `${c.conn}\u0000${c.sql}`
    let stmt = cache.get(key)
    if (!stmt) cache.set(key, (stmt = own[c.conn]!.query(c.sql) as unknown as Record<string, (...a: unknown[]) => unknown>))
    return stmt
  }
  const { Elysia } = await import('elysia')
  const app = new Elysia()
  traces.forEach((trace, i) => {
    app.get(`/bare/${i}`, ({ set }) => {
      for (const c of trace.calls) statement(c)[c.method]!(...c.args)
      set.headers['content-type'] = 'application/json;charset=utf-8'
      return trace.body
    })
  })
  app.listen({ hostname: '127.0.0.1', port: 0, development: false })
  console.log(`statements per request: ${traces.map((t) => t.calls.length).join(', ')}`)
  console.log(`listening on http://127.0.0.1:${app.server!.port}`)
  await new Promise(() => {})
}

const ROOT = join(import.meta.dir, '..')
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
const paths = arg('path', `/api/v1/activity/summary,/api/v1/activity/summary?date=${yesterday}`).split(',')
const employees = Number(arg('employees', '1000'))
const connections = Number(arg('connections', '32'))
const seconds = Number(arg('seconds', '10'))

async function spawn(cmd: string[], env: Record<string, string> = {}): Promise<{ proc: Subprocess; url: string; out: string }> {
  const proc = Bun.spawn(cmd, { cwd: ROOT, env: { ...process.env, WORKFORCE_LOG_LEVEL: 'warn', ...env }, stdout: 'pipe', stderr: 'inherit' })
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader()
  let out = ''
  while (!/listening on (http:\/\/\S+)/.test(out)) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`process exited before listening:\n${out}`)
    out += new TextDecoder().decode(value)
  }
  void (async () => {
    while (!(await reader.read()).done);
  })()
  return { proc, url: /listening on (http:\/\/\S+)/.exec(out)![1]!.replace('localhost', '127.0.0.1'), out }
}

interface Result {
  requests: number
  errors: number
  rps: number
  p50: number
  p99: number
}
interface Window {
  latencies: number[]
  errors: number
  seconds: number
}

/** Closed loop for one window: C workers each send the next request when the previous answered. */
async function window(url: string, headers: Record<string, string>, durationS: number): Promise<Window> {
  const latencies: number[] = []
  let errors = 0
  const started = performance.now()
  const end = started + durationS * 1000
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now()
        const res = await fetch(url, { headers })
        await res.arrayBuffer()
        if (res.status !== 200) errors++
        latencies.push(performance.now() - t0)
      }
    }),
  )
  return { latencies, errors, seconds: (performance.now() - started) / 1000 }
}

function summarize(windows: Window[]): Result {
  const latencies = windows.flatMap((w) => w.latencies).sort((a, b) => a - b)
  const seconds = windows.reduce((s, w) => s + w.seconds, 0)
  const q = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]! * 100) / 100
  return {
    requests: latencies.length,
    errors: windows.reduce((s, w) => s + w.errors, 0),
    rps: Math.round(latencies.length / seconds),
    p50: q(0.5),
    p99: q(0.99),
  }
}

/**
 * The machine is shared, so its load drifts: the two servers are measured in alternating 2-second
 * windows (real, bare, real, bare …) for `seconds` each, so both see the same conditions.
 */
async function compare(realUrl: string, auth: Record<string, string>, bareUrl: string): Promise<[Result, Result]> {
  await window(realUrl, auth, 1)
  await window(bareUrl, {}, 1)
  const real: Window[] = []
  const bare: Window[] = []
  for (let left = seconds; left > 0; left -= 2) {
    real.push(await window(realUrl, auth, Math.min(2, left)))
    bare.push(await window(bareUrl, {}, Math.min(2, left)))
  }
  return [summarize(real), summarize(bare)]
}

// ---- seed-only mode: build the tenant in DIR and print the token (for profiling by hand) ----
if (process.argv[2] === '--seed-only') {
  console.log(await seedBenchTenant(process.argv[3]!, employees))
  process.exit(0)
}

const dataDir = mkdtempSync(join(tmpdir(), 'wf-bench-rest-'))
const procs: Subprocess[] = []
try {
  console.log(`seeding a demo tenant: ${employees} employees, ${employees * 10} tasks, yesterday and today's activity …`)
  const token = await seedBenchTenant(dataDir, employees)
  const real = await spawn(['bun', 'src/main.ts', 'serve', '--port', '0', '--data', dataDir, '--no-jobs'], {
    WORKFORCE_RATE_LIMIT_HOUR: '1000000000',
    WORKFORCE_RATE_LIMIT_DAY: '1000000000',
  })
  procs.push(real.proc)
  const auth = { authorization: `Bearer ${token}` }
  // Placeholders a path may use: {yesterday}, {team_id} (the first team), {user_id} (its first member).
  const team = (await (await fetch(`${real.url}/api/v1/teams?page_size=1`, { headers: auth })).json()) as { data: { id: string }[] }
  const member = (await (await fetch(`${real.url}/api/v1/teams/${team.data[0]!.id}/members?page_size=1`, { headers: auth })).json()) as {
    data: { user_id: string }[]
  }
  const fill = (p: string) => p.replaceAll('{yesterday}', yesterday).replaceAll('{team_id}', team.data[0]!.id).replaceAll('{user_id}', member.data[0]!.user_id)
  paths.splice(0, paths.length, ...paths.map(fill))
  const sizes: number[] = []
  for (const path of paths) {
    const sample = await fetch(`${real.url}${path}`, { headers: auth })
    const body = await sample.text()
    if (sample.status !== 200) throw new Error(`${path} answered ${sample.status}: ${body}`)
    sizes.push(body.length)
  }
  const bare = await spawn(['bun', 'scripts/bench-rest.ts', '--bare-serve', dataDir, token, ...paths])
  procs.push(bare.proc)
  console.log(`baseline replays the product's ${/statements per request: ([\d, ]+)/.exec(bare.out)?.[1] ?? '?'} SQL statements per request (per path)`)

  console.log(`${connections} connections, ${seconds} s per server and endpoint in alternating 2 s windows, after 1 s of warm-up`)
  let errors = 0
  const row = (name: string, x: Result) => `| ${name} | ${x.rps} | ${x.p50} | ${x.p99} | ${x.requests} | ${x.errors} |`
  console.log('| endpoint | req/s | p50 ms | p99 ms | requests | errors |\n|---|---|---|---|---|---|')
  for (const [i, path] of paths.entries()) {
    const size = sizes[i]!
    const [r, b] = await compare(`${real.url}${path}`, auth, `${bare.url}/bare/${i}`)
    console.log(row(`workforce GET ${path} (${Math.round(size / 1024)} KiB)`, r))
    console.log(row('baseline: bare Elysia + bun:sqlite, same SQL, same JSON', b))
    console.log(`| → throughput ${Math.round((r.rps / b.rps) * 100)}% of baseline, p99 ${(r.p99 / b.p99).toFixed(2)}x baseline | | | | | |`)
    errors += r.errors + b.errors
  }
  if (errors > 0) {
    console.error(`${errors} error answer(s) (status other than 200): the figures above are not of the path they name`)
    process.exitCode = 1
  }
} finally {
  for (const p of procs) p.kill()
  await Promise.all(procs.map((p) => p.exited))
  rmSync(dataDir, { recursive: true, force: true })
}
