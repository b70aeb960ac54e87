import { afterAll, describe, expect, test } from 'bun:test'
import { createTenant } from '../../src/modules/tenants/create-tenant'
import { trialEndingJob } from '../../src/modules/billing/jobs'
import { retentionJob } from '../../src/modules/retention/jobs'
import { runJobTick } from '../../src/modules/jobs/runner'
import { DAY } from '../../src/kernel/time'
import { newId } from '../../src/kernel/ids'
import { tempRuntime } from '../helpers/db'
import { runCli } from '../helpers/server'

const rt = tempRuntime()
afterAll(() => rt.cleanup())
const sqlite = rt.handle.sqlite
const count = (sql: string, ...args: (string | number)[]) => (sqlite.query(sql).get(...args) as { n: number }).n
const T0 = Date.parse('2026-06-01T12:00:00Z')

describe('billing.trial_ending job', () => {
  test('emits subscription.trial_ending once, within 3 days of the end of a trial', async () => {
    // Demo tenants start a 14-day Business trial.
    const { tenant } = createTenant(
      rt.db,
      { name: 'Trial Co', planId: 'business', timezone: 'UTC', isDemo: true, owner: { name: 'T', email: 't@trial.test' } },
      T0,
    )
    const events = () => sqlite.query("select data from events where tenant_id = ? and type = 'subscription.trial_ending'").all(tenant.id) as { data: string }[]
    await runJobTick(rt, trialEndingJob, T0 + 10 * DAY, () => null)
    expect(events()).toEqual([])
    await runJobTick(rt, trialEndingJob, T0 + 11.5 * DAY, () => null)
    await runJobTick(rt, trialEndingJob, T0 + 12 * DAY, () => null)
    expect(events().length).toBe(1)
    expect(JSON.parse(events()[0]!.data)).toMatchObject({ plan: 'business', trialEndsAt: new Date(T0 + 14 * DAY).toISOString(), daysRemaining: 3 })
  })
})

describe('production trials', () => {
  const cli = async (args: string[]) => {
    const r = await runCli([...args, '--data', rt.config.dataDir])
    expect([r.code, r.stderr]).toEqual([0, ''])
    return r.stdout
  }
  const subscription = (slug: string) =>
    sqlite.query('select s.id, s.status, s.trial_ends_at, s.plan_id from subscriptions s join tenants t on t.id = s.tenant_id where t.slug = ?').get(slug) as {
      id: string
      status: string
      trial_ends_at: number
      plan_id: string
    }

  test('`tenant create --trial` starts a production tenant on a trial that trial_ending announces once', async () => {
    const out = JSON.parse(
      await cli([
        'tenant',
        'create',
        '--json',
        '--name',
        'Prod Trial Co',
        '--owner-email',
        'o@prodtrial.test',
        '--owner-name',
        'O',
        '--plan',
        'professional',
        '--trial',
        '10',
      ]),
    )
    const sub = subscription(out.slug)
    expect(sub).toMatchObject({ status: 'trialing', plan_id: 'professional' })
    expect(out.trial_ends_at).toBe(new Date(sub.trial_ends_at).toISOString())
    const tenantId = (sqlite.query('select id from tenants where slug = ?').get(out.slug) as { id: number }).id
    const events = () => sqlite.query("select data from events where tenant_id = ? and type = 'subscription.trial_ending'").all(tenantId) as { data: string }[]
    await runJobTick(rt, trialEndingJob, sub.trial_ends_at - 4 * DAY, () => null)
    expect(events()).toEqual([])
    await runJobTick(rt, trialEndingJob, sub.trial_ends_at - 2.5 * DAY, () => null)
    await runJobTick(rt, trialEndingJob, sub.trial_ends_at - 1 * DAY, () => null)
    expect(events().map((e) => JSON.parse(e.data))).toEqual([
      { subscriptionId: sub.id, plan: 'professional', trialEndsAt: new Date(sub.trial_ends_at).toISOString(), daysRemaining: 3 },
    ])
  })

  test('`plan set PLAN --trial-days N` puts an existing tenant on a new trial, announced again', async () => {
    const out = JSON.parse(
      await cli(['tenant', 'create', '--json', '--name', 'Upgrade Co', '--owner-email', 'o@upgrade.test', '--owner-name', 'O', '--plan', 'starter']),
    )
    expect(subscription(out.slug)).toMatchObject({ status: 'active', trial_ends_at: null })
    expect(await cli(['plan', 'set', 'business', '--tenant', out.slug, '--trial-days', '7'])).toContain('On trial until')
    const sub = subscription(out.slug)
    expect(sub).toMatchObject({ status: 'trialing', plan_id: 'business' })
    await runJobTick(rt, trialEndingJob, sub.trial_ends_at - DAY, () => null)
    // A second trial (same plan) is announced again.
    await cli(['plan', 'set', 'business', '--tenant', out.slug, '--trial-days', '30'])
    const renewed = subscription(out.slug)
    await runJobTick(rt, trialEndingJob, renewed.trial_ends_at - DAY, () => null)
    const tenantId = (sqlite.query('select id from tenants where slug = ?').get(out.slug) as { id: number }).id
    const events = sqlite.query("select data from events where tenant_id = ? and type = 'subscription.trial_ending'").all(tenantId) as { data: string }[]
    expect(events.map((e) => JSON.parse(e.data).trialEndsAt)).toEqual([
      new Date(sub.trial_ends_at).toISOString(),
      new Date(renewed.trial_ends_at).toISOString(),
    ])
    const refused = await runCli(['plan', 'set', 'business', '--tenant', out.slug, '--trial-days', '0', '--data', rt.config.dataDir])
    expect(refused.code).not.toBe(0)
  })
})

describe('retention.purge job', () => {
  test("deletes monitoring data older than the plan's retention and keeps the rest and all records", async () => {
    const { tenant, owner } = createTenant(
      rt.db,
      { name: 'Starter Co', planId: 'starter', timezone: 'UTC', isDemo: false, owner: { name: 'S', email: 's@starter.test' } },
      T0 - 200 * DAY,
    )
    const addSample = sqlite.prepare(
      "insert into activity_samples (tenant_id, user_id, application, category, started_at, duration_seconds, is_idle, local_date) values (?, ?, 'App', 'neutral', ?, 60, 0, '2026-01-01')",
    )
    const addPing = sqlite.prepare(
      'insert into location_pings (tenant_id, user_id, recorded_at, latitude, longitude, inside_geofence, source) values (?, ?, ?, 52.5, 13.4, 0, ?)',
    )
    for (const age of [120, 95, 30, 1]) addSample.run(tenant.id, owner.id, T0 - age * DAY)
    for (const age of [120, 95, 30, 1]) addPing.run(tenant.id, owner.id, T0 - age * DAY, 'mobile')
    sqlite
      .prepare(
        "insert into time_logs (id, tenant_id, user_id, clock_in_at, clock_out_at, status, source, created_at) values (?, ?, ?, ?, ?, 'closed', 'import', ?)",
      )
      .run(newId(), tenant.id, owner.id, T0 - 150 * DAY, T0 - 150 * DAY + 3600_000, T0)

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
