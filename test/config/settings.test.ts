import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { HOUR, MINUTE, toIso } from '../../src/kernel/time'
import { newId } from '../../src/kernel/ids'
import { createKeyFixture } from '../helpers/fixtures'
import { api, startWorld, type TenantWorld, type World } from '../client/world'

/**
 * Company settings through the real CLI (`workforce settings show|set`), the REST API
 * (GET /api/v1/settings) and the product behaviour each setting drives, on a real server.
 * Rows written straight to the database (time logs, breaks) are only the starting state.
 */
let world: World
let acme: TenantWorld

beforeAll(async () => {
  world = await startWorld()
  acme = await world.tenant()
})
afterAll(() => world.close())

const cli = (args: string[]) => world.server.cli(args)
const settingsOf = async (t: TenantWorld) => {
  const res = await cli(['settings', 'show', '--tenant', t.fixture.tenant, '--json'])
  expect(res.code).toBe(0)
  return JSON.parse(res.stdout) as Record<string, unknown> & { retention: { data_kind: string; plan_days: number; days: number }[] }
}
interface AuditPage {
  data: { action: string; entity: string; entity_id: string; surface: string; before: Record<string, unknown>; after: Record<string, unknown> }[]
  pagination: { total: number }
}
const auditOf = async (t: TenantWorld) =>
  JSON.parse((await cli(['audit', 'list', '--tenant', t.fixture.tenant, '--entity', 'settings', '--json'])).stdout) as AuditPage

describe('workforce settings set', () => {
  test('bad currency, time zone and locale are each named; nothing is written', async () => {
    const before = await settingsOf(acme)
    const auditBefore = await auditOf(acme)
    const res = await cli([
      'settings',
      'set',
      '--tenant',
      acme.fixture.tenant,
      '--currency',
      'EUX',
      '--timezone',
      'Mars/Olympus',
      '--locale',
      'not a locale',
      '--name',
      'Should Not Stick',
    ])
    expect(res.code).not.toBe(0)
    expect(res.stderr).toContain('currency: "EUX" is not an ISO 4217 currency code')
    expect(res.stderr).toContain('timezone: "Mars/Olympus" is not an IANA time zone')
    expect(res.stderr).toContain('locale: "not a locale" is not a BCP 47 locale')
    const json = await cli(['settings', 'set', '--tenant', acme.fixture.tenant, '--currency', 'ZZZ', '--json'])
    expect(json.code).toBe(2)
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'invalid_argument', details: { field: 'currency', errors: [{ field: 'currency' }] } } })
    expect(await settingsOf(acme)).toEqual(before)
    expect((await auditOf(acme)).pagination.total).toBe(auditBefore.pagination.total)
  })

  test('schema-level bad input (week start 9, unknown pay period) is named by option', async () => {
    const res = await cli(['settings', 'set', '--tenant', acme.fixture.tenant, '--week-start', '9', '--pay-period', 'fortnightly'])
    expect(res.code).not.toBe(0)
    expect(res.stderr).toContain('--week-start')
    expect(res.stderr).toContain('--pay-period')
  })

  test("retention can only shorten the plan's period", async () => {
    const planDays = (await settingsOf(acme)).retention.find((r) => r.data_kind === 'location_pings')!.plan_days
    const tooLong = await cli(['settings', 'set', '--tenant', acme.fixture.tenant, '--retention', JSON.stringify({ location_pings: planDays + 1 })])
    expect(tooLong.code).not.toBe(0)
    expect(tooLong.stderr).toContain(`retention.location_pings: must be at most ${planDays} days`)
    const ok = await cli(['settings', 'set', '--tenant', acme.fixture.tenant, '--retention', JSON.stringify({ location_pings: 7 }), '--json'])
    expect(ok.code).toBe(0)
    const row = (JSON.parse(ok.stdout).settings.retention as { data_kind: string; days: number; plan_days: number; overridden: boolean }[]).find(
      (r) => r.data_kind === 'location_pings',
    )
    expect(row).toEqual({ data_kind: 'location_pings', plan_days: planDays, days: 7, overridden: true })
  })

  test('a valid change is written, audited with before and after of the changed fields, and readable on REST', async () => {
    const res = await cli([
      'settings',
      'set',
      '--tenant',
      acme.fixture.tenant,
      '--currency',
      'eur',
      '--timezone',
      'Europe/Berlin',
      '--locale',
      'de-de',
      '--week-start',
      '1',
      '--overtime-multiplier',
      '1.25',
      '--pay-overtime-daily-hours',
      '10',
      '--json',
    ])
    expect(res.code).toBe(0)
    const out = JSON.parse(res.stdout)
    expect(out.changed.sort()).toEqual(['currency', 'locale', 'overtime_multiplier', 'pay_overtime_daily_hours', 'timezone'])
    expect(out.notes.join(' ')).toContain('Time zone changed from UTC to Europe/Berlin')
    expect(out.settings).toMatchObject({ currency: 'EUR', timezone: 'Europe/Berlin', locale: 'de-DE', overtime_multiplier: 1.25, pay_overtime_daily_hours: 10 })

    const entry = (await auditOf(acme)).data[0]!
    expect(entry).toMatchObject({ action: 'settings.updated', entity: 'settings', entity_id: acme.fixture.tenant, surface: 'cli' })
    expect(entry.before).toEqual({ timezone: 'UTC', currency: 'USD', locale: 'en-US', pay_overtime_daily_hours: null, overtime_multiplier: 1.5 })
    expect(entry.after).toEqual({ timezone: 'Europe/Berlin', currency: 'EUR', locale: 'de-DE', pay_overtime_daily_hours: 10, overtime_multiplier: 1.25 })

    const token = await createKeyFixture(world.server, acme.fixture.tenant, { kind: 'api', role: 'admin', scope: 'read' })
    const rest = await fetch(`${world.server.url}/api/v1/settings`, { headers: { authorization: `Bearer ${token.key}` } })
    expect(rest.status).toBe(200)
    expect(await rest.json()).toMatchObject({ currency: 'EUR', timezone: 'Europe/Berlin', locale: 'de-DE' })
    const employeeToken = await createKeyFixture(world.server, acme.fixture.tenant, { kind: 'api', role: 'employee', scope: 'read' })
    const refused = await fetch(`${world.server.url}/api/v1/settings`, { headers: { authorization: `Bearer ${employeeToken.key}` } })
    expect(refused.status).toBe(403)
  })

  test('offices policy (the older command) still works and is audited as a settings change', async () => {
    const res = await cli(['offices', 'policy', 'enforce', '--tenant', acme.fixture.tenant, '--presence-tap-minutes', '30'])
    expect(res.code).toBe(0)
    expect(await settingsOf(acme)).toMatchObject({ geofence_policy: 'enforce', presence_tap_minutes: 30 })
    expect((await auditOf(acme)).data[0]).toMatchObject({ after: { geofence_policy: 'enforce', presence_tap_minutes: 30 } })
    expect((await cli(['offices', 'policy', 'record', '--tenant', acme.fixture.tenant])).code).toBe(0)
  })
})

describe('settings take effect', () => {
  test('a biweekly period anchored on a Wednesday gives the bounds of a submitted timesheet', async () => {
    const t = await world.tenant()
    const emp = t.addUser({ name: 'fortnight' })
    const set = await cli(['settings', 'set', '--tenant', t.fixture.tenant, '--pay-period', 'biweekly', '--pay-period-anchor', '2026-01-07'])
    expect(set.code).toBe(0)
    t.addTimeLog(emp.id, Date.parse('2026-03-05T09:00:00Z'), Date.parse('2026-03-05T17:00:00Z'))
    t.addTimeLog(emp.id, Date.parse('2026-03-03T09:00:00Z'), Date.parse('2026-03-03T17:00:00Z')) // the period before
    const res = await api(world.server, emp.key).post('/timesheets/submit', { date: '2026-03-10' })
    expect(res.status).toBe(200)
    // By hand: 2026-01-07 + 4 × 14 days = 2026-03-04; the period ends 13 days later.
    expect(res.body.timesheet).toMatchObject({ period_start: '2026-03-04', period_end: '2026-03-17', total_seconds: 8 * 3600 })
  })

  test('a paid break kind no longer reduces worked hours on a timesheet', async () => {
    const t = await world.tenant()
    const db = world.rt.handle.sqlite
    const addDayWithBreaks = (userId: string) => {
      const start = Date.parse('2026-02-02T08:00:00Z')
      const log = t.addTimeLog(userId, start, start + 8 * HOUR)
      const insert = db.prepare('insert into breaks (id, tenant_id, user_id, time_log_id, kind, started_at, ended_at) values (?, ?, ?, ?, ?, ?, ?)')
      insert.run(newId(), t.id, userId, log, 'lunch', start + 4 * HOUR, start + 5 * HOUR)
      insert.run(newId(), t.id, userId, log, 'break', start + 6 * HOUR, start + 6 * HOUR + 30 * MINUTE)
    }
    const before = t.addUser({ name: 'unpaid' })
    addDayWithBreaks(before.id)
    const first = await api(world.server, before.key).post('/timesheets/submit', { date: '2026-02-02' })
    expect(first.status).toBe(200)
    expect(first.body.timesheet.total_seconds).toBe(8 * 3600 - 90 * 60) // both breaks deducted (default)

    expect((await cli(['settings', 'set', '--tenant', t.fixture.tenant, '--paid-break-kinds', 'lunch'])).code).toBe(0)
    expect((await settingsOf(t)).paid_break_kinds).toEqual(['lunch'])
    const after = t.addUser({ name: 'paidlunch' })
    addDayWithBreaks(after.id)
    const second = await api(world.server, after.key).post('/timesheets/submit', { date: '2026-02-02' })
    expect(second.status).toBe(200)
    expect(second.body.timesheet.total_seconds).toBe(8 * 3600 - 30 * 60) // only the short break deducted
  })

  test('outside-zone minutes decide when location.outside_zone is reported', async () => {
    const t = await world.tenant()
    expect((await cli(['offices', 'add', '--tenant', t.fixture.tenant, '--name', 'HQ', '--lat', '52.52', '--lon', '13.405', '--radius', '150'])).code).toBe(0)
    const now = Date.now()
    const far = { latitude: 52.6, longitude: 13.6 }
    const walkOut = async (name: string) => {
      const p = t.addUser({ name })
      t.addTimeLog(p.id, now - HOUR, null)
      const res = await api(world.server, p.key).post('/location-pings', {
        pings: [0, 6].map((m) => ({ recorded_at: toIso(now - 50 * MINUTE + m * MINUTE), ...far, accuracy_meters: 10 })),
      })
      expect(res.status).toBe(200)
      expect(res.body.accepted).toBe(2)
      return (res.body.transitions as { event: string }[]).map((x) => x.event)
    }
    expect(await walkOut('default15')).toEqual([]) // 6 minutes outside < 15 (the default)
    expect((await cli(['settings', 'set', '--tenant', t.fixture.tenant, '--outside-zone-minutes', '5'])).code).toBe(0)
    expect(await walkOut('five')).toEqual(['location.outside_zone'])
    expect(t.events('location.outside_zone')).toHaveLength(1)
  })

  test("a shorter retention is what the retention job keeps (the plan's would keep both pings)", async () => {
    const t = await world.tenant()
    const p = t.addUser({ name: 'pinger' })
    const db = world.rt.handle.sqlite
    const now = Date.now()
    const addPing = db.prepare(
      'insert into location_pings (tenant_id, user_id, recorded_at, latitude, longitude, inside_geofence, source) values (?, ?, ?, 52.5, 13.4, 0, ?)',
    )
    for (const days of [10, 3]) addPing.run(t.id, p.id, now - days * 24 * HOUR, 'mobile')
    expect((await cli(['settings', 'set', '--tenant', t.fixture.tenant, '--retention', '{"location_pings":7}'])).code).toBe(0)
    const run = await cli(['jobs', 'run', 'retention.purge', '--tenant', t.fixture.tenant, '--date', toIso(now).slice(0, 10), '--now', toIso(now)])
    expect(run.code).toBe(0)
    const left = db.query('select recorded_at from location_pings where tenant_id = ?').all(t.id) as { recorded_at: number }[]
    expect(left.map((r) => Math.round((now - r.recorded_at) / (24 * HOUR)))).toEqual([3])
  })
})
