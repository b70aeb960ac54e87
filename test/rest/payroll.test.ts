import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { randomUUID } from 'node:crypto'
import { startServer, type TestServer } from '../helpers/server'
import { payRuns } from '../../src/db/schema'
import { expectPage, restTenant } from './helpers/api'
import { outbox, seedOrg, tenantIdOf, WEEK, withDb, type Org } from './helpers/org'

// Real servers and CLI processes on a shared machine: give hooks and tests room (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>
let other: Awaited<ReturnType<typeof restTenant>>
let org: Org
const week = `period_start=${WEEK.start}&period_end=${WEEK.end}`

beforeAll(async () => {
  server = await startServer()
  acme = await restTenant(server)
  other = await restTenant(server)
  org = seedOrg(server, acme.tenant)
  seedOrg(server, other.tenant)
})
afterAll(() => server.stop())

async function untilReady(id: string): Promise<any> {
  for (let i = 0; i < 200; i++) {
    const res = await acme.ro.get(`/payroll/pay-runs/${id}`)
    if (res.body.status === 'ready' || res.body.status === 'failed') return res.body
    await Bun.sleep(50)
  }
  throw new Error('pay run never finished')
}

describe('GET /api/v1/payroll/calculations', () => {
  test('pays approved hours with weekly overtime at the most specific rate card', async () => {
    const res = await acme.ro.get(`/payroll/calculations?${week}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ period_start: WEEK.start, period_end: WEEK.end, currency: 'USD' })
    expect(res.body.totals).toEqual({ users: 2, regular_hours: 60, overtime_hours: 8.5, total_hours: 68.5, amount_cents: 142_500 + 101_000 })
    const [alice, bob] = res.body.data
    // Alice: 45 h against 40 h; Engineering team card 30.00 beats the tenant default.
    expect(alice).toMatchObject({
      user_id: org.users.alice,
      regular_hours: 40,
      overtime_hours: 5,
      total_hours: 45,
      contracted_weekly_hours: 40,
      hourly_rate_cents: 3000,
      overtime_multiplier: 1.5,
      regular_amount_cents: 120_000,
      overtime_amount_cents: 22_500,
      amount_cents: 142_500,
      rate_source: 'team',
      rate_card_id: org.rateCards.engTeam,
      cost_center_id: org.costCenters.eng,
      currency: 'USD',
    })
    // Bob: 24 h minus a 30 min break against a 20 h contract; his own card beats the support profile card.
    expect(bob).toMatchObject({
      user_id: org.users.bob,
      regular_hours: 20,
      overtime_hours: 3.5,
      hourly_rate_cents: 4000,
      amount_cents: 80_000 + 21_000,
      rate_source: 'user',
      cost_center_id: org.costCenters.ops,
    })
    expect(res.body.data.some((l: any) => l.user_id === org.users.carol)).toBe(false) // submitted, not approved
  })

  test('narrows to one person or one team, and pages', async () => {
    const bob = await acme.ro.get(`/payroll/calculations?${week}&user_id=${org.users.bob}`)
    expect(bob.body.data.map((l: any) => l.name)).toEqual(['Bob'])
    expect(bob.body.totals.users).toBe(1)
    const eng = await acme.ro.get(`/payroll/calculations?${week}&team_id=${org.teams.eng}`)
    expect(eng.body.data.map((l: any) => l.name)).toEqual(['Alice'])
    const page = await acme.ro.get(`/payroll/calculations?${week}&page_size=1&page=2`)
    expect(page.body.data.map((l: any) => l.name)).toEqual(['Bob'])
    expect(page.body.pagination).toEqual({ page: 2, page_size: 1, total: 2, has_more: false, next_page: null })
  })

  test('says which period fields are missing or wrong', async () => {
    const none = await acme.ro.get('/payroll/calculations')
    expect(none.status).toBe(400)
    expect(none.body.error.details.field).toBe('period_start')
    const backwards = await acme.ro.get('/payroll/calculations?period_start=2026-10-11&period_end=2026-10-05')
    expect(backwards.body.error.details.field).toBe('period_end')
    const tooLong = await acme.ro.get('/payroll/calculations?period_start=2025-01-01&period_end=2026-06-30')
    expect(tooLong.status).toBe(400)
  })

  test('another tenant sees none of these people; their ids answer 404', async () => {
    const theirs = await other.ro.get(`/payroll/calculations?${week}&user_id=${org.users.alice}`)
    expect(theirs.status).toBe(404)
  })
})

describe('GET /api/v1/payroll/cost-centers', () => {
  test('groups hours and pay by cost center (own, else the primary team’s)', async () => {
    const res = await acme.ro.get(`/payroll/cost-centers?${week}`)
    expect(res.status).toBe(200)
    expectPage(res.body)
    expect(res.body.data).toEqual([
      {
        cost_center_id: org.costCenters.eng,
        code: 'CC-ENG',
        name: 'Engineering',
        users: 1,
        regular_hours: 40,
        overtime_hours: 5,
        total_hours: 45,
        amount_cents: 142_500,
      },
      {
        cost_center_id: org.costCenters.ops,
        code: 'CC-OPS',
        name: 'Operations',
        users: 1,
        regular_hours: 20,
        overtime_hours: 3.5,
        total_hours: 23.5,
        amount_cents: 101_000,
      },
    ])
    expect(res.body.totals.amount_cents).toBe(243_500)
  })
})

describe('GET /api/v1/payroll/rate-cards', () => {
  test('lists cards with what they apply to, filtered by user', async () => {
    const all = await acme.ro.get('/payroll/rate-cards')
    expectPage(all.body)
    expect(all.body.data.map((c: any) => c.applies_to).sort()).toEqual(['team', 'tenant_default', 'user', 'work_profile'])
    const bob = await acme.ro.get(`/payroll/rate-cards?user_id=${org.users.bob}`)
    expect(bob.body.data).toEqual([
      expect.objectContaining({ id: org.rateCards.bob, hourly_rate_cents: 4000, currency: 'USD', effective_from: '2026-01-01', effective_to: null }),
    ])
    expect((await acme.ro.get('/payroll/rate-cards?active_on=2025-06-01')).body.data).toEqual([])
  })
})

describe('pay-run exports', () => {
  let run: any
  test('POST /payroll/pay-runs answers 202 with a queued run, then the CSV is produced in the background', async () => {
    const res = await acme.rw.post('/payroll/pay-runs', { period_start: WEEK.start, period_end: WEEK.end })
    expect(res.status).toBe(202)
    expect(res.body).toMatchObject({ status: 'queued', format: 'csv', period_start: WEEK.start, period_end: WEEK.end, download_url: null })
    run = await untilReady(res.body.id)
    expect(run).toMatchObject({ status: 'ready', row_count: 2, total_amount_cents: 243_500, download_url: `/api/v1/payroll/pay-runs/${res.body.id}/download` })
    expect(run.checksum).toMatch(/^[0-9a-f]{64}$/)
  })

  test('the download is text/csv with one line per person', async () => {
    const res = await acme.ro.get(`/payroll/pay-runs/${run.id}/download`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('text/csv')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="pay-run-${WEEK.start}-to-${WEEK.end}.csv"`)
    expect(res.headers.get('x-ratelimit-remaining-hour')).not.toBeNull()
    const lines = res.text.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'user_id,name,email,cost_center_code,regular_hours,overtime_hours,total_hours,hourly_rate,overtime_multiplier,regular_amount,overtime_amount,adjustment_hours,adjustment_amount,absence_hours,absence_amount,gross_amount,currency',
    )
    expect(lines).toHaveLength(3)
    expect(lines[1]).toStartWith(`${org.users.alice},Alice,`)
    expect(lines[1]).toEndWith(',CC-ENG,40.00,5.00,45.00,30.00,1.5,1200.00,225.00,0.00,0.00,0.00,0.00,1425.00,USD')
    expect(new Bun.CryptoHasher('sha256').update(res.text).digest('hex')).toBe(run.checksum)
  })

  test('emits payroll.export_ready with the download link', () => {
    const ready = outbox(server, acme.tenant).filter((e) => e.type === 'payroll.export_ready')
    expect(ready.map((e) => e.data)).toEqual([
      expect.objectContaining({ payRunId: run.id, rowCount: 2, totalAmountCents: 243_500, currency: 'USD', downloadUrl: run.download_url }),
    ])
  })

  test('the dates became a payroll period; a second run of it reuses the period', async () => {
    const periods = await acme.ro.get('/payroll/periods')
    expect(periods.body.data).toEqual([expect.objectContaining({ id: run.payroll_period_id, period_start: WEEK.start, period_end: WEEK.end, status: 'open' })])
    const second = await acme.rw.post('/payroll/pay-runs', { payroll_period_id: run.payroll_period_id })
    expect(second.body.payroll_period_id).toBe(run.payroll_period_id)
    await untilReady(second.body.id)
    const runs = await acme.ro.get(`/payroll/pay-runs?payroll_period_id=${run.payroll_period_id}`)
    expect(runs.body.pagination.total).toBe(2)
    const calc = await acme.ro.get(`/payroll/calculations?payroll_period_id=${run.payroll_period_id}`)
    expect(calc.body.totals.amount_cents).toBe(243_500)
  })

  test('dates overlapping an existing period start with another end are a conflict', async () => {
    const res = await acme.rw.post('/payroll/pay-runs', { period_start: WEEK.start, period_end: '2026-10-31' })
    expect(res.status).toBe(409)
    expect(res.body.error.details.payroll_period_id).toBe(run.payroll_period_id)
  })

  test('a run that is not ready answers 409 on download; the job resumes a queued run left by a restart', async () => {
    const ids = withDb(server, (db) => {
      const tenantId = tenantIdOf(db, acme.tenant)
      const periodId = run.payroll_period_id as string
      const busy = randomUUID()
      const orphan = randomUUID()
      db.insert(payRuns).values({ id: busy, tenantId, payrollPeriodId: periodId, status: 'processing', requestedAt: Date.now() }).run()
      db.insert(payRuns)
        .values({ id: orphan, tenantId, payrollPeriodId: periodId, status: 'queued', requestedAt: Date.now() - 60_000 })
        .run()
      return { busy, orphan }
    })
    const res = await acme.ro.get(`/payroll/pay-runs/${ids.busy}/download`)
    expect(res.status).toBe(409)
    expect(res.body.error).toMatchObject({ code: 'conflict', details: { status: 'processing' } })
    const resumed = await (async () => {
      for (let i = 0; i < 300; i++) {
        const r = await acme.ro.get(`/payroll/pay-runs/${ids.orphan}`)
        if (r.body.status === 'ready') return r.body
        await Bun.sleep(100)
      }
      return null
    })()
    expect(resumed).toMatchObject({ status: 'ready', row_count: 2 })
  })

  test('needs a read_write token; another tenant’s run is 404', async () => {
    expect((await acme.ro.post('/payroll/pay-runs', { period_start: WEEK.start, period_end: WEEK.end })).status).toBe(403)
    expect((await other.ro.get(`/payroll/pay-runs/${run.id}`)).status).toBe(404)
    expect((await other.ro.get(`/payroll/pay-runs/${run.id}/download`)).status).toBe(404)
    expect((await other.rw.post('/payroll/pay-runs', { payroll_period_id: run.payroll_period_id })).status).toBe(404)
  })
})
