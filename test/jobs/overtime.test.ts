import { afterAll, describe, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { DEFAULT_SEED_OPTIONS, seedDemoTenant } from '../../seed'
import type { TenantBoundCtx } from '../../src/kernel/ctx'
import { invoke } from '../../src/kernel/operation'
import { addDays, dateRange, localDate, weekStart, zonedTimeToInstant } from '../../src/kernel/time'
import { workloadAlertsJob } from '../../src/modules/dashboard/jobs'
import { getWorkloadAlerts } from '../../src/modules/dashboard/get-workload-alerts'
import { summarizeTeamHours } from '../../src/modules/dashboard/summarize-team-hours'
import { autoGenerateTimesheetsJob } from '../../src/modules/timesheets/jobs'
import { findTenantCtx } from '../../src/modules/tenants/queries'
import { systemCtx } from '../../src/runtime'
import { runCli } from '../helpers/server'
import { jobWorld } from './seed'

/**
 * Overtime is one rule (src/modules/dashboard/overtime.ts) on hours net of breaks: the workload
 * alerts job, get_workload_alerts, overtime.detected and summarize_team_hours all use it, and the
 * demo seed writes what the job would.
 */

const TZ = 'Europe/Berlin'
const local = (date: string, time: string) => zonedTimeToInstant(date, time, TZ)

describe('weekly overtime counts hours net of breaks', () => {
  const w = jobWorld()
  afterAll(() => w.rt.cleanup())
  // Monday 1 June 2026 is the tenant's first day; no shifts, so only the weekly rule applies.
  const t = w.tenant({ createdAt: local('2026-06-01', '00:00'), timezone: TZ })
  // Gross 41 h Monday to Friday (8.2 h a day), with a 18 min break a day: 39.5 h net.
  const gross = w.user(t.id, { name: 'Gross Gina', weeklyHours: 40 })
  // Net 41 h: 8.5 h a day with an 18 min break.
  const net = w.user(t.id, { name: 'Net Nils', weeklyHours: 40 })
  const week = dateRange('2026-06-01', '2026-06-05')
  for (const d of week) {
    const g = w.log(t.id, gross, local(d, '08:00'), local(d, '16:12'), { gapFillDone: true })
    w.breakOn(t.id, gross, g, local(d, '12:00'), local(d, '12:18'))
    const n = w.log(t.id, net, local(d, '08:00'), local(d, '16:30'), { gapFillDone: true })
    w.breakOn(t.id, net, n, local(d, '12:00'), local(d, '12:18'))
  }
  const ctxAt = (now: number) => systemCtx(w.rt, findTenantCtx(w.rt.db, t.id), 'mcp', now) as TenantBoundCtx

  test('41 h gross / 39.5 h net is not overtime; 41 h net is, in the stored alerts, get_workload_alerts, overtime.detected and summarize_team_hours', async () => {
    const r = await w.tick(workloadAlertsJob, local('2026-06-08', '01:00'))
    expect(r.error).toBeNull()
    const overtimeRows = w.sqlite.query("select distinct user_id from workload_alerts where tenant_id = ? and kind = 'overtime'").all(t.id) as {
      user_id: string
    }[]
    expect(overtimeRows.map((r) => r.user_id)).toEqual([net])
    const friday = await invoke(getWorkloadAlerts, ctxAt(local('2026-06-08', '09:00')), { date: '2026-06-05' })
    const alert = friday.alerts.find((a) => a.kind === 'overtime')!
    expect(friday.alerts.filter((a) => a.kind === 'overtime').map((a) => a.user_name)).toEqual(['Net Nils'])
    expect(alert.details).toMatchObject({ week_hours: 41, contracted_weekly_hours: 40 })
    const events = w.events(t.id, 'overtime.detected')
    expect(events.map((e) => [e.userId, e.workedHours, e.overtimeHours])).toEqual([[net, 41, 1]])
    const summary = await invoke(summarizeTeamHours, ctxAt(local('2026-06-08', '09:00')), { period: 'last_week' })
    expect([...Value.Errors(summarizeTeamHours.output, summary)]).toEqual([])
    const hours = Object.fromEntries(summary.result.members.map((m) => [m.name, [m.hours, m.overtime_hours]]))
    expect(hours['Gross Gina']).toEqual([39.5, 0])
    expect(hours['Net Nils']).toEqual([41, 1])
    expect(summary.result.overtime.map((o) => o.name)).toEqual(['Net Nils'])
  })

  test('a timesheet totals the same net hours (what payroll pays), not clock-out minus clock-in', async () => {
    // Weekly pay period: the week's timesheets are generated at 00:05 on its second day after.
    const r = await w.tick(autoGenerateTimesheetsJob, local('2026-06-09', '00:30'))
    expect(r.error).toBeNull()
    const totals = w.sqlite.query('select user_id, total_seconds from timesheets where tenant_id = ? order by total_seconds').all(t.id)
    expect(totals).toEqual([
      { user_id: gross, total_seconds: 39.5 * 3600 },
      { user_id: net, total_seconds: 41 * 3600 },
    ])
  })
})

describe('the seeded demo tenant', () => {
  const w = jobWorld()
  afterAll(() => w.rt.cleanup())
  const now = Date.now()
  const summary = seedDemoTenant(w.rt.handle, w.rt.secret, { ...DEFAULT_SEED_OPTIONS, now })
  const tz = DEFAULT_SEED_OPTIONS.timezone
  const today = localDate(now, tz)
  const stored = (date: string) =>
    w.sqlite
      .query('select user_id, kind, severity, message, details from workload_alerts where tenant_id = ? and date = ? order by user_id, kind')
      .all(summary.tenantId, date)

  test('its stored alerts of a past day are what `workforce jobs run dashboard.workload_alerts --date D` produces', async () => {
    for (const date of [addDays(today, -3), addDays(today, -9)]) {
      const seeded = stored(date)
      const overtime = (rows: unknown[]) => (rows as { kind: string; user_id: string }[]).filter((r) => r.kind === 'overtime').map((r) => r.user_id)
      expect(seeded.length).toBeGreaterThan(0)
      // Rerun on the seeded rows: nothing to change.
      const rerun = await runCli(['jobs', 'run', 'dashboard.workload_alerts', '--date', date, '--tenant', summary.readableId, '--data', w.rt.config.dataDir])
      expect([rerun.code, rerun.stderr]).toEqual([0, ''])
      expect(stored(date)).toEqual(seeded)
      // From nothing: the job writes exactly the seeded alerts (count, people, kinds and figures).
      w.sqlite.prepare('delete from workload_alerts where tenant_id = ? and date = ?').run(summary.tenantId, date)
      const fresh = await runCli(['jobs', 'run', 'dashboard.workload_alerts', '--date', date, '--tenant', summary.readableId, '--data', w.rt.config.dataDir])
      expect(fresh.code).toBe(0)
      const produced = stored(date)
      expect(produced.length).toBe(seeded.length)
      expect(overtime(produced)).toEqual(overtime(seeded))
      expect(produced).toEqual(seeded)
    }
  })

  test('summarize_team_hours and get_workload_alerts name the same people for "who worked overtime last week?"', async () => {
    const ctx = systemCtx(w.rt, findTenantCtx(w.rt.db, summary.tenantId), 'mcp', now) as TenantBoundCtx
    const hours = await invoke(summarizeTeamHours, ctx, { period: 'last_week' })
    const monday = addDays(weekStart(today), -7)
    expect(hours.period_start).toBe(monday)
    const fromAlerts = new Set<string>()
    for (const date of dateRange(monday, addDays(monday, 6))) {
      const day = await invoke(getWorkloadAlerts, ctx, { date })
      for (const a of day.alerts) if (a.kind === 'overtime') fromAlerts.add(a.user_name)
    }
    const fromHours = hours.result.overtime.map((o) => o.name)
    expect(fromHours.length).toBeGreaterThan(0)
    expect([...fromHours].sort()).toEqual([...fromAlerts].sort())
    // Every name's overtime agrees with the member rows (net hours).
    for (const o of hours.result.overtime) expect(hours.result.members.find((m) => m.user_id === o.user_id)?.overtime_hours).toBe(o.overtime_hours)
  })
})
