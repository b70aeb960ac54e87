/**
 * Seeded data directories for scripts/bench.ts, cached under $TMPDIR/wf-bench-cache so that
 * reruns start at once: `workforce seed-demo --employees N --days D` (the demo tenant the reads
 * are measured on), a REST read token for it, and a production tenant ("Bench Writes", Business
 * plan) with W people, each with a user-bound live key, for the writes (a demo tenant is
 * read-only). A run works on a copy of the cached directory, never on the cache itself.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const ROOT = join(import.meta.dir, '..', '..')
export const CACHE = process.env.WORKFORCE_BENCH_CACHE ?? join(tmpdir(), 'wf-bench-cache')
const SEED_VERSION = 2

export interface Seeded {
  dir: string
  employees: number
  days: number
  demoTenant: string
  /** The demo tenant's public key (read-only, Admin persona): MCP reads. */
  mcpKey: string
  /** A REST token of the demo tenant (tenant-level, admin, read). */
  restToken: string
  /** User-bound live keys of the production tenant, one per writer, and their users. */
  writers: { key: string; userId: string }[]
  writeTenantId: number
  /** How long `seed-demo` took, seconds. */
  seedSeconds: number
}

function cli(dir: string, args: string[]): string {
  const run = Bun.spawnSync(['bun', 'src/main.ts', ...args, '--data', dir], { cwd: ROOT, env: { ...process.env, WORKFORCE_LOG_LEVEL: 'silent' } })
  if (run.exitCode !== 0) throw new Error(`workforce ${args.join(' ')} failed (${run.exitCode}):\n${run.stderr.toString()}${run.stdout.toString()}`)
  return run.stdout.toString()
}

async function addWriters(dir: string, writers: number): Promise<{ tenantId: number; writers: { key: string; userId: string }[] }> {
  const { loadConfig } = await import('../../src/kernel/config')
  const { silentLogger } = await import('../../src/kernel/log')
  const { openRuntime } = await import('../../src/runtime')
  const { createTenant } = await import('../../src/modules/tenants/create-tenant')
  const { issueKey } = await import('../../src/modules/api-keys/issue-key')
  const rt = openRuntime(loadConfig({ dataDir: dir, logLevel: 'silent' }, {}), silentLogger)
  try {
    const now = Date.now()
    const { tenant } = createTenant(
      rt.db,
      { name: 'Bench Writes', planId: 'business', timezone: 'Europe/Berlin', isDemo: false, owner: { name: 'W', email: 'w@bench.test' } },
      now,
    )
    const keys: { key: string; userId: string }[] = []
    rt.handle.sqlite.transaction(() => {
      const addUser = rt.handle.sqlite.prepare(
        "insert into users (id, tenant_id, name, email, role, status, work_profile, weekly_hours, created_at) values (?, ?, ?, ?, 'employee', 'active', 'engineering', 40, 0)",
      )
      for (let a = 0; a < writers; a++) {
        const id = crypto.randomUUID()
        addUser.run(id, tenant.id, `Writer ${a}`, `writer${a}@bench.test`)
        keys.push({
          userId: id,
          key: issueKey(
            { tenant, db: rt.db, now },
            { kind: 'live', scope: 'read_write', role: 'employee', name: 'bench', userId: id, createdByUserId: null, expiresAt: null },
          ).key,
        })
      }
    })()
    return { tenantId: tenant.id as number, writers: keys }
  } finally {
    rt.close()
  }
}

/**
 * The schema the cache was built with: the migration files and the seed's sources. A branch that
 * adds a migration or changes the seed gets its own cached directories (a shared cache must never
 * be migrated under another worktree).
 */
function schemaStamp(): string {
  const h = new Bun.CryptoHasher('sha1')
  for (const dir of ['src/db/migrations', 'seed'])
    for (const f of readdirSync(join(ROOT, dir), { recursive: true }).map(String).sort()) {
      h.update(f)
      try {
        h.update(readFileSync(join(ROOT, dir, f)))
      } catch {}
    }
  return h.digest('hex').slice(0, 8)
}

/** The cached seeded directory for (employees, days, writers), built on first use. */
export async function seeded(employees: number, days: number, writers: number, log: (s: string) => void): Promise<Seeded> {
  const dir = join(CACHE, `v${SEED_VERSION}-${schemaStamp()}-e${employees}-d${days}-w${writers}`)
  const meta = join(dir, 'bench-meta.json')
  if (existsSync(meta)) return { ...(JSON.parse(readFileSync(meta, 'utf8')) as Seeded), dir }
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  log(`seeding ${employees} employees x ${days} days into ${dir} (cached for reruns) …`)
  const t0 = performance.now()
  const summary = JSON.parse(cli(dir, ['seed-demo', '--employees', String(employees), '--days', String(days), '--json'])) as {
    readableId: string
    publicDemoKey: string
  }
  const seedSeconds = (performance.now() - t0) / 1000
  log(`  seed-demo took ${seedSeconds.toFixed(1)} s`)
  const token = /(wf_api_\w+)/.exec(
    cli(dir, ['keys', 'create', '--tenant', summary.readableId, '--kind', 'api', '--role', 'admin', '--scope', 'read', '--name', 'bench']),
  )?.[1]
  if (!token) throw new Error('keys create printed no wf_api_ token')
  const w = await addWriters(dir, writers)
  const out: Seeded = {
    dir,
    employees,
    days,
    demoTenant: summary.readableId,
    mcpKey: summary.publicDemoKey,
    restToken: token,
    writers: w.writers,
    writeTenantId: w.tenantId,
    seedSeconds,
  }
  writeFileSync(meta, JSON.stringify(out))
  return out
}

/** A working copy of a cached directory (the run's counters and writes never reach the cache). */
export function workingCopy(s: Seeded): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'wf-bench-run-'))
  cpSync(s.dir, dir, { recursive: true, filter: (src) => !src.endsWith('bench-meta.json') })
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
