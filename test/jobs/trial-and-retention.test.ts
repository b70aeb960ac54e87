import { afterAll, describe, expect, test } from 'bun:test'
import { createTenant } from '../../src/modules/tenants/create-tenant'
import { trialEndingJob } from '../../src/modules/billing/jobs'
import { retentionJob } from '../../src/modules/retention/jobs'
import { runJobTick } from '../../src/modules/jobs/runner'
import { DAY } from '../../src/kernel/time'
import { newId } from '../../src/kernel/ids'
import { tempRuntime } from '../helpers/db'

const rt = tempRuntime()
afterAll(() => rt.cleanup())
const sqlite = rt.handle.sqlite
const count = (sql: string, ...args: (string | number)[]) => (sqlite.query(sql).get(...args) as { n: number }).n
const T0 = Date.parse('2026-06-01T12:00:00Z')

describe('billing.trial_ending job', () => {
  test('emits subscription.trial_ending once, within 3 days of the end of a trial', async () => {
    // Demo tenants start a 14-day Business trial.
    const { tenant } = createTenant(rt.db, { name: 'Trial Co', planId: 'business', timezone: 'UTC', isDemo: true, owner: { name: 'T', email: 't@trial.test' } }, T0)
    const events = () => sqlite.query("select data from events where tenant_id = ? and type = 'subscription.trial_ending'").all(tenant.id) as { data: string }[]
    await runJobTick(rt, trialEndingJob, T0 + 10 * DAY, () => null)
    expect(events()).toEqual([])
    await runJobTick(rt, trialEndingJob, T0 + 11.5 * DAY, () => null)
    await runJobTick(rt, trialEndingJob, T0 + 12 * DAY, () => null)
    expect(events().length).toBe(1)
    expect(JSON.parse(events()[0]!.data)).toMatchObject({ plan: 'business', trialEndsAt: new Date(T0 + 14 * DAY).toISOString(), daysRemaining: 3 })
  })
})

describe('retention.purge job', () => {
  test("deletes monitoring data older than the plan's retention and keeps the rest and all records", async () => {
    const { tenant, owner } = createTenant(rt.db, { name: 'Starter Co', planId: 'starter', timezone: 'UTC', isDemo: false, owner: { name: 'S', email: 's@starter.test' } }, T0 - 200 * DAY)
    const addSample = sqlite.prepare("insert into activity_samples (tenant_id, user_id, application, category, started_at, duration_seconds, is_idle, local_date) values (?, ?, 'App', 'neutral', ?, 60, 0, '2026-01-01')")
    const addPing = sqlite.prepare('insert into location_pings (tenant_id, user_id, recorded_at, latitude, longitude, inside_geofence, source) values (?, ?, ?, 52.5, 13.4, 0, ?)')
    for (const age of [120, 95, 30, 1]) addSample.run(tenant.id, owner.id, T0 - age * DAY)
    for (const age of [120, 95, 30, 1]) addPing.run(tenant.id, owner.id, T0 - age * DAY, 'mobile')
    sqlite.prepare("insert into time_logs (id, tenant_id, user_id, clock_in_at, clock_out_at, status, source, created_at) values (?, ?, ?, ?, ?, 'closed', 'import', ?)").run(newId(), tenant.id, owner.id, T0 - 150 * DAY, T0 - 150 * DAY + 3600_000, T0)

    // Starter keeps samples 90 days and pings min(90, 90) days.
    const result = await runJobTick(rt, retentionJob, T0 + 4 * 3600_000, () => null, { tenantId: tenant.id, date: '2026-05-31' })
    expect(result.error).toBeNull()
    expect(count('select count(*) n from activity_samples where tenant_id = ?', tenant.id)).toBe(2)
    expect(count('select count(*) n from location_pings where tenant_id = ?', tenant.id)).toBe(2)
    expect(count('select count(*) n from time_logs where tenant_id = ?', tenant.id)).toBe(1)
    // A second run finds nothing more to delete.
    await runJobTick(rt, retentionJob, T0 + 5 * 3600_000, () => null, { tenantId: tenant.id, date: '2026-05-31' })
    expect(count('select count(*) n from activity_samples where tenant_id = ?', tenant.id)).toBe(2)
  })
})
