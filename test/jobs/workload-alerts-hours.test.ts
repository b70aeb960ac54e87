import { afterAll, describe, expect, test } from 'bun:test'
import type { TenantBoundCtx } from '../../src/kernel/ctx'
import { localParts, localRange, zonedTimeToInstant } from '../../src/kernel/time'
import { computeWorkloadAlerts, localHourFn } from '../../src/modules/dashboard/workload-alerts'
import { findTenantCtx } from '../../src/modules/tenants/queries'
import { systemCtx } from '../../src/runtime'
import { jobWorld } from './seed'

// The live alerts judge "work outside usual hours" by the local hour of each log's clock-in and
// clock-out. localHourFn answers it without one Intl call per log; it must answer exactly what
// localParts(ms, tz).hour answers, DST changes and half-hour zones included.
describe('localHourFn (the local hour of the unusual-hours rule)', () => {
  const windows: [string, string, string][] = [
    ['Europe/Berlin', '2026-03-24', '2026-04-02'], // spring forward on 29 March
    ['Europe/Berlin', '2026-10-20', '2026-10-29'], // fall back on 25 October
    ['Europe/Berlin', '2026-06-01', '2026-06-09'], // no change: the arithmetic path
    ['America/New_York', '2026-03-03', '2026-03-12'],
    ['Asia/Kolkata', '2026-06-01', '2026-06-09'], // +05:30
    ['Asia/Kathmandu', '2026-06-01', '2026-06-09'], // +05:45
    ['Australia/Lord_Howe', '2026-03-31', '2026-04-08'], // 30-minute DST change
    ['UTC', '2026-06-01', '2026-06-09'],
  ]
  for (const [tz, from, to] of windows)
    test(`${tz} ${from} … ${to}: same hour as localParts at every instant tried, inside and around the window`, () => {
      const hour = localHourFn(tz, from, to)
      const { from: a, to: b } = localRange(from, to, tz)
      let tried = 0
      // Every 7 min 13.5 s (so seconds and milliseconds vary), from a day before to a day after.
      for (let ms = a - 86_400_000; ms < b + 86_400_000; ms += 433_500) {
        expect([ms, hour(ms)]).toEqual([ms, localParts(ms, tz).hour])
        tried++
      }
      expect(tried).toBeGreaterThan(2000)
    })
})

describe('computeWorkloadAlerts: night work and gaps after the speed-up', () => {
  const w = jobWorld()
  afterAll(() => w.rt.cleanup())
  const TZ = 'Europe/Berlin'
  const local = (date: string, time: string) => zonedTimeToInstant(date, time, TZ)
  const t = w.tenant({ createdAt: local('2026-06-01', '00:00'), timezone: TZ })
  const early = w.user(t.id, { name: 'Early' })
  const late = w.user(t.id, { name: 'Late' })
  const day = w.user(t.id, { name: 'Day' })
  const gap = w.user(t.id, { name: 'Gap' })
  // Monday 8 June: Early 04:30-09:00, Late 15:00-23:15, Day 09:00-17:00 (none over 10 h).
  w.log(t.id, early, local('2026-06-08', '04:30'), local('2026-06-08', '09:00'), { gapFillDone: true })
  w.log(t.id, late, local('2026-06-08', '15:00'), local('2026-06-08', '23:15'), { gapFillDone: true })
  w.log(t.id, day, local('2026-06-08', '09:00'), local('2026-06-08', '17:00'), { gapFillDone: true })
  // Gap worked Monday and Wednesday of the week before only: Tuesday, Thursday and Friday are missing.
  for (const d of ['2026-06-01', '2026-06-03']) w.log(t.id, gap, local(d, '09:00'), local(d, '12:00'), { gapFillDone: true })
  // Day worked every workday of the week before: no gap.
  for (const d of ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05'])
    w.log(t.id, day, local(d, '09:00'), local(d, '12:00'), { gapFillDone: true })

  test('early and late work are info alerts, the day worker has none, the gaps are listed', () => {
    const ctx = systemCtx(w.rt, findTenantCtx(w.rt.db, t.id), 'mcp', local('2026-06-09', '00:30')) as TenantBoundCtx
    const alerts = computeWorkloadAlerts(ctx, '2026-06-08').map((a) => [a.userName, a.kind, a.severity, a.details.missing_dates])
    expect(alerts).toContainEqual(['Early', 'unusual_hours', 'info', []])
    expect(alerts).toContainEqual(['Late', 'unusual_hours', 'info', []])
    expect(alerts).toContainEqual(['Gap', 'timesheet_gap', 'warning', ['2026-06-02', '2026-06-04', '2026-06-05']])
    expect(alerts.filter((a) => a[0] === 'Day')).toEqual([])
  })
})
