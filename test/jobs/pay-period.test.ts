import { afterAll, describe, expect, test } from 'bun:test'
import { autoGenerateTimesheetsJob } from '../../src/modules/timesheets/jobs'
import { closePayrollPeriodsJob } from '../../src/modules/payroll/jobs'
import { submitTimesheet } from '../../src/modules/timesheets/submit-timesheet'
import { approveTimesheet } from '../../src/modules/timesheets/approve-timesheet'
import { findTenantCtx } from '../../src/modules/tenants/queries'
import { invoke } from '../../src/kernel/operation'
import type { Ctx, Role } from '../../src/kernel/ctx'
import { addDays, dateRange, localDate, zonedTimeToInstant } from '../../src/kernel/time'
import { dueDates } from '../../src/modules/jobs/runner'
import { newId } from '../../src/kernel/ids'
import { systemCtx } from '../../src/runtime'
import { jobWorld } from './seed'

const w = jobWorld()
afterAll(() => w.rt.cleanup())

const TZ = 'America/New_York'
const local = (date: string, time: string) => zonedTimeToInstant(date, time, TZ)
// Weekly pay periods; the tenant starts on Monday 1 June 2026.
const t = w.tenant({ createdAt: local('2026-06-01', '00:00'), timezone: TZ })
const ana = w.user(t.id, { name: 'Ana' })
const ben = w.user(t.id, { name: 'Ben' })
const cem = w.user(t.id, { name: 'Cem', status: 'deactivated' })
const dia = w.user(t.id, { name: 'Dia' })
for (const d of ['2026-06-01', '2026-06-02', '2026-06-03']) w.log(t.id, ana, local(d, '09:00'), local(d, '17:00'), { gapFillDone: true })
w.log(t.id, ben, local('2026-06-02', '09:00'), local('2026-06-02', '15:30'), { gapFillDone: true })
// Ben's Sunday-night shift runs past the end of the period: it belongs to the week it started in.
w.log(t.id, ben, local('2026-06-07', '22:00'), local('2026-06-08', '02:00'), { gapFillDone: true })
w.log(t.id, cem, local('2026-06-02', '09:00'), local('2026-06-02', '17:00'), { gapFillDone: true })
w.log(t.id, dia, local('2026-06-05', '09:00'), null)

/** A user-scoped key's context, as the client API builds it. */
const as = (userId: string, role: Role, now: number): Ctx => ({
  ...systemCtx(w.rt, findTenantCtx(w.rt.db, t.id), 'client', now),
  actor: { kind: 'user', keyId: 'k', keyKind: 'live', userId, role, scope: 'read_write' },
})
const sheets = () =>
  w.sqlite.query('select user_id, period_start, status, total_seconds from timesheets where tenant_id = ? order by period_start, user_id').all(t.id) as {
    user_id: string
    period_start: string
    status: string
    total_seconds: number
  }[]
const runKeys = (job: string) =>
  w.sqlite.query('select run_key, count(*) n from job_runs where job_name = ? and tenant_id = ? group by run_key order by run_key').all(job, t.id) as {
    run_key: string
    n: number
  }[]

describe('timesheets.auto_generate job', () => {
  test('waits for the grace day after the period', async () => {
    // Ana submits during the grace day; a manager approves it.
    const submitted = await invoke(submitTimesheet, as(ana, 'employee', local('2026-06-08', '10:00')), { date: '2026-06-05' })
    await invoke(approveTimesheet, as(t.ownerId, 'owner_admin', local('2026-06-08', '11:00')), { timesheet_id: submitted.timesheet.id })
    await w.tick(autoGenerateTimesheetsJob, local('2026-06-09', '00:00'))
    expect(sheets().map((s) => s.user_id)).toEqual([ana])
  })

  test('generates the timesheet of each active user with closed time logs who did not submit', async () => {
    const r = await w.tick(autoGenerateTimesheetsJob, local('2026-06-09', '00:10'))
    expect(r.error).toBeNull()
    expect(sheets()).toEqual(
      [
        { user_id: ana, period_start: '2026-06-01', status: 'approved', total_seconds: 3 * 8 * 3600 },
        { user_id: ben, period_start: '2026-06-01', status: 'auto_generated', total_seconds: 10.5 * 3600 },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    )
    const sheet = w.sqlite.query('select id from timesheets where user_id = ?').get(ben) as { id: string }
    expect(w.sqlite.query('select from_status, to_status, actor_user_id from timesheet_status_history where timesheet_id = ?').all(sheet.id)).toEqual([
      { from_status: null, to_status: 'auto_generated', actor_user_id: null },
    ])
    expect(w.count('select count(*) n from time_logs where timesheet_id = ?', sheet.id)).toBe(2)
    expect(w.events(t.id, 'timesheet.auto_generated')).toEqual([
      {
        timesheetId: sheet.id,
        userId: ben,
        userEmail: expect.stringContaining('ben'),
        periodStart: '2026-06-01',
        periodEnd: '2026-06-07',
        totalHours: 10.5,
        generatedAt: new Date(local('2026-06-09', '00:10')).toISOString(),
      },
    ])
  })

  test('running it twice changes nothing', async () => {
    const before = w.snapshot(t.id)
    await w.tick(autoGenerateTimesheetsJob, local('2026-06-09', '00:15'))
    await w.tick(autoGenerateTimesheetsJob, local('2026-06-09', '00:20'), { tenantId: t.id, date: '2026-06-07' })
    expect(w.snapshot(t.id)).toEqual(before)
  })
})

describe('payroll.period_close job', () => {
  test('closes the period after the grace day with its approved hours, once', async () => {
    await w.tick(closePayrollPeriodsJob, local('2026-06-09', '00:55'))
    expect(w.count('select count(*) n from payroll_periods where tenant_id = ?', t.id)).toBe(0)
    const r = await w.tick(closePayrollPeriodsJob, local('2026-06-09', '01:05'))
    expect(r.error).toBeNull()
    const period = w.sqlite.query('select id, period_start, period_end, status, closed_at from payroll_periods where tenant_id = ?').get(t.id) as Record<
      string,
      unknown
    >
    expect(period).toMatchObject({ period_start: '2026-06-01', period_end: '2026-06-07', status: 'closed', closed_at: local('2026-06-09', '01:05') })
    // Only Ana's timesheet is approved: Ben's auto-generated one awaits a decision.
    expect(w.events(t.id, 'payroll.period_closed')).toEqual([
      {
        payrollPeriodId: period.id,
        periodStart: '2026-06-01',
        periodEnd: '2026-06-07',
        userCount: 1,
        totalHours: 24,
        closedAt: new Date(local('2026-06-09', '01:05')).toISOString(),
      },
    ])
    const before = w.snapshot(t.id)
    await w.tick(closePayrollPeriodsJob, local('2026-06-09', '01:10'), { tenantId: t.id, date: '2026-06-07' })
    expect(w.snapshot(t.id)).toEqual(before)
  })
})

describe('pay-period jobs after a downtime', () => {
  test('each missed tenant-day runs exactly once and the open period a pay run created is the one closed', async () => {
    w.log(t.id, ben, local('2026-06-10', '09:00'), local('2026-06-10', '17:00'), { gapFillDone: true })
    // A pay run over the second week made its period row (open) before the downtime.
    const openId = newId()
    w.sqlite
      .prepare("insert into payroll_periods (id, tenant_id, period_start, period_end, status, created_at) values (?, ?, '2026-06-08', '2026-06-14', 'open', ?)")
      .run(openId, t.id, local('2026-06-12', '12:00'))
    // Ticks ran until Sunday 14 June 23:55, then the server was down until Wednesday 17 June 10:00:
    // the 13th, 14th (the end of the second week) and 15th fall due at once.
    for (const job of [autoGenerateTimesheetsJob, closePayrollPeriodsJob]) {
      await w.tick(job, local('2026-06-14', '23:55'))
      const r = await w.tick(job, local('2026-06-17', '10:00'))
      expect([r.error, r.outcome?.processed]).toEqual([null, 3])
      expect((await w.tick(job, local('2026-06-17', '10:05'))).outcome?.processed).toBe(0)
      expect(runKeys(job.name)).toEqual(dateRange('2026-06-01', '2026-06-15').map((run_key) => ({ run_key, n: 1 })))
    }
    expect(sheets().filter((s) => s.period_start === '2026-06-08')).toEqual([
      { user_id: ben, period_start: '2026-06-08', status: 'auto_generated', total_seconds: 8 * 3600 },
    ])
    const periods = w.sqlite.query('select id, status from payroll_periods where tenant_id = ? order by period_start').all(t.id) as {
      id: string
      status: string
    }[]
    expect(periods.map((p) => p.status)).toEqual(['closed', 'closed'])
    expect(periods[1]!.id).toBe(openId)
    expect(w.events(t.id, 'payroll.period_closed').map((e) => [e.periodStart, e.userCount])).toEqual([
      ['2026-06-01', 1],
      ['2026-06-08', 0],
    ])
  })
})

describe('jobs due after a grace day across DST', () => {
  for (const [zone, dstDay] of [
    ['Europe/Berlin', '2026-10-25'],
    ['America/New_York', '2026-03-08'],
  ] as const) {
    test(`a date falls due once, two local days later, around ${zone} ${dstDay}`, () => {
      const tenant = { timezone: zone, createdAt: Date.parse('2026-01-01T00:00:00Z') }
      const done = new Set<string>()
      const ran: [string, string][] = []
      const from = zonedTimeToInstant(addDays(dstDay, -2), '00:00', zone)
      const until = zonedTimeToInstant(addDays(dstDay, 3), '00:00', zone)
      for (let now = from; now < until; now += 5 * 60_000) {
        for (const d of dueDates(tenant, now, 7, '01:00', done, 2)) {
          if (d >= addDays(dstDay, -3)) ran.push([d, localDate(now, zone)])
          done.add(d)
        }
      }
      expect(ran).toEqual([-3, -2, -1, 0].map((k) => [addDays(dstDay, k), addDays(dstDay, k + 2)]))
    })
  }
})
