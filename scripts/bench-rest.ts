/**
 * REST throughput and latency next to a bare Elysia baseline, in one run.
 *
 *   bun run bench:rest [--path /api/v1/tasks] [--employees 1000] [--connections 32] [--seconds 10]
 *
 * Builds a Business tenant with N employees (teams, projects, 10 tasks each) in a temporary data
 * directory, starts the real server on it (`workforce serve`, limits raised so the bench is not
 * throttled: every request still does the auth lookup and the rate-limit UPSERTs), fetches the
 * endpoint once, then starts a bare Elysia process answering that same JSON, precomputed. Both
 * are driven by the same closed-loop client with C concurrent connections; the report gives
 * requests per second and p50/p99 latency of each.
 */
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import type { Subprocess } from 'bun'

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1]! : fallback
}

// ---- bare baseline mode: serve a precomputed body, nothing else ----
if (process.argv[2] === '--bare-serve') {
  const { Elysia } = await import('elysia')
  const body = readFileSync(process.argv[3]!, 'utf8')
  const path = process.argv[4]!
  const app = new Elysia().get(path, ({ set }) => {
    set.headers['content-type'] = 'application/json;charset=utf-8'
    return body
  }).listen({ hostname: '127.0.0.1', port: 0 })
  console.log(`listening on http://127.0.0.1:${app.server!.port}`)
  await new Promise(() => {})
}

const ROOT = join(import.meta.dir, '..')
const path = arg('path', '/api/v1/tasks')
const employees = Number(arg('employees', '1000'))
const connections = Number(arg('connections', '32'))
const seconds = Number(arg('seconds', '10'))

async function seed(dataDir: string): Promise<string> {
  const { loadConfig } = await import('../src/kernel/config')
  const { openRuntime } = await import('../src/runtime')
  const { createTenant } = await import('../src/modules/tenants/create-tenant')
  const { issueKey } = await import('../src/modules/api-keys/issue-key')
  const { transaction } = await import('../src/kernel/db')
  const { projects, tasks, teamMemberships, teams, users } = await import('../src/db/schema')
  const rt = openRuntime(loadConfig({ dataDir, logLevel: 'silent' }))
  const now = Date.now()
  const { tenant } = createTenant(rt.db, { name: 'Bench Co', planId: 'business', timezone: 'UTC', isDemo: false, owner: { name: 'Owner', email: 'owner@bench.test' } }, now)
  const token = issueKey(rt.db, { tenantId: tenant.id, kind: 'api', scope: 'read', role: 'admin', name: 'bench', userId: null, createdByUserId: null, expiresAt: null }, now).key
  transaction(rt.db, (tx) => {
    const teamIds = Array.from({ length: Math.max(1, Math.ceil(employees / 50)) }, (_, i) => {
      const id = randomUUID()
      tx.insert(teams).values({ id, tenantId: tenant.id, name: `Team ${i + 1}`, createdAt: now }).run()
      return id
    })
    const projectIds = Array.from({ length: 50 }, (_, i) => {
      const id = randomUUID()
      tx.insert(projects).values({ id, tenantId: tenant.id, name: `Project ${i + 1}`, status: 'active', budgetHours: 1000, createdAt: now, updatedAt: now }).run()
      return id
    })
    const statuses = ['todo', 'in_progress', 'blocked', 'in_review', 'done'] as const
    for (let i = 0; i < employees; i++) {
      const id = randomUUID()
      const teamId = teamIds[i % teamIds.length]!
      tx.insert(users).values({ id, tenantId: tenant.id, name: `Employee ${i + 1}`, email: `e${i + 1}@bench.test`, role: 'employee', status: 'active', primaryTeamId: teamId, createdAt: now, activatedAt: now }).run()
      tx.insert(teamMemberships).values({ tenantId: tenant.id, teamId, userId: id, joinedAt: now }).run()
      for (let k = 0; k < 10; k++) {
        const day = new Date(now + ((i * 10 + k) % 120) * 86_400_000).toISOString().slice(0, 10)
        const createdAt = now - (i * 10 + k) * 60_000
        tx.insert(tasks).values({ id: randomUUID(), tenantId: tenant.id, projectId: projectIds[(i + k) % 50]!, title: `Task ${k + 1} of employee ${i + 1}`, status: statuses[(i + k) % 5]!, assigneeUserId: id, dueDate: day, createdAt, updatedAt: createdAt }).run()
      }
    }
  })
  rt.close()
  return token
}

async function spawn(cmd: string[], env: Record<string, string> = {}): Promise<{ proc: Subprocess; url: string }> {
  const proc = Bun.spawn(cmd, { cwd: ROOT, env: { ...process.env, WORKFORCE_LOG_LEVEL: 'warn', ...env }, stdout: 'pipe', stderr: 'inherit' })
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader()
  let out = ''
  while (!/listening on (http:\/\/\S+)/.test(out)) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`process exited before listening:\n${out}`)
    out += new TextDecoder().decode(value)
  }
  void (async () => { while (!(await reader.read()).done); })()
  return { proc, url: /listening on (http:\/\/\S+)/.exec(out)![1]!.replace('localhost', '127.0.0.1') }
}

interface Result { requests: number; errors: number; rps: number; p50: number; p99: number }

/** Closed loop: C workers each send the next request when the previous answered. */
async function load(url: string, headers: Record<string, string>, durationS: number): Promise<Result> {
  const latencies: number[] = []
  let errors = 0
  const end = performance.now() + durationS * 1000
  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now()
      const res = await fetch(url, { headers })
      await res.arrayBuffer()
      if (res.status !== 200) errors++
      latencies.push(performance.now() - t0)
    }
  }))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const q = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]! * 100) / 100
  return { requests: latencies.length, errors, rps: Math.round(latencies.length / elapsed), p50: q(0.5), p99: q(0.99) }
}

const dataDir = mkdtempSync(join(tmpdir(), 'wf-bench-rest-'))
const procs: Subprocess[] = []
try {
  console.log(`seeding ${employees} employees, ${employees * 10} tasks …`)
  const token = await seed(dataDir)
  const real = await spawn(['bun', 'src/main.ts', 'serve', '--port', '0', '--data', dataDir, '--no-jobs'], {
    WORKFORCE_RATE_LIMIT_HOUR: '1000000000',
    WORKFORCE_RATE_LIMIT_DAY: '1000000000',
  })
  procs.push(real.proc)
  const auth = { authorization: `Bearer ${token}` }
  const sample = await fetch(`${real.url}${path}`, { headers: auth })
  const body = await sample.text()
  if (sample.status !== 200) throw new Error(`${path} answered ${sample.status}: ${body}`)
  const bodyFile = join(dataDir, 'body.json')
  writeFileSync(bodyFile, body)
  const bare = await spawn(['bun', 'scripts/bench-rest.ts', '--bare-serve', bodyFile, path])
  procs.push(bare.proc)

  console.log(`${connections} connections, ${seconds} s each, response ${body.length} bytes, after 2 s warm-up`)
  await load(`${real.url}${path}`, auth, 2)
  const r = await load(`${real.url}${path}`, auth, seconds)
  await load(`${bare.url}${path}`, {}, 2)
  const b = await load(`${bare.url}${path}`, {}, seconds)
  const row = (name: string, x: Result) => `${name.padEnd(30)} ${String(x.rps).padStart(8)} ${String(x.p50).padStart(9)} ${String(x.p99).padStart(9)} ${String(x.requests).padStart(9)} ${String(x.errors).padStart(7)}`
  console.log(`${'endpoint'.padEnd(30)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'requests'.padStart(9)} ${'errors'.padStart(7)}`)
  console.log(row(`workforce GET ${path}`, r))
  console.log(row('bare Elysia, same JSON', b))
  console.log(`workforce serves ${Math.round((r.rps / b.rps) * 100)}% of the bare throughput`)
} finally {
  for (const p of procs) p.kill()
  await Promise.all(procs.map((p) => p.exited))
  rmSync(dataDir, { recursive: true, force: true })
}
