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
 * UPSERTs), fetches each path once, then starts a bare Elysia process answering that same JSON,
 * precomputed. Both are driven by the same closed-loop client with C concurrent connections, in
 * alternating 2-second windows so that both see the same load of a shared machine.
 * Default paths: GET /api/v1/activity/summary (today) and ?date=<yesterday>.
 */
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { seedBenchTenant } from './bench-rest-tenant'

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1]! : fallback
}

// ---- bare baseline mode: serve precomputed bodies, nothing else ----
if (process.argv[2] === '--bare-serve') {
  const { Elysia } = await import('elysia')
  const app = new Elysia()
  process.argv.slice(3).forEach((file, i) => {
    const body = readFileSync(file, 'utf8')
    // Elysia registers in place: no need to keep the returned (differently typed) instance.
    app.get(`/bare/${i}`, ({ set }) => {
      set.headers['content-type'] = 'application/json;charset=utf-8'
      return body
    })
  })
  app.listen({ hostname: '127.0.0.1', port: 0 })
  console.log(`listening on http://127.0.0.1:${app.server!.port}`)
  await new Promise(() => {})
}

const ROOT = join(import.meta.dir, '..')
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
const paths = arg('path', `/api/v1/activity/summary,/api/v1/activity/summary?date=${yesterday}`).split(',')
const employees = Number(arg('employees', '1000'))
const connections = Number(arg('connections', '32'))
const seconds = Number(arg('seconds', '10'))

async function spawn(cmd: string[], env: Record<string, string> = {}): Promise<{ proc: Subprocess; url: string }> {
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
  return { proc, url: /listening on (http:\/\/\S+)/.exec(out)![1]!.replace('localhost', '127.0.0.1') }
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
  const files: string[] = []
  for (const [i, path] of paths.entries()) {
    const sample = await fetch(`${real.url}${path}`, { headers: auth })
    const body = await sample.text()
    if (sample.status !== 200) throw new Error(`${path} answered ${sample.status}: ${body}`)
    files.push(join(dataDir, `body-${i}.json`))
    writeFileSync(files[i]!, body)
  }
  const bare = await spawn(['bun', 'scripts/bench-rest.ts', '--bare-serve', ...files])
  procs.push(bare.proc)

  console.log(`${connections} connections, ${seconds} s per server and endpoint in alternating 2 s windows, after 1 s of warm-up`)
  const row = (name: string, x: Result) => `| ${name} | ${x.rps} | ${x.p50} | ${x.p99} | ${x.requests} | ${x.errors} |`
  console.log('| endpoint | req/s | p50 ms | p99 ms | requests | errors |\n|---|---|---|---|---|---|')
  for (const [i, path] of paths.entries()) {
    const size = readFileSync(files[i]!).length
    const [r, b] = await compare(`${real.url}${path}`, auth, `${bare.url}/bare/${i}`)
    console.log(row(`workforce GET ${path} (${Math.round(size / 1024)} KiB)`, r))
    console.log(row('bare Elysia, same JSON', b))
    console.log(`| → throughput ${Math.round((r.rps / b.rps) * 100)}% of bare, p99 ${(r.p99 / b.p99).toFixed(2)}x bare | | | | | |`)
  }
} finally {
  for (const p of procs) p.kill()
  await Promise.all(procs.map((p) => p.exited))
  rmSync(dataDir, { recursive: true, force: true })
}
