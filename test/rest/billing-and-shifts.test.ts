import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import type { TestServer } from '../helpers/server'
import { createKeyFixture } from '../helpers/fixtures'
import { expectPage, restClient, type restTenant } from './helpers/api'
import { startTwoOrgs, WEEK, type Org } from './helpers/org'

// Real servers and CLI processes on a shared machine: give hooks and tests room (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>
let other: Awaited<ReturnType<typeof restTenant>>
let org: Org
let otherOrg: Org

beforeAll(async () => {
  ;({ server, acme, other, org, otherOrg } = await startTwoOrgs())
})
afterAll(() => server.stop())

describe('billing', () => {
  test('GET /billing shows plan, seats in use and the subscription', async () => {
    const res = await acme.ro.get('/billing')
    expect(res.status).toBe(200)
    expect(res.body.plan).toMatchObject({ id: 'business', name: 'Business', rest_access: true, currency: 'USD' })
    expect(res.body.plan.features).toContain('rest_api')
    // Owner, Alice, Bob and Carol are active; Dave is deactivated.
    expect(res.body.subscription).toMatchObject({ status: 'active', seats: 1, seats_used: 4, seats_available: -3, trial_ends_at: null, trial_days_left: null })
  })

  test('GET /billing/invoices lists the tenant’s invoices newest first; one invoice by id', async () => {
    const res = await acme.ro.get('/billing/invoices')
    expectPage(res.body)
    expect(res.body.data.map((i: any) => [i.number, i.status])).toEqual([
      ['INV-1002', 'open'],
      ['INV-1001', 'paid'],
    ])
    const paid = await acme.ro.get('/billing/invoices?status=paid')
    expect(paid.body.data).toHaveLength(1)
    const one = await acme.ro.get(`/billing/invoices/${org.invoices[0]}`)
    expect(one.body).toMatchObject({ id: org.invoices[0], number: 'INV-1001', amount_cents: 20_400, currency: 'USD', paid_at: expect.stringMatching(/Z$/) })
  })

  test('another tenant’s invoice is 404', async () => {
    expect((await acme.ro.get(`/billing/invoices/${otherOrg.invoices[0]}`)).status).toBe(404)
  })

  test('billing cannot be changed through the API: no write route exists', async () => {
    const res = await acme.rw.post('/billing', { plan: 'enterprise' })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('not_found')
    expect((await acme.ro.get('/billing')).body.plan.id).toBe('business')
  })

  test('needs an Admin token: a Manager token is forbidden', async () => {
    const key = await createKeyFixture(server, acme.tenant, { kind: 'api', role: 'manager', scope: 'read' })
    const res = await restClient(server, key.key).get('/billing')
    expect(res.status).toBe(403)
    expect(res.body.error.message).toContain('Admin')
  })
})

describe('shifts', () => {
  test('GET /shifts/templates lists templates with paid hours and weekdays', async () => {
    const res = await acme.ro.get('/shifts/templates')
    expectPage(res.body)
    expect(res.body.data.map((t: any) => [t.name, t.start_time, t.end_time, t.overnight, t.paid_hours, t.days_of_week])).toEqual([
      ['Early', '07:00', '15:30', false, 8, [1, 2, 3, 4, 5]],
      ['Night', '22:00', '06:00', true, 7.5, [6, 7]],
    ])
    const one = await acme.ro.get(`/shifts/templates/${org.templates.night}`)
    expect(one.body.name).toBe('Night')
    expect((await other.ro.get(`/shifts/templates/${org.templates.night}`)).status).toBe(404)
  })

  test('GET /shifts/schedules gives a user’s schedule over a date range', async () => {
    // The fixed week only: the fixture also adds shifts around now (for /shifts/upcoming), which a
    // wider range catches when the clock is near it (a sweep at 2026-10-26 did).
    const res = await acme.ro.get(`/shifts/schedules?user_id=${org.users.alice}&from=${WEEK.start}&to=${WEEK.end}`)
    expect(res.status).toBe(200)
    expect(res.body.data.map((s: any) => [s.date, s.template_name, s.user_name, s.status, s.paid_hours])).toEqual([
      ['2026-10-05', 'Early', 'Alice', 'scheduled', 8],
      ['2026-10-06', 'Early', 'Alice', 'scheduled', 8],
    ])
    expect(res.body.data[0].starts_at).toBe('2026-10-05T07:00:00.000Z')
  })

  test('schedules filter by team and status', async () => {
    const support = await acme.ro.get(`/shifts/schedules?team_id=${org.teams.support}&from=${WEEK.start}&to=${WEEK.end}`)
    expect(support.body.data.map((s: any) => [s.user_name, s.status])).toEqual([['Bob', 'cancelled']])
    const scheduled = await acme.ro.get(`/shifts/schedules?from=${WEEK.start}&to=${WEEK.end}&status=scheduled`)
    expect(scheduled.body.pagination.total).toBe(2)
  })

  test('refuses ranges that are backwards or longer than 93 days', async () => {
    expect((await acme.ro.get('/shifts/schedules?from=2026-10-10&to=2026-10-01')).status).toBe(400)
    const long = await acme.ro.get('/shifts/schedules?from=2026-01-01&to=2026-12-31')
    expect(long.status).toBe(400)
    expect(long.body.error.message).toContain('93 days')
  })

  test('GET /shifts/upcoming lists shifts not over yet (in progress included), optionally per person', async () => {
    const res = await acme.ro.get('/shifts/upcoming')
    expect(res.status).toBe(200)
    const rows = res.body.data.map((s: any) => [s.user_name, s.template_name])
    expect(rows).toEqual([
      ['Alice', 'Early'],
      ['Alice', 'Early'],
      ['Bob', 'Night'],
    ])
    for (const s of res.body.data) expect(Date.parse(s.ends_at)).toBeGreaterThan(Date.now() - 5_000)
    const bob = await acme.ro.get(`/shifts/upcoming?user_id=${org.users.bob}`)
    expect(bob.body.data.map((s: any) => s.template_name)).toEqual(['Night'])
  })

  test('a person or team of another tenant is 404, never an empty list', async () => {
    expect((await acme.ro.get(`/shifts/upcoming?user_id=${otherOrg.users.alice}`)).status).toBe(404)
    expect((await acme.ro.get(`/shifts/schedules?team_id=${otherOrg.teams.eng}`)).status).toBe(404)
  })
})
