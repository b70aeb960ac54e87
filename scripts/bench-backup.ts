/**
 * Read latency of a live server with and without `workforce backup` running, in one run.
 *
 *   bun run bench:backup [--mb 1024] [--path /api/v1/tasks] [--connections 16] [--seconds 10] [--rounds 2] [--data DIR]
 *
 * Builds a database of about --mb megabytes in a temporary data directory (a tenant made by
 * `workforce tenant create`, then activity_samples rows bulk-inserted in SQL; `--data DIR` reuses
 * one built before), starts the real server on it (jobs off, rate limits raised: every request
 * still authenticates and counts), and drives --path with a closed-loop client of C connections:
 * --rounds times: --seconds without a backup, then while `workforce backup` (a separate process:
 * VACUUM INTO, quick_check, fsync) runs; then --seconds without again. Prints p50 and p99 of each
 * phase, of all phases without and all with a backup, and the ratio of the two p99s. The load
 * generator shares the machine; the database is built once per --data DIR and reused. Baseline:
 * the phases without a backup, in the same run against the same server, printed next to those
 * with one. Any answer other than 200 counts as an error and makes the script exit non-zero.
 */
import { Database } from 'bun:sqlite'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1]! : fallback
}

const ROOT = join(import.meta.dir, '..')
const targetMb = Number(arg('mb', '1024'))
const path = arg('path', '/api/v1/tasks')
const connections = Number(arg('connections', '16'))
const seconds = Number(arg('seconds', '10'))
const rounds = Number(arg('rounds', '2'))
const keepData = process.argv.includes('--data')
const dataDir = keepData ? arg('data', '') : mkdtempSync(join(tmpdir(), 'wf-bench-backup-'))
const dbFile = join(dataDir, 'workforce.db')
const env = {
  ...process.env,
  WORKFORCE_LOG_LEVEL: 'warn',
  WORKFORCE_JOBS: 'off',
  WORKFORCE_RATE_LIMIT_HOUR: '100000000',
  WORKFORCE_RATE_LIMIT_DAY: '100000000',
}
const wf = (...args: string[]) => ['bun', join(ROOT, 'src/main.ts'), ...args]

async function cli(...args: string[]): Promise<string> {
  const proc = Bun.spawn(wf(...args, '--data', dataDir), { env, stdout: 'pipe', stderr: 'pipe' })
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  if (code !== 0) throw new Error(`workforce ${args.join(' ')} exited ${code}: ${err}`)
  return out
}

const mb = (bytes: number) => bytes / 1_048_576

/** A tenant with a read-write token, and activity samples until the database reaches targetMb. */
async function build(): Promise<string> {
  const tenant = JSON.parse(await cli('tenant', 'create', '--json', '--name', 'Bench', '--owner-email', 'b@bench.test', '--owner-name', 'B')).tenant
  const token = JSON.parse(await cli('keys', 'create', '--json', '--tenant', tenant, '--kind', 'api', '--role', 'admin', '--scope', 'read_write')).key
  const db = new Database(dbFile)
  db.exec('PRAGMA synchronous = OFF')
  const owner = db.query<{ id: string; tenant_id: number }, []>('SELECT id, tenant_id FROM users LIMIT 1').get()!
  const insert = db.prepare(`
    WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT 500000)
    INSERT INTO activity_samples (tenant_id, user_id, application, window_class, category, started_at, duration_seconds, is_idle, local_date)
    SELECT ?1, ?2, 'app-' || (x % 40), hex(randomblob(24)), CASE x % 3 WHEN 0 THEN 'productive' WHEN 1 THEN 'neutral' ELSE 'unproductive' END,
           ?3 + x * 60000, 60, x % 7 = 0, date((?3 + x * 60000) / 1000, 'unixepoch')
    FROM n`)
  const started = performance.now()
  let base = Date.parse('2025-01-01T00:00:00Z')
  while (mb(statSync(dbFile).size) < targetMb) {
    insert.run(owner.tenant_id, owner.id, base)
    base += 500_000 * 60_000
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    process.stdout.write(`\rbuilding: ${mb(statSync(dbFile).size).toFixed(0)} MB`)
  }
  db.close()
  console.log(`\rbuilt ${mb(statSync(dbFile).size).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return token
}

async function startServer(): Promise<{ proc: ReturnType<typeof Bun.spawn>; url: string }> {
  const proc = Bun.spawn(wf('serve', '--port', '0', '--data', dataDir), { env, stdout: 'pipe', stderr: 'inherit' })
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader()
  let out = ''
  while (!/listening on (http:\/\/\S+)/.test(out)) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`serve exited before listening:\n${out}`)
    out += new TextDecoder().decode(value)
  }
  void (async () => {
    while (!(await reader.read()).done);
  })()
  return { proc, url: /listening on (http:\/\/\S+)/.exec(out)![1]!.replace('localhost', '127.0.0.1') }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN

interface Phase {
  name: string
  latencies: number[]
  errors: number
  ms: number
}

/** C closed-loop connections on `url` until `until()` says stop. */
async function load(name: string, url: string, token: string, until: () => boolean): Promise<Phase> {
  const latencies: number[] = []
  let errors = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!until()) {
        const t = performance.now()
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
        await res.arrayBuffer()
        latencies.push(performance.now() - t)
        if (res.status !== 200) errors++
      }
    }),
  )
  return { name, latencies: latencies.sort((a, b) => a - b), errors, ms: performance.now() - started }
}

const timeUp = (s: number) => {
  const end = performance.now() + s * 1000
  return () => performance.now() >= end
}

let server: Awaited<ReturnType<typeof startServer>> | null = null
try {
  let token: string
  if (keepData && existsSync(join(dataDir, 'bench-token'))) token = (await Bun.file(join(dataDir, 'bench-token')).text()).trim()
  else {
    token = await build()
    await Bun.write(join(dataDir, 'bench-token'), token)
  }
  server = await startServer()
  const target = `${server.url}${path}`
  await load('warm-up', target, token, timeUp(2))

  // Rounds of: --seconds without a backup, then one backup; and --seconds without to close, so
  // that both sides see the same drift of a shared machine.
  const phases: Phase[] = []
  const backupSeconds: string[] = []
  for (let round = 1; round <= rounds; round++) {
    phases.push(await load(`without ${round}`, target, token, timeUp(seconds)))
    const backupFile = join(dataDir, `bench-backup-${Date.now()}.db`)
    const backupStarted = performance.now()
    const backup = Bun.spawn(wf('backup', '--to', backupFile, '--data', dataDir), { env, stdout: 'pipe', stderr: 'inherit' })
    let backupDone = false
    void backup.exited.then(() => (backupDone = true))
    phases.push(await load(`during backup ${round}`, target, token, () => backupDone))
    backupSeconds.push(((performance.now() - backupStarted) / 1000).toFixed(1))
    if ((await backup.exited) !== 0) throw new Error('backup failed')
    rmSync(backupFile, { force: true })
  }
  phases.push(await load(`without ${rounds + 1}`, target, token, timeUp(seconds)))

  const merge = (name: string, of: Phase[]): Phase => ({
    name,
    latencies: of.flatMap((p) => p.latencies).sort((a, b) => a - b),
    errors: of.reduce((n, p) => n + p.errors, 0),
    ms: of.reduce((n, p) => n + p.ms, 0),
  })
  const without = merge(
    'without (all)',
    phases.filter((p) => p.name.startsWith('without')),
  )
  const during = merge(
    'during (all)',
    phases.filter((p) => p.name.startsWith('during')),
  )
  console.log(
    `database ${mb(statSync(dbFile).size).toFixed(0)} MB; GET ${path}; ${connections} connections; ${rounds} backups took ${backupSeconds.join(', ')} s`,
  )
  console.log('phase               requests  errors   req/s    p50 ms   p99 ms   max ms')
  for (const p of [...phases, without, during])
    console.log(
      `${p.name.padEnd(18)} ${String(p.latencies.length).padStart(9)} ${String(p.errors).padStart(7)} ${((p.latencies.length / p.ms) * 1000).toFixed(0).padStart(7)} ${quantile(p.latencies, 0.5).toFixed(1).padStart(9)} ${quantile(p.latencies, 0.99).toFixed(1).padStart(8)} ${(p.latencies.at(-1) ?? 0).toFixed(1).padStart(8)}`,
    )
  const ratio = quantile(during.latencies, 0.99) / quantile(without.latencies, 0.99)
  console.log(
    `p99 during backup ${quantile(during.latencies, 0.99).toFixed(1)} ms vs baseline (the same load without a backup) ${quantile(without.latencies, 0.99).toFixed(1)} ms: ${ratio.toFixed(2)}x`,
  )
  if (without.errors + during.errors > 0) {
    console.error(`${without.errors + during.errors} error answer(s) (status other than 200): the latencies above include them`)
    process.exitCode = 1
  }
} finally {
  if (server) {
    server.proc.kill('SIGTERM')
    await server.proc.exited
  }
  if (!keepData) rmSync(dataDir, { recursive: true, force: true })
}
