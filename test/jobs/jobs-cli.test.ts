import { afterAll, describe, expect, test } from 'bun:test'
import { JOBS } from '../../src/surfaces/registry'
import { runCli } from '../helpers/server'
import { jobWorld } from './seed'

const w = jobWorld()
afterAll(() => w.rt.cleanup())

const cli = (...args: string[]) => runCli([...args, '--data', w.rt.config.dataDir])
const list = async () => {
  const r = await cli('jobs', '--json')
  expect(r.code).toBe(0)
  return JSON.parse(r.stdout) as { name: string; last_run: string | null; next_run: string | null; last_error: string | null }[]
}

describe('workforce jobs', () => {
  const good = w.tenant({ createdAt: Date.parse('2026-06-01T00:00:00Z') })
  const bad = w.tenant({ createdAt: Date.parse('2026-06-01T00:00:00Z') })
  // A pay period the code does not know: every date of this tenant fails in the pay-period jobs.
  w.sqlite.prepare("update tenants set pay_period = 'fortnightly' where id = ?").run(bad.id)
  const now = '2026-06-03T12:00:00.000Z'

  test('lists every job of the registry, never run yet', async () => {
    const rows = await list()
    expect(rows.map((r) => r.name).sort()).toEqual(JOBS.map((j) => j.name).sort())
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['time_tracking.gap_fill', 'dashboard.workload_alerts', 'timesheets.auto_generate', 'payroll.period_close']),
    )
    expect(rows.find((r) => r.name === 'payroll.period_close')).toMatchObject({ last_run: null, last_error: null })
  })

  test("a failing tenant-day is the job's last error while the other tenants' days go on", async () => {
    const run = await cli('jobs', 'run', 'payroll.period_close', '--now', now)
    expect(run.code).not.toBe(0)
    expect(run.stderr).toContain(bad.readableId)
    const ok = w.sqlite.query("select run_key, status from job_runs where job_name = 'payroll.period_close' and tenant_id = ? order by run_key").all(good.id)
    expect(ok).toEqual([{ run_key: '2026-06-01', status: 'succeeded' }])
    const row = (await list()).find((r) => r.name === 'payroll.period_close')!
    expect(row.last_run).toBe(now)
    expect(row.last_error).toContain(`${bad.readableId} 2026-06-01`)
    expect(Date.parse(row.next_run!)).toBeGreaterThan(Date.parse(now))
  })

  test('the failed day is retried at the next tick and a clean tick clears the error', async () => {
    w.sqlite.prepare("update tenants set pay_period = 'weekly' where id = ?").run(bad.id)
    const run = await cli('jobs', 'run', 'payroll.period_close', '--now', '2026-06-03T12:05:00.000Z')
    expect([run.code, run.stdout.trim()]).toEqual([0, 'payroll.period_close: processed 1'])
    expect((await list()).find((r) => r.name === 'payroll.period_close')).toMatchObject({ last_run: '2026-06-03T12:05:00.000Z', last_error: null })
  })

  test('--date is refused on a job that is not run per tenant-day, before it runs', async () => {
    for (const name of ['time_tracking.gap_fill', 'billing.trial_ending']) {
      const run = await cli('jobs', 'run', name, '--date', '2026-06-01')
      expect(run.code).not.toBe(0)
      expect(run.stderr).toContain('--date applies to jobs run per tenant-day')
      expect((await list()).find((r) => r.name === name)).toMatchObject({ last_run: null })
    }
  })
})
