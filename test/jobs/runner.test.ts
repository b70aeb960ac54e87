import { afterAll, describe, expect, test } from 'bun:test'
import { defineJob } from '../../src/kernel/job'
import { refusedRunOption } from '../../src/modules/jobs/runner'
import { jobWorld } from './seed'

const w = jobWorld()
afterAll(() => w.rt.cleanup())

describe('the job runner', () => {
  const a = w.tenant({ createdAt: Date.parse('2026-06-01T00:00:00Z') })
  const b = w.tenant({ createdAt: Date.parse('2026-06-01T00:00:00Z'), timezone: 'America/New_York' })
  const now = Date.parse('2026-06-03T12:00:00Z')
  const seen: { tenant: number; timezone: string; now: number; surface: string; deadline: number }[] = []
  const perTenant = defineJob({
    name: 'test.per_tenant',
    pattern: '0 * * * * *',
    description: 'records the context each tenant gets; fails for tenant b',
    each: 'tenant',
    budgetMs: 60_000,
    run(ctx, { deadline }) {
      seen.push({ tenant: ctx.tenant.id, timezone: ctx.tenant.timezone, now: ctx.now, surface: ctx.surface, deadline })
      if (ctx.tenant.id === b.id) throw new Error('tenant b is broken')
      return 2
    },
  })

  test('a per-tenant job gets each tenant bound at the tick clock, one deadline for the tick; a failing tenant is the error and the others go on', async () => {
    const r = await w.tick(perTenant, now)
    expect(seen.map(({ tenant, timezone, now, surface }) => ({ tenant, timezone, now, surface }))).toEqual([
      { tenant: a.id, timezone: 'UTC', now, surface: 'job' },
      { tenant: b.id, timezone: 'America/New_York', now, surface: 'job' },
    ])
    expect(seen[0]!.deadline).toBe(seen[1]!.deadline)
    expect(r.outcome?.processed).toBe(2)
    expect(r.error).toBe(`${b.readableId}: tenant b is broken`)
    const state = w.sqlite.query("select last_error from job_state where job_name = 'test.per_tenant'").get() as { last_error: string }
    expect(state.last_error).toBe(r.error!)
  })

  test('--tenant runs one tenant only', async () => {
    seen.length = 0
    const r = await w.tick(perTenant, now, { tenantId: a.id })
    expect(seen.map((s) => s.tenant)).toEqual([a.id])
    expect([r.outcome?.processed, r.error]).toEqual([2, null])
  })

  test('a tenant-day job gets the date and whether the day already succeeded', async () => {
    const days: { tenant: number; date: string; rerun: boolean }[] = []
    const daily = defineJob({
      name: 'test.tenant_day',
      description: 'records its days',
      each: { tenantDay: { dueAt: '00:15', catchUpDays: 2 } },
      run(ctx, date, { rerun }) {
        days.push({ tenant: ctx.tenant.id, date, rerun })
        return 1
      },
    })
    expect(daily.pattern).toBe('0 */5 * * * *')
    await w.tick(daily, now, { tenantId: a.id })
    expect(days).toEqual([
      { tenant: a.id, date: '2026-06-01', rerun: false },
      { tenant: a.id, date: '2026-06-02', rerun: false },
    ])
    days.length = 0
    await w.tick(daily, now + 60_000, { tenantId: a.id })
    expect(days).toEqual([])
    await w.tick(daily, now + 120_000, { tenantId: a.id, date: '2026-06-02' })
    expect(days).toEqual([{ tenant: a.id, date: '2026-06-02', rerun: true }])
  })

  test('a global job runs once with the runtime and the clock', async () => {
    const clocks: number[] = []
    const global = defineJob({
      name: 'test.global',
      pattern: '0 * * * * *',
      description: 'counts',
      each: 'global',
      run: (_rt, { now }) => void clocks.push(now),
    })
    const r = await w.tick(global, now)
    expect([clocks, r.outcome, r.error]).toEqual([[now], null, null])
  })

  test('--date is refused on a job that is not run per tenant-day', () => {
    expect(refusedRunOption(perTenant, { date: '2026-06-01' })).toContain('--date applies to jobs run per tenant-day')
    expect(refusedRunOption(perTenant, { tenantId: a.id })).toBeNull()
  })
})
