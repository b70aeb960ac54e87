import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTenant } from '../../src/modules/tenants/create-tenant'
import { dailySummariesJob } from '../../src/modules/activity/jobs'
import { runJobTick } from '../../src/modules/jobs/runner'
import { acquireLease, releaseLease } from '../../src/modules/jobs/queries'
import { dueDates } from '../../src/modules/jobs/runner'
import { nextRunAfter } from '../../src/surfaces/jobs'
import { openRuntime } from '../../src/runtime'
import { loadConfig } from '../../src/kernel/config'
import { silentLogger } from '../../src/kernel/log'
import { addDays, MINUTE, zonedTimeToInstant } from '../../src/kernel/time'
import { newId } from '../../src/kernel/ids'
import { runCli } from '../helpers/server'
import { tempRuntime } from '../helpers/db'

const rt = tempRuntime()
afterAll(() => rt.cleanup())
const sqlite = rt.handle.sqlite
const TZ = 'Europe/Berlin'
let tenantId = 0
const users: string[] = []

/** Samples for one user-day: [category, seconds, idle]. Inserted as an agent would have. */
function addSamples(userId: string, date: string, samples: [string, number, boolean][]) {
  const start = zonedTimeToInstant(date, '09:00', TZ)
  const insert = sqlite.prepare(
    'insert into activity_samples (tenant_id, user_id, application, category, started_at, duration_seconds, is_idle, local_date) values (?, ?, ?, ?, ?, ?, ?, ?)',
  )
  let t = start
  for (const [category, seconds, idle] of samples) {
    insert.run(tenantId, userId, `App ${category}`, category, t, seconds, idle ? 1 : 0, date)
    t += seconds * 1000
  }
}

const tick = (now: number, runtime = rt) => runJobTick(runtime, dailySummariesJob, now, (t) => nextRunAfter(dailySummariesJob.pattern, t))
const count = (sql: string, ...args: (string | number)[]) => (sqlite.query(sql).get(...args) as { n: number }).n

beforeAll(() => {
  // The tenant exists from the first local day the tests summarise (2026-03-25, Berlin).
  const created = createTenant(
    rt.db,
    { name: 'Jobs Co', planId: 'business', timezone: TZ, isDemo: false, owner: { name: 'J', email: 'j@jobs.test' } },
    Date.parse('2026-03-24T23:30:00Z'),
  )
  tenantId = created.tenant.id
  for (const name of ['ana', 'ben']) {
    const id = newId()
    sqlite
      .prepare(
        "insert into users (id, tenant_id, name, email, role, status, work_profile, weekly_hours, created_at) values (?, ?, ?, ?, 'employee', 'active', 'engineering', 40, 0)",
      )
      .run(id, tenantId, name, `${name}@jobs.test`)
    users.push(id)
  }
})

describe('activity.daily_summaries job', () => {
  test('summarises each user-day from its samples and emits one daily_summary per user', async () => {
    addSamples(users[0]!, '2026-03-25', [
      ['productive', 3600, false],
      ['neutral', 1200, false],
      ['unproductive', 1200, false],
      ['productive', 600, true],
    ])
    addSamples(users[1]!, '2026-03-25', [
      ['productive', 600, false],
      ['unproductive', 1800, false],
    ])
    const result = await tick(zonedTimeToInstant('2026-03-26', '00:20', TZ))
    expect(result.error).toBeNull()
    const ana = sqlite.query('select * from daily_activity_summaries where user_id = ? and date = ?').get(users[0]!, '2026-03-25') as Record<string, number>
    expect(ana).toMatchObject({
      total_seconds: 6600,
      productive_seconds: 3600,
      neutral_seconds: 1200,
      unproductive_seconds: 1200,
      idle_seconds: 600,
      score: 60,
      sample_count: 4,
    })
    const ben = sqlite.query('select score from daily_activity_summaries where user_id = ? and date = ?').get(users[1]!, '2026-03-25') as { score: number }
    expect(ben.score).toBe(25)
    const events = sqlite.query("select data from events where tenant_id = ? and type = 'activity.daily_summary'").all(tenantId) as { data: string }[]
    expect(events.map((e) => JSON.parse(e.data).userEmail).sort()).toEqual(['ana@jobs.test', 'ben@jobs.test'])
    expect(JSON.parse(events[0]!.data)).toMatchObject({ date: '2026-03-25' })
  })

  test('running it twice changes nothing the second time', async () => {
    const before = { summaries: count('select count(*) n from daily_activity_summaries'), events: count('select count(*) n from events') }
    const again = await tick(zonedTimeToInstant('2026-03-26', '00:40', TZ))
    expect(again.outcome?.processed).toBe(0)
    // Forcing the date recomputes the same figures and emits nothing new.
    await runJobTick(rt, dailySummariesJob, zonedTimeToInstant('2026-03-26', '01:00', TZ), () => null, { date: '2026-03-25' })
    expect({ summaries: count('select count(*) n from daily_activity_summaries'), events: count('select count(*) n from events') }).toEqual(before)
  })

  test('catches up after a 2-day downtime, running each missed tenant-day exactly once', async () => {
    for (const d of ['2026-03-26', '2026-03-27', '2026-03-28']) addSamples(users[0]!, d, [['productive', 1800, false]])
    // Down from 26th 00:00 until the 29th 10:00: the 26th, 27th and 28th are all due at once.
    const first = await tick(zonedTimeToInstant('2026-03-29', '10:00', TZ))
    expect(first.outcome?.processed).toBe(3)
    await tick(zonedTimeToInstant('2026-03-29', '10:05', TZ))
    const runs = sqlite.query("select run_key, count(*) n from job_runs where job_name = 'activity.daily_summaries' group by run_key").all() as {
      run_key: string
      n: number
    }[]
    expect(runs.map((r) => r.run_key)).toEqual(['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28'])
    expect(runs.every((r) => r.n === 1)).toBe(true)
  })

  test('emits productivity_drop when the score falls under the threshold against a higher baseline', async () => {
    addSamples(users[0]!, '2026-03-29', [
      ['unproductive', 3000, false],
      ['productive', 600, false],
    ])
    await tick(zonedTimeToInstant('2026-03-30', '00:30', TZ))
    const drop = sqlite.query("select data from events where type = 'activity.productivity_drop'").all() as { data: string }[]
    expect(drop.length).toBe(1)
    expect(JSON.parse(drop[0]!.data)).toMatchObject({ userEmail: 'ana@jobs.test', date: '2026-03-29', productivityScore: 17, threshold: 50 })
  })
})

describe('tenant-day scheduling across DST', () => {
  for (const [zone, dstDay] of [
    ['Europe/Berlin', '2026-03-29'],
    ['America/New_York', '2026-03-08'],
    ['Europe/Berlin', '2026-10-25'],
    ['America/New_York', '2026-11-01'],
  ] as const) {
    test(`a daily job runs once per local date around ${zone} ${dstDay}`, () => {
      const tenant = { timezone: zone, createdAt: Date.parse('2026-01-01T00:00:00Z') }
      const done = new Set<string>()
      const runs: string[] = []
      // Tick every 5 minutes from two local days before to three local days after the change.
      const from = zonedTimeToInstant(addDays(dstDay, -2), '00:00', zone)
      const until = zonedTimeToInstant(addDays(dstDay, 3), '00:00', zone)
      for (let now = from; now < until; now += 5 * MINUTE) {
        for (const d of dueDates(tenant, now, 7, '00:15', done)) {
          if (d >= addDays(dstDay, -2)) runs.push(d)
          done.add(d)
        }
      }
      expect(runs).toEqual([addDays(dstDay, -2), addDays(dstDay, -1), dstDay, addDays(dstDay, 1)])
    })
  }
})

describe('job leases', () => {
  test('two runtimes on one data directory never both hold a job', () => {
    const second = openRuntime(loadConfig({ dataDir: rt.config.dataDir, logLevel: 'silent' }, {}), silentLogger)
    const now = Date.now()
    expect(acquireLease(rt.db, 'probe', rt.instanceId, now, 60_000)).toBe(true)
    expect(acquireLease(second.db, 'probe', second.instanceId, now, 60_000)).toBe(false)
    // A crashed holder's lease lapses; the other process takes over.
    expect(acquireLease(second.db, 'probe', second.instanceId, now + 61_000, 60_000)).toBe(true)
    releaseLease(second.db, 'probe', second.instanceId)
    expect(acquireLease(rt.db, 'probe', rt.instanceId, now + 62_000, 60_000)).toBe(true)
    releaseLease(rt.db, 'probe', rt.instanceId)
    second.close()
  })

  test('two real processes running the same tick do each tenant-day once', async () => {
    addSamples(users[1]!, '2026-03-30', [['productive', 1200, false]])
    const now = zonedTimeToInstant('2026-03-31', '02:00', TZ)
    const args = ['jobs', 'run', 'activity.daily_summaries', '--now', new Date(now).toISOString(), '--data', rt.config.dataDir]
    const results = await Promise.all([runCli(args), runCli(args)])
    // Each either ran the tick or was turned away by the lease; the day ran exactly once.
    expect(results.some((r) => r.code === 0)).toBe(true)
    expect(count("select count(*) n from job_runs where run_key = '2026-03-30'")).toBe(1)
    // Only ben worked that day: one summary event, not one per process.
    const events = sqlite
      .query("select json_extract(data, '$.userEmail') email from events where type = 'activity.daily_summary' and json_extract(data, '$.date') = '2026-03-30'")
      .all() as { email: string }[]
    expect(events).toEqual([{ email: 'ben@jobs.test' }])
  })
})
