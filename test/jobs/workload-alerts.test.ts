import { afterAll, describe, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { workloadAlertsJob } from '../../src/modules/dashboard/jobs'
import { getWorkloadAlerts } from '../../src/modules/dashboard/get-workload-alerts'
import { computeWorkloadAlerts } from '../../src/modules/dashboard/workload-alerts'
import { findTenantCtx } from '../../src/modules/tenants/queries'
import { invoke } from '../../src/kernel/operation'
import type { TenantBoundCtx } from '../../src/kernel/ctx'
import { addDays, zonedTimeToInstant } from '../../src/kernel/time'
import { systemCtx } from '../../src/runtime'
import { jobWorld } from './seed'

const w = jobWorld()
afterAll(() => w.rt.cleanup())

const TZ = 'Europe/Berlin'
const local = (date: string, time: string) => zonedTimeToInstant(date, time, TZ)
// Monday 1 June 2026: the tenant's first day.
const t = w.tenant({ createdAt: local('2026-06-01', '00:00'), timezone: TZ })
const ana = w.user(t.id, { name: 'Ana' })
const ben = w.user(t.id, { name: 'Ben' })
const cem = w.user(t.id, { name: 'Cem' })
// Ana works 11 h a day Monday to Thursday: over 10 h each day, over her 40 h week on Thursday.
for (const d of ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04']) w.log(t.id, ana, local(d, '08:00'), local(d, '19:00'), { gapFillDone: true })
// Ben's Tuesday shift is 09:00-17:00 with a 30 min unpaid break (7.5 h); he works 08:30-18:00 with that break: 9 h.
w.shift(t.id, ben, '2026-06-02', local('2026-06-02', '09:00'), local('2026-06-02', '17:00'), 30)
const benLog = w.log(t.id, ben, local('2026-06-02', '08:30'), local('2026-06-02', '18:00'), { gapFillDone: true })
w.breakOn(t.id, ben, benLog, local('2026-06-02', '12:00'), local('2026-06-02', '12:30'))
// Cem is scheduled on Wednesday and never clocks in.
w.shift(t.id, cem, '2026-06-03', local('2026-06-03', '09:00'), local('2026-06-03', '17:00'), 30)

const ctxAt = (now: number) => systemCtx(w.rt, findTenantCtx(w.rt.db, t.id), 'mcp', now) as TenantBoundCtx
const stored = (date: string) =>
  w.sqlite.query('select user_id, kind, severity from workload_alerts where tenant_id = ? and date = ? order by user_id, kind').all(t.id, date) as {
    user_id: string
    kind: string
    severity: string
  }[]

describe('dashboard.workload_alerts job', () => {
  test('stores the alerts of the finished day', async () => {
    const r = await w.tick(workloadAlertsJob, local('2026-06-02', '00:25'))
    expect([r.error, r.outcome?.processed]).toEqual([null, 1])
    expect(stored('2026-06-01')).toEqual([{ user_id: ana, kind: 'unusual_hours', severity: 'warning' }])
    expect(w.events(t.id, 'overtime.detected')).toEqual([])
  })

  test('after a 2-day downtime each missed day runs exactly once, with overtime.detected once per user-day over schedule', async () => {
    const r = await w.tick(workloadAlertsJob, local('2026-06-05', '10:00'))
    expect([r.error, r.outcome?.processed]).toEqual([null, 3])
    await w.tick(workloadAlertsJob, local('2026-06-05', '10:05'))
    const runs = w.sqlite
      .query("select run_key, count(*) n from job_runs where job_name = 'dashboard.workload_alerts' and tenant_id = ? group by run_key")
      .all(t.id)
    expect(runs).toEqual(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04'].map((run_key) => ({ run_key, n: 1 })))
    expect(stored('2026-06-03')).toContainEqual({ user_id: cem, kind: 'not_clocked_in', severity: 'warning' })
    expect(stored('2026-06-04')).toContainEqual({ user_id: ana, kind: 'overtime', severity: 'warning' })
    const overtime = w.events(t.id, 'overtime.detected')
    expect(overtime).toHaveLength(2)
    expect(overtime.find((e) => e.userId === ben)).toMatchObject({
      periodStart: '2026-06-02',
      periodEnd: '2026-06-02',
      scheduledHours: 7.5,
      workedHours: 9,
      overtimeHours: 1.5,
    })
    expect(overtime.find((e) => e.userId === ana)).toMatchObject({
      periodStart: '2026-06-01',
      periodEnd: '2026-06-04',
      scheduledHours: 40,
      workedHours: 44,
      overtimeHours: 4,
    })
  })

  test('running a day again changes nothing and announces no overtime twice', async () => {
    const before = w.snapshot(t.id)
    await w.tick(workloadAlertsJob, local('2026-06-05', '12:00'), { tenantId: t.id, date: '2026-06-04' })
    await w.tick(workloadAlertsJob, local('2026-06-05', '12:05'), { tenantId: t.id, date: '2026-06-02' })
    expect(w.snapshot(t.id)).toEqual(before)
  })

  test('get_workload_alerts answers a past date from the stored rows, which agree with the live computation of that day', async () => {
    const now = local('2026-06-05', '11:00')
    const out = await invoke(getWorkloadAlerts, ctxAt(now), { date: '2026-06-03' })
    expect([...Value.Errors(getWorkloadAlerts.output, out)]).toEqual([])
    const live = computeWorkloadAlerts(ctxAt(now), '2026-06-03')
    expect(out.alerts.map((a) => [a.user_id, a.kind, a.severity, a.message, a.details])).toEqual(
      live.map((a) => [a.userId, a.kind, a.severity, a.message, a.details]),
    )
    expect(out.as_of).toBe(new Date(local('2026-06-05', '10:00')).toISOString())
    // Cem's late-imported Wednesday does not rewrite the record until the day is recomputed.
    // (with the shift's 30 min break: 7.5 h net, exactly the shift, so no overtime either)
    const cemLog = w.log(t.id, cem, local('2026-06-03', '09:00'), local('2026-06-03', '17:00'), { gapFillDone: true })
    w.breakOn(t.id, cem, cemLog, local('2026-06-03', '12:00'), local('2026-06-03', '12:30'))
    const again = await invoke(getWorkloadAlerts, ctxAt(now), { date: '2026-06-03' })
    expect(again.alerts.filter((a) => a.user_id === cem).map((a) => a.kind)).toEqual(['not_clocked_in'])
    await w.tick(workloadAlertsJob, now, { tenantId: t.id, date: '2026-06-03' })
    const recomputed = await invoke(getWorkloadAlerts, ctxAt(now), { date: '2026-06-03' })
    expect(recomputed.alerts.filter((a) => a.user_id === cem)).toEqual([])
    // Today is computed live.
    const today = await invoke(getWorkloadAlerts, ctxAt(now), {})
    expect(today).toMatchObject({ date: '2026-06-05', as_of: new Date(now).toISOString() })
  })

  test('runs once per local date across the spring DST change', async () => {
    const dst = w.tenant({ createdAt: local('2026-03-26', '00:00'), timezone: TZ })
    for (let now = local('2026-03-27', '00:00'); now < local('2026-04-01', '00:00'); now += 60 * 60_000) {
      await w.tick(workloadAlertsJob, now, { tenantId: dst.id })
    }
    const keys = w.sqlite.query("select run_key from job_runs where job_name = 'dashboard.workload_alerts' and tenant_id = ? order by run_key").all(dst.id) as {
      run_key: string
    }[]
    const expected = Array.from({ length: 5 }, (_, i) => addDays('2026-03-26', i))
    expect(keys.map((k) => k.run_key)).toEqual(expected)
  })
})

describe('not clocked in, overnight', () => {
  test('a clock-in after midnight inside a night shift that began the evening before counts as attended', () => {
    const night = w.tenant({ name: 'Night', createdAt: local('2026-06-01', '00:00'), timezone: TZ })
    const dan = w.user(night.id, { name: 'Dan' })
    const eve = w.user(night.id, { name: 'Eve' })
    for (const u of [dan, eve]) w.shift(night.id, u, '2026-06-08', local('2026-06-08', '22:00'), local('2026-06-09', '06:00'))
    // Dan came at half past midnight; Eve never came.
    w.log(night.id, dan, local('2026-06-09', '00:30'), local('2026-06-09', '06:00'), { gapFillDone: true })
    const ctx = systemCtx(w.rt, findTenantCtx(w.rt.db, night.id), 'mcp', local('2026-06-09', '08:00')) as TenantBoundCtx
    const missing = computeWorkloadAlerts(ctx, '2026-06-08').filter((a) => a.kind === 'not_clocked_in')
    expect(missing.map((a) => a.userName)).toEqual(['Eve'])
  })
})
