/**
 * The three manager answers' growth with most people clocked in (issue 18, growth): the bench's
 * seeded tenants (scripts/bench/seed.ts, cached) copied, a share of their active people clocked in
 * within this week (time_logs rows written in one transaction: the kept tables' triggers follow),
 * then each answer invoked in-process as the bench calls it (an admin, no team: the organisation)
 * and timed per call, largest over smallest size printed as the growth.
 *
 *   bun scripts/bench-clocked-in.ts [--fraction 0.8] [--sizes 1000,10000] [--days 14] [--calls 50]
 *
 * The baseline is the smallest size's cost per call: each answer's ratio is its cost at the largest
 * size over that. An answer that fails sets the exit code to 1.
 *
 * Why: the growth table of `bun run bench` measures the seeded tenants at whatever hour it runs,
 * and a tenant seeded at night has almost nobody clocked in. In-process, so no HTTP or rate limit:
 * the answers' own cost. Prints the number of sessions clocked in this week at each size.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { Ctx } from '../src/kernel/ctx'
import { loadConfig } from '../src/kernel/config'
import { silentLogger } from '../src/kernel/log'
import { invoke } from '../src/kernel/operation'
import { localDate, localRange, weekStart } from '../src/kernel/time'
import { getProductivityOverview } from '../src/modules/activity/get-productivity-overview'
import { getDashboardSummary } from '../src/modules/dashboard/get-dashboard-summary'
import { summarizeTeamHours } from '../src/modules/dashboard/summarize-team-hours'
import { openRuntime } from '../src/runtime'
import { keyCtx } from '../test/perf/sequences'
import { seeded } from './bench/seed'

const { values: opt } = parseArgs({
  options: {
    fraction: { type: 'string', default: '0.8' },
    sizes: { type: 'string', default: '1000,10000' },
    days: { type: 'string', default: '14' },
    calls: { type: 'string', default: '50' },
  },
})
const fraction = Number(opt.fraction)
const calls = Number(opt.calls)
if (!(fraction >= 0 && fraction <= 1)) throw new Error('--fraction: a share of the active people, 0 to 1')

const ANSWERS = [
  ['get_dashboard_summary', (c: Ctx) => invoke(getDashboardSummary, c, {})],
  ['summarize_team_hours', (c: Ctx) => invoke(summarizeTeamHours, c, { period: 'this_week' })],
  ['get_productivity_overview', (c: Ctx) => invoke(getProductivityOverview, c, { period: 'this_week' })],
] as const

interface Row {
  size: number
  open: number
  us: number[]
}

async function measure(size: number): Promise<Row> {
  const seed = await seeded(size, Number(opt.days), 65, (s) => console.log(s))
  const dir = mkdtempSync(join(tmpdir(), 'wf-bench-clocked-in-'))
  cpSync(seed.dir, dir, { recursive: true })
  const rt = openRuntime(loadConfig({ dataDir: dir, logLevel: 'silent' }, {}), silentLogger)
  try {
    const s = rt.handle.sqlite
    const { id: tenantId, timezone } = s
      .query<{ id: number; timezone: string }, [string]>('select id, timezone from tenants where readable_id = ?')
      .get(seed.demoTenant)!
    const admin = s
      .query<{ id: string }, [number]>("select id from users where tenant_id = ? and role = 'admin' and status = 'active' limit 1")
      .get(tenantId)!.id
    const now = Date.now()
    const weekFrom = localRange(weekStart(localDate(now, timezone)), weekStart(localDate(now, timezone)), timezone).from
    const active = s.query<{ n: number }, [number]>("select count(*) as n from users where tenant_id = ? and status = 'active'").get(tenantId)!.n
    const free = s
      .query<{ id: string }, [number]>(
        `select id from users u where tenant_id = ? and status = 'active'
         and not exists (select 1 from time_logs t where t.tenant_id = u.tenant_id and t.user_id = u.id and t.clock_out_at is null) order by id`,
      )
      .all(tenantId)
    const insert = s.prepare("insert into time_logs (id, tenant_id, user_id, clock_in_at, status, source, created_at) values (?, ?, ?, ?, 'active', 'mcp', ?)")
    // Clocked in 10 to 90 minutes ago, spread by the person's place, never before this week began.
    s.transaction(() => {
      for (const [i, u] of free.slice(0, Math.round(fraction * active)).entries()) {
        const at = Math.max(weekFrom + 1000, now - 600_000 - ((i * 7919) % 80) * 60_000)
        insert.run(crypto.randomUUID(), tenantId, u.id, at, at)
      }
    })()
    const open = s
      .query<{ n: number }, [number, number]>('select count(*) as n from time_logs where tenant_id = ? and clock_out_at is null and clock_in_at >= ?')
      .get(tenantId, weekFrom)!.n
    const c = keyCtx(rt, tenantId, admin, 'admin', now)
    const us: number[] = []
    for (const [name, call] of ANSWERS) {
      try {
        await call(c)
      } catch (e) {
        console.error(`${name} failed at ${size}: ${e instanceof Error ? e.message : String(e)}`)
        process.exitCode = 1
        us.push(Number.NaN)
        continue
      }
      for (let i = 0; i < 5; i++) await call(c)
      const t0 = performance.now()
      for (let i = 0; i < calls; i++) await call(c)
      us.push(((performance.now() - t0) * 1000) / calls)
    }
    return { size, open, us }
  } finally {
    rt.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const rows: Row[] = []
for (const size of opt.sizes.split(',').map(Number)) rows.push(await measure(size))
console.log(
  `\n${Math.round(fraction * 100)}% of the active people clocked in this week; µs a call in-process (${calls} calls); baseline: the cost at ${rows[0]!.size.toLocaleString('en')} people\n`,
)
console.log(`| answer | ${rows.map((r) => `${r.size.toLocaleString('en')} (${r.open.toLocaleString('en')} clocked in)`).join(' | ')} | largest / smallest |`)
console.log(`|---|${rows.map(() => '---|').join('')}---|`)
for (const [i, [name]] of ANSWERS.entries()) {
  const first = rows[0]!.us[i]!
  const last = rows.at(-1)!.us[i]!
  console.log(`| ${name} | ${rows.map((r) => Math.round(r.us[i]!).toLocaleString('en')).join(' | ')} | ${(last / first).toFixed(2)} |`)
}
