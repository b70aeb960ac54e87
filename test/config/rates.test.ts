/**
 * Rates through the real CLI (`workforce rates …`) and the real REST API: a tenant in EUR with a
 * raise in the middle of a two-week period, paid per day at its rate with overtime premium and an
 * unpaid break deducted, compared with values computed by hand here.
 *
 * Stand-in, named: the approved time logs of past days are written into the server's database file
 * (test/rest/helpers/org.ts withDb); test/config/company-from-zero.test.ts drives attendance over the
 * client API instead, on a faked clock. Settings go through `workforce settings set`. Everything
 * checked is read over HTTP or the CLI.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { randomUUID } from 'node:crypto'
import { breaks, timeLogs, timesheets } from '../../src/db/schema'
import { startServer, type TestServer } from '../helpers/server'
import { createUserFixture } from '../helpers/fixtures'
import { restTenant } from '../rest/helpers/api'
import { bookProjectTime, tenantIdOf, withDb } from '../rest/helpers/org'

setDefaultTimeout(120_000)

const HOUR = 3_600_000
let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>
let ana: { id: string; email: string }
let ben: { id: string; email: string }
let cleo: { id: string; email: string }

const rates = async (args: string[]) => {
  const res = await server.cli(['rates', ...args, '--tenant', acme.tenant, '--json'])
  return { ...res, out: res.stdout ? JSON.parse(res.stdout) : null }
}
const auditRows = async () => {
  const res = await server.cli(['audit', 'list', '--tenant', acme.tenant, '--json', '--page-size', '100'])
  expect(res.code).toBe(0)
  return JSON.parse(res.stdout).data as { action: string; entity_id: string; before: any; after: any }[]
}

/** Approved timesheets with one closed log a day from 08:00 UTC (hours per date), optional break on one date. */
function work(userId: string, days: Record<string, number>, breakOn?: { date: string; minutes: number }) {
  withDb(server, (db) => {
    const tenantId = tenantIdOf(db, acme.tenant)
    const sheets = new Map<string, string>()
    for (const [date, h] of Object.entries(days)) {
      const weekStart = date < '2026-11-09' ? '2026-11-02' : '2026-11-09'
      if (!sheets.has(weekStart)) {
        const id = randomUUID()
        sheets.set(weekStart, id)
        const end = weekStart === '2026-11-02' ? '2026-11-08' : '2026-11-15'
        db.insert(timesheets)
          .values({
            id,
            tenantId,
            userId,
            periodStart: weekStart,
            periodEnd: end,
            status: 'approved',
            totalSeconds: 0,
            createdAt: Date.now(),
            updatedAt: Date.now(),
          })
          .run()
      }
      const start = Date.parse(`${date}T08:00:00Z`)
      const logId = randomUUID()
      db.insert(timeLogs)
        .values({
          id: logId,
          tenantId,
          userId,
          clockInAt: start,
          clockOutAt: start + h * HOUR,
          status: 'closed',
          source: 'seed',
          timesheetId: sheets.get(weekStart)!,
          createdAt: start,
        })
        .run()
      if (breakOn?.date === date) {
        db.insert(breaks)
          .values({
            id: randomUUID(),
            tenantId,
            userId,
            timeLogId: logId,
            kind: 'break',
            startedAt: start + 4 * HOUR,
            endedAt: start + 4 * HOUR + breakOn.minutes * 60_000,
          })
          .run()
      }
    }
  })
}

beforeAll(async () => {
  server = await startServer()
  acme = await restTenant(server)
  ana = await createUserFixture(server, acme.tenant, { name: 'Ana', email: `ana.${Date.now()}@rates.test` })
  ben = await createUserFixture(server, acme.tenant, { name: 'Ben', role: 'manager', email: `ben.${Date.now()}@rates.test` })
  cleo = await createUserFixture(server, acme.tenant, { name: 'Cleo', team: 'Platform', email: `cleo.${Date.now()}@rates.test` })
  const settings = await server.cli([
    'settings',
    'set',
    '--tenant',
    acme.tenant,
    '--currency',
    'EUR',
    '--pay-overtime-daily-hours',
    '8',
    '--pay-overtime-weekly-hours',
    'null',
    '--week-start',
    '1',
    '--overtime-multiplier',
    '1.5',
  ])
  expect(settings.code).toBe(0)
})
afterAll(() => server.stop())

describe('workforce rates: set, defaults, history, refusals, audit', () => {
  test('defaults per tenant, role and team, and a person’s rate with a raise that ends the previous one', async () => {
    const tenantDefault = await rates(['default', '--hourly-rate-cents', '2000', '--effective-from', '2026-01-01'])
    expect(tenantDefault.code).toBe(0)
    expect(tenantDefault.out.rate_card).toMatchObject({
      applies_to: 'tenant_default',
      hourly_rate_cents: 2000,
      currency: 'EUR',
      overtime_multiplier: 1.5,
      overtime_multiplier_source: 'tenant',
    })
    const role = await rates(['default', '--role', 'manager', '--hourly-rate-cents', '4000', '--overtime-multiplier', '2', '--effective-from', '2026-01-01'])
    expect(role.out.rate_card).toMatchObject({ applies_to: 'role', role: 'manager', overtime_multiplier: 2, overtime_multiplier_source: 'card' })
    const team = await rates(['default', '--team-id', 'Platform', '--hourly-rate-cents', '2200', '--effective-from', '2026-01-01'])
    expect(team.code).toBe(0)
    expect(team.out.rate_card.applies_to).toBe('team')

    const first = await rates(['set', '--user-id', ana.email, '--hourly-rate-cents', '2500', '--effective-from', '2026-10-01'])
    expect(first.code).toBe(0)
    expect(first.out.ended).toEqual([])
    const raise = await rates(['set', '--user-id', ana.email, '--hourly-rate-cents', '3000', '--effective-from', '2026-11-09', '--reason', 'annual raise'])
    expect(raise.code).toBe(0)
    expect(raise.out.rate_card).toMatchObject({ user_id: ana.id, hourly_rate_cents: 3000, effective_from: '2026-11-09', effective_to: null, currency: 'EUR' })
    expect(raise.out.ended).toEqual([expect.objectContaining({ id: first.out.rate_card.id, effective_from: '2026-10-01', effective_to: '2026-11-08' })])

    const history = await rates(['history', '--user-id', ana.email, '--on', '2026-11-05'])
    expect(history.out.applies).toEqual({ rate_card_id: first.out.rate_card.id, rate_source: 'user', hourly_rate_cents: 2500 })
    expect(history.out.data.map((c: any) => [c.hourly_rate_cents, c.effective_from, c.effective_to])).toEqual([
      [2500, '2026-10-01', '2026-11-08'],
      [3000, '2026-11-09', null],
    ])
    const human = await server.cli(['rates', 'history', '--tenant', acme.tenant, '--user-id', ana.email, '--on', '2026-11-10'])
    expect(human.stdout).toContain('30/h from user')

    const audit = await auditRows()
    expect(audit.filter((a) => a.action === 'pay_rate.created')).toHaveLength(5)
    const ended = audit.find((a) => a.action === 'pay_rate.ended')!
    expect(ended).toMatchObject({ entity_id: first.out.rate_card.id, before: { effective_to: null }, after: { effective_to: '2026-11-08' } })
  })

  test('a rate in the wrong currency, a negative rate and an overlapping rate are refused by field; nothing is written', async () => {
    const before = (await auditRows()).length
    const currency = await rates(['set', '--user-id', ana.email, '--hourly-rate-cents', '3100', '--effective-from', '2026-12-01', '--currency', 'USD'])
    expect(currency.code).not.toBe(0)
    expect(currency.out.error).toMatchObject({ code: 'invalid_argument', details: { field: 'currency' } })
    const negative = await rates(['set', '--user-id', ana.email, '--hourly-rate-cents=-5', '--effective-from', '2026-12-01'])
    expect(negative.code).not.toBe(0)
    expect(negative.out.error.code).toBe('invalid_argument')
    expect(negative.out.error.message).toContain('--hourly-rate-cents')
    const overlap = await rates(['set', '--user-id', ana.email, '--hourly-rate-cents', '2800', '--effective-from', '2026-11-01'])
    expect(overlap.code).not.toBe(0)
    expect(overlap.out.error).toMatchObject({ code: 'conflict', details: { field: 'effective_from' } })
    const history = await rates(['history', '--user-id', ana.email])
    expect(history.out.data).toHaveLength(2)
    expect((await auditRows()).length).toBe(before)
  })

  test('ending a rate is audited; an end date is never extended', async () => {
    const history = await rates(['history', '--user-id', ana.email])
    const first = history.out.data[0]
    const extend = await rates(['end', '--rate-card-id', first.id, '--effective-to', '2026-11-20'])
    expect(extend.code).not.toBe(0)
    expect(extend.out.error.details.field).toBe('effective_to')
    const current = history.out.data[1]
    const end = await rates(['end', '--rate-card-id', current.id, '--effective-to', '2026-11-30', '--reason', 'contract ends'])
    expect(end.code).toBe(0)
    expect(end.out).toMatchObject({ id: current.id, effective_to: '2026-11-30' })
    const row = (await auditRows()).find((a) => a.action === 'pay_rate.ended' && a.entity_id === current.id)
    expect(row).toMatchObject({ before: { effective_to: null }, after: { effective_to: '2026-11-30' } })
    const december = await rates(['history', '--user-id', ana.email, '--on', '2026-12-01'])
    expect(december.out.applies).toMatchObject({ rate_source: 'tenant_default', hourly_rate_cents: 2000 })
  })
})

describe('GET /api/v1/payroll/calculations in EUR with the raise', () => {
  test('pays each day at its rate, with daily and weekly overtime and the unpaid break deducted', async () => {
    // Ana, period Mon 2 – Sun 15 Nov 2026, 40 h contract, daily threshold 8 h, multiplier 1.5.
    // Week 1 at 25.00: Mon 10, Tue 9, Wed 8, Thu 8, Fri 8 with a 30 min unpaid break (7.5).
    //   Daily overtime Mon 2 + Tue 1 = 3 h; regular 8+8+8+8+7.5 = 39.5 h ≤ 40: no weekly overtime.
    //   Regular 39.5 × 25.00 = 987.50; overtime 3 × 25.00 × 1.5 = 112.50.
    // Week 2 at 30.00 (the raise from Mon 9): Mon–Fri 9 h, Sat 4 h.
    //   Daily overtime 1 h × 5 = 5 h; regular 8 × 5 = 40 h, so Saturday's 4 h are weekly overtime: 9 h.
    //   Regular 40 × 30.00 = 1 200.00; overtime 9 × 30.00 × 1.5 = 405.00.
    work(
      ana.id,
      {
        '2026-11-02': 10,
        '2026-11-03': 9,
        '2026-11-04': 8,
        '2026-11-05': 8,
        '2026-11-06': 8,
        '2026-11-09': 9,
        '2026-11-10': 9,
        '2026-11-11': 9,
        '2026-11-12': 9,
        '2026-11-13': 9,
        '2026-11-14': 4,
      },
      { date: '2026-11-06', minutes: 30 },
    )
    // Ben (manager): role rate 40.00 with its own multiplier 2. Mon 10 h: 8 × 40.00 + 2 × 40.00 × 2.
    work(ben.id, { '2026-11-03': 10 })
    // Cleo (Platform): team rate 22.00. 6 h.
    work(cleo.id, { '2026-11-10': 6 })

    const res = await acme.ro.get('/payroll/calculations?period_start=2026-11-02&period_end=2026-11-15')
    expect(res.status).toBe(200)
    expect(res.body.currency).toBe('EUR')
    const line = (id: string) => res.body.data.find((l: any) => l.user_id === id)
    expect(line(ana.id)).toMatchObject({
      regular_hours: 79.5,
      overtime_hours: 12,
      total_hours: 91.5,
      hourly_rate_cents: 3000,
      overtime_multiplier: 1.5,
      regular_amount_cents: 98_750 + 120_000,
      overtime_amount_cents: 11_250 + 40_500,
      amount_cents: 270_500,
      currency: 'EUR',
      rate_source: 'user',
    })
    expect(
      line(ana.id).rate_segments.map((s: any) => [
        s.from,
        s.to,
        s.hourly_rate_cents,
        s.regular_hours,
        s.overtime_hours,
        s.regular_amount_cents,
        s.overtime_amount_cents,
      ]),
    ).toEqual([
      ['2026-11-02', '2026-11-06', 2500, 39.5, 3, 98_750, 11_250],
      ['2026-11-09', '2026-11-14', 3000, 40, 9, 120_000, 40_500],
    ])
    expect(line(ben.id)).toMatchObject({
      regular_hours: 8,
      overtime_hours: 2,
      hourly_rate_cents: 4000,
      overtime_multiplier: 2,
      amount_cents: 32_000 + 16_000,
      rate_source: 'role',
    })
    expect(line(cleo.id)).toMatchObject({ regular_hours: 6, overtime_hours: 0, amount_cents: 13_200, rate_source: 'team' })
    expect(res.body.totals.amount_cents).toBe(270_500 + 48_000 + 13_200)
  })
})

describe('project bill rates', () => {
  test('a bill rate from a date values that project’s hours from that day; history, refusals and audit', async () => {
    const created = await acme.rw.post('/projects', { name: 'Atlas', bill_rate_cents: 8000, budget_amount_cents: 1_000_000 })
    expect(created.status).toBe(201)
    const projectId = created.body.project_id ?? created.body.id
    const wrong = await rates(['bill', '--project-id', 'Atlas', '--hourly-rate-cents', '9000', '--effective-from', '2026-11-09', '--currency', 'USD'])
    expect(wrong.out.error.details.field).toBe('currency')
    const bill = await rates(['bill', '--project-id', 'Atlas', '--hourly-rate-cents', '9000', '--effective-from', '2026-11-09'])
    expect(bill.code).toBe(0)
    expect(bill.out.bill_rate).toMatchObject({ project_id: projectId, hourly_rate_cents: 9000, currency: 'EUR', effective_from: '2026-11-09' })
    const overlap = await rates(['bill', '--project-id', 'Atlas', '--hourly-rate-cents', '9500', '--effective-from', '2026-11-09'])
    expect(overlap.out.error.details.field).toBe('effective_from')
    const history = await rates(['bill-history', '--project-id', 'Atlas'])
    expect(history.out).toMatchObject({ flat_bill_rate_cents: 8000, data: [expect.objectContaining({ hourly_rate_cents: 9000 })] })

    // 3 h before the bill rate (project flat rate 80.00) and 2 h after (90.00): 240.00 + 180.00.
    bookProjectTime(server, acme.tenant, ana.id, projectId, 3, '2026-11-05')
    bookProjectTime(server, acme.tenant, ana.id, projectId, 2, '2026-11-10')
    const budget = await acme.ro.get(`/projects/${projectId}/budget`)
    expect(budget.body).toMatchObject({ currency: 'EUR', used_hours: 5, used_amount_cents: 42_000, valued_with: 'project_bill_rate' })
    expect((await auditRows()).filter((a) => a.action === 'bill_rate.created').map((a) => a.entity_id)).toEqual([bill.out.bill_rate.id])
  })
})
