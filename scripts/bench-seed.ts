/**
 * Seeding benchmark: generates a demo tenant (default 1,000 employees x 90 days) into a fresh
 * database, then inserts exactly the same rows into a second fresh database with a bare
 * bun:sqlite loop (one plain prepared INSERT per table, one transaction, same pragmas), and
 * prints both rates, their ratio and the peak resident memory of the generator. Baseline: that
 * bare loop, printed on the line under the generator's. Exits non-zero if the bare copy has a
 * different number of rows or a foreign-key violation (the two did not write the same data).
 *
 *   bun run bench:seed [--employees N] [--days N] [--keep]
 */
import type { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { openDatabase, type DatabaseHandle } from '../src/kernel/db'
import { migrate } from '../src/kernel/migrate'
import { upsertPlanCatalog } from '../src/modules/tenants/queries'
import { DEFAULT_SEED_OPTIONS, seedDemoTenant } from '../seed'

const { values } = parseArgs({
  options: { employees: { type: 'string', default: '1000' }, days: { type: 'string', default: '90' }, keep: { type: 'boolean', default: false } },
})
const employees = Number(values.employees)
const days = Number(values.days)
const CACHE = 'PRAGMA cache_size = -65536'

function freshDatabase(dir: string, name: string): DatabaseHandle {
  const handle = openDatabase(join(dir, name))
  migrate(handle.db)
  upsertPlanCatalog(handle.db)
  return handle
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const rate = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en-US')} rows/s`

/** Tables in parent-before-child order, as the generator's writers flush them. */
function tablesInOrder(db: Database): string[] {
  const order = [
    'tenants',
    'cost_centers',
    'offices',
    'shift_templates',
    'teams',
    'users',
    'team_memberships',
    'invitations',
    'rate_cards',
    'projects',
    'tasks',
    'category_rules',
    'devices',
    'subscriptions',
    'invoices',
    'payments',
    'timesheets',
    'timesheet_status_history',
    'payroll_periods',
    'pay_runs',
    'time_logs',
    'breaks',
    'presence_taps',
    'agent_sessions',
    'activity_samples',
    'ingest_batches',
    'activity_blocks',
    'daily_activity_summaries',
    'location_pings',
    'shift_schedules',
    'events',
    'mcp_tool_calls',
    'ask_questions',
    'workload_alerts',
    'email_outbox',
    'api_keys',
  ]
  const existing = new Set((db.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name))
  return order.filter((t) => existing.has(t))
}

/** The bare loop: rows are read from the seeded database in chunks; only the inserts are timed. */
function bareInsert(source: Database, target: Database): { rows: number; ms: number; cpuMs: number } {
  let rows = 0
  let ms = 0
  let cpuMs = 0
  target.exec(CACHE)
  let t = performance.now()
  let cpu = process.cpuUsage()
  target.exec('BEGIN IMMEDIATE')
  target.exec('PRAGMA defer_foreign_keys = ON')
  ms += performance.now() - t
  cpuMs += cpuOf(cpu)
  for (const table of tablesInOrder(source)) {
    const columns = (source.query(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name)
    const insert = target.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    const read = source.query(`SELECT rowid AS __r, ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}" WHERE rowid > ? ORDER BY rowid LIMIT 20000`)
    for (let after = 0; ; ) {
      const chunk = read.values(after) as unknown[][]
      if (chunk.length === 0) break
      after = chunk[chunk.length - 1]![0] as number
      t = performance.now()
      cpu = process.cpuUsage()
      for (const row of chunk) insert.run(...(row.slice(1) as never[]))
      ms += performance.now() - t
      cpuMs += cpuOf(cpu)
      rows += chunk.length
    }
    insert.finalize()
  }
  t = performance.now()
  cpu = process.cpuUsage()
  target.exec('COMMIT')
  ms += performance.now() - t
  cpuMs += cpuOf(cpu)
  return { rows, ms, cpuMs }
}

/** CPU time (user + system) since `start`, in ms: wall time is noisy on a shared machine. */
function cpuOf(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start)
  return (d.user + d.system) / 1000
}

const dir = mkdtempSync(join(tmpdir(), 'wf-bench-'))
let peak = process.memoryUsage().rss
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss))
try {
  const seeded = freshDatabase(dir, 'seeded.db')
  console.log(`Seeding ${employees} employees x ${days} days (seed "${DEFAULT_SEED_OPTIONS.seed}") ...`)
  const cpu = process.cpuUsage()
  const summary = seedDemoTenant(seeded, Buffer.alloc(32, 7), { ...DEFAULT_SEED_OPTIONS, employees, days, now: Date.now(), onProgress: sample })
  const seedCpuMs = cpuOf(cpu)
  sample()
  const seedRows = Object.values(summary.counts).reduce((s, n) => s + n, 0)
  const bare = freshDatabase(dir, 'bare.db')
  const copy = bareInsert(seeded.sqlite, bare.sqlite)
  const violations = bare.sqlite.query('PRAGMA foreign_key_check').all().length
  console.log('')
  console.log(`rows                 ${seedRows.toLocaleString('en-US')} (bare loop copied ${copy.rows.toLocaleString('en-US')}, FK violations ${violations})`)
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(7)
  console.log(`                     wall      rate (wall)          CPU time`)
  console.log(
    `seed-demo generator  ${s(summary.elapsedMs)}   ${rate(seedRows, summary.elapsedMs).padEnd(18)}   ${s(seedCpuMs)}   (generation + batched inserts + commits)`,
  )
  console.log(
    `baseline: bare loop   ${s(copy.ms)}   ${rate(copy.rows, copy.ms).padEnd(18)}   ${s(copy.cpuMs)}   (pre-built rows, one prepared INSERT per table, one transaction)`,
  )
  console.log(
    `ratio                ${(summary.elapsedMs / copy.ms).toFixed(2)}x wall, ${(seedCpuMs / copy.cpuMs).toFixed(2)}x CPU (target <= 2x; whole tenant target < 60 s)`,
  )
  console.log(`peak RSS (generator) ${mb(peak)}`)
  if (violations > 0 || copy.rows !== seedRows) {
    console.error(`error: the bare loop copied ${copy.rows} rows of ${seedRows} with ${violations} foreign-key violations`)
    process.exitCode = 1
  }
  seeded.close()
  bare.close()
} finally {
  if (values.keep) console.log(`kept ${dir}`)
  else rmSync(dir, { recursive: true, force: true })
}
