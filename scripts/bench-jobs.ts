/**
 * Times the daily summary job for 10,000 users x 1 day of samples next to a bare baseline doing
 * the same write, in the same run: one INSERT…SELECT of the same aggregate into
 * daily_activity_summaries in one committed transaction (same table, same indexes), its rows then
 * deleted (not timed) before the job runs. Prints both and their ratio (target: within 3x of the
 * baseline and under 10 s). Exits non-zero if the job fails or writes another number of
 * summaries than the baseline did. BENCH_HISTORY=1 adds 14 days of earlier summaries (the
 * productivity baseline the job averages over).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../src/kernel/config'
import { silentLogger } from '../src/kernel/log'
import { openRuntime, systemCtxFor } from '../src/runtime'
import { createTenant } from '../src/modules/tenants/create-tenant'
import { findTenantCtx } from '../src/modules/tenants/queries'
import { dailySummariesJob } from '../src/modules/activity/jobs'
import { addDays, zonedTimeToInstant } from '../src/kernel/time'

const USERS = Number(process.env.BENCH_USERS ?? 10_000)
const SAMPLES_PER_USER = Number(process.env.BENCH_SAMPLES ?? 48)
const DATE = '2026-11-20'
const CATEGORIES = ['productive', 'productive', 'neutral', 'unproductive'] as const

const dataDir = mkdtempSync(join(tmpdir(), 'wf-bench-jobs-'))
const rt = openRuntime(loadConfig({ dataDir, logLevel: 'silent' }, {}), silentLogger)
const { tenant } = createTenant(
  rt.db,
  { name: 'Bench', planId: 'business', timezone: 'UTC', isDemo: false, owner: { name: 'B', email: 'b@bench.test' } },
  Date.parse('2026-01-01T00:00:00Z'),
)
const sqlite = rt.handle.sqlite

console.log(`preparing ${USERS} users x ${SAMPLES_PER_USER} samples…`)
sqlite.transaction(() => {
  const addUser = sqlite.prepare(
    "insert into users (id, tenant_id, name, email, role, status, work_profile, weekly_hours, created_at) values (?, ?, ?, ?, 'employee', 'active', 'engineering', 40, 0)",
  )
  const addSample = sqlite.prepare(
    'insert into activity_samples (tenant_id, user_id, application, category, started_at, duration_seconds, is_idle, local_date) values (?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const start = zonedTimeToInstant(DATE, '08:00', 'UTC')
  for (let u = 0; u < USERS; u++) {
    const id = crypto.randomUUID()
    addUser.run(id, tenant.id, `User ${u}`, `u${u}@bench.test`)
    for (let s = 0; s < SAMPLES_PER_USER; s++) {
      addSample.run(tenant.id, id, 'App', CATEGORIES[(u + s) % 4]!, start + s * 600_000, 300 + ((u * 7 + s * 13) % 300), s % 9 === 0 ? 1 : 0, DATE)
    }
  }
})()
if (process.env.BENCH_HISTORY) {
  // BENCH_HISTORY=1: 14 earlier days of summaries per user, the baseline the job averages over.
  const ids = sqlite.query('select id from users where tenant_id = ?').all(tenant.id) as { id: string }[]
  const add = sqlite.prepare(
    'insert into daily_activity_summaries (tenant_id, user_id, date, total_seconds, productive_seconds, neutral_seconds, unproductive_seconds, idle_seconds, score, sample_count, computed_at) values (?, ?, ?, 100, 50, 25, 25, 0, ?, 1, 0)',
  )
  sqlite.transaction(() => {
    for (let d = 1; d <= 14; d++) for (const [i, u] of ids.entries()) add.run(tenant.id, u.id, addDays(DATE, -d), (i * 7 + d * 13) % 100)
  })()
}
sqlite.exec('ANALYZE')

const countSummaries = () =>
  (sqlite.query('select count(*) as n from daily_activity_summaries where tenant_id = ? and date = ?').get(tenant.id, DATE) as { n: number }).n
const bareStart = performance.now()
const bare = sqlite.transaction(
  () =>
    sqlite
      .query(`insert into daily_activity_summaries
            (tenant_id, user_id, date, total_seconds, productive_seconds, neutral_seconds, unproductive_seconds, idle_seconds, score, sample_count, computed_at)
          select tenant_id, user_id, local_date, sum(duration_seconds),
            sum(case when is_idle = 0 and category = 'productive' then duration_seconds else 0 end),
            sum(case when is_idle = 0 and category = 'neutral' then duration_seconds else 0 end),
            sum(case when is_idle = 0 and category = 'unproductive' then duration_seconds else 0 end),
            sum(case when is_idle = 1 then duration_seconds else 0 end), 0, count(*), 0
          from activity_samples where tenant_id = ? and local_date = ? group by user_id`)
      .run(tenant.id, DATE).changes,
)()
const bareMs = performance.now() - bareStart
sqlite.query('delete from daily_activity_summaries where tenant_id = ? and date = ?').run(tenant.id, DATE)

const tenantCtx = findTenantCtx(rt.db, tenant.id)
if (!tenantCtx) throw new Error('the bench tenant was not created')
const ctx = systemCtxFor(rt, tenantCtx, { surface: 'job' })
const jobStart = performance.now()
const emitted = await dailySummariesJob.run(ctx, DATE, { rerun: false })
const jobMs = performance.now() - jobStart
const written = countSummaries()

console.log(`rows: ${USERS * SAMPLES_PER_USER} samples, ${bare} user-days`)
console.log(`daily summary job:  ${jobMs.toFixed(0)} ms (upsert ${written} summaries + ${emitted} events in one transaction)`)
console.log(`baseline:           ${bareMs.toFixed(0)} ms (one INSERT…SELECT of the same aggregate into the same table, committed)`)
console.log(`ratio job/baseline: ${(jobMs / bareMs).toFixed(2)}x   (target <= 3x and < 10000 ms)`)
rt.close()
rmSync(dataDir, { recursive: true, force: true })
if (written !== bare || bare !== USERS) {
  console.error(`error: the job wrote ${written} summaries, the baseline ${bare}, for ${USERS} users`)
  process.exitCode = 1
}
