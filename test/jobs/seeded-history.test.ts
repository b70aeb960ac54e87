import { afterAll, describe, expect, test } from 'bun:test'
import { DEFAULT_SEED_OPTIONS, seedDemoTenant } from '../../seed'
import { JOBS } from '../../src/surfaces/registry'
import { isTenantDayJob } from '../../src/kernel/job'
import { runJobTick } from '../../src/modules/jobs/runner'
import { tempRuntime } from '../helpers/db'

const rt = tempRuntime()
afterAll(() => rt.cleanup())

describe('jobs on a freshly seeded demo tenant', () => {
  test('no per-tenant-day job reworks the generated history: its past days are recorded as done', async () => {
    const now = Date.now()
    seedDemoTenant(rt.handle, rt.secret, { ...DEFAULT_SEED_OPTIONS, now })
    const count = (sql: string) => (rt.handle.sqlite.query(sql).get() as { n: number }).n
    const before = {
      events: count('select count(*) n from events'),
      timesheets: count('select count(*) n from timesheets'),
      alerts: count('select count(*) n from workload_alerts'),
    }
    const daily = JOBS.filter(isTenantDayJob)
    expect(daily.map((j) => j.name)).toContain('activity.daily_summaries')
    for (const job of daily) {
      const tick = await runJobTick(rt, job, now + 60_000, () => null)
      expect([job.name, tick.outcome?.processed ?? 0, tick.error]).toEqual([job.name, 0, null])
    }
    expect({
      events: count('select count(*) n from events'),
      timesheets: count('select count(*) n from timesheets'),
      alerts: count('select count(*) n from workload_alerts'),
    }).toEqual(before)
  })
})
