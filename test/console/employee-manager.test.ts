import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import { Value } from '@sinclair/typebox/value'
import { EVENT_CATALOG } from '../../src/modules/webhooks/catalog'
import { createKeyFixture, createUserFixture } from '../helpers/fixtures'
import type { TestServer } from '../helpers/server'
import type { Receiver } from '../webhooks/receiver'
import { type ConsoleHarness, checkPage, startConsole } from './harness'

// The employee and manager pages of the console (issue 15, items 3 and 4) in real Chromium against a
// real server, a real SMTP sink (passwords are set through "forgot password") and a real webhook receiver.
setDefaultTimeout(120_000)

const HQ = { latitude: 52.52, longitude: 13.405 }
const TZ = 'Europe/Berlin'

let h: ConsoleHarness
let receiver: Receiver
let server: TestServer
let db: Database
let tenant: string
let employee: { id: string; email: string }
let colleague: { id: string; email: string }
let third: { id: string; email: string }
let missing: { id: string; email: string }
let manager: { id: string; email: string }
let outsider: { id: string; email: string }
const tab = () => h.tab()

const ok = async (args: string[]) => {
  const res = await server.cli(args)
  expect({ args, code: res.code, stderr: res.stderr }).toEqual({ args, code: 0, stderr: expect.any(String) })
  return res
}

const signedIn = (email: string, opts?: Parameters<ConsoleHarness['tab']>[0]) => h.signedIn(email, opts)

const sheetOf = (userId: string) =>
  db.query('select id, status, rejection_reason as reason from timesheets where user_id = ? order by period_start desc').get(userId) as {
    id: string
    status: string
    reason: string | null
  } | null

/** The local hour in the company's zone, for a shift running now. */
const berlinHour = () => Number(new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', hourCycle: 'h23' }).format(new Date()))
const berlinDate = (offsetDays = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(Date.now() + offsetDays * 86_400_000))
const hh = (h: number) => `${String(((h % 24) + 24) % 24).padStart(2, '0')}:00`

/** Submits a person's timesheet through the client API with a key bound to them (as the mobile app does). */
async function submitViaClient(email: string): Promise<void> {
  const { key } = await createKeyFixture(server, tenant, { user: email })
  const res = await fetch(`${server.url}/api/v1/client/timesheets/submit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{}',
  })
  expect(res.status).toBe(200)
}

beforeAll(async () => {
  h = await startConsole({ smtp: true, receiver: true })
  ;({ receiver, server, db } = h)
  tenant = (await h.createTenant({ name: 'People & Co', domain: 'people.test', timezone: TZ })).tenant
  await ok(['offices', 'add', '--tenant', tenant, '--name', 'HQ', '--lat', String(HQ.latitude), '--lon', String(HQ.longitude), '--radius', '200'])
  await ok(['offices', 'policy', 'enforce', '--tenant', tenant, '--presence-tap-minutes', '30'])
  await ok(['teams', 'create', '--tenant', tenant, 'Ops'])
  employee = await createUserFixture(server, tenant, { role: 'employee', name: 'Emil Employee', team: 'Ops' })
  colleague = await createUserFixture(server, tenant, { role: 'employee', name: 'Carla Colleague', team: 'Ops' })
  third = await createUserFixture(server, tenant, { role: 'employee', name: 'Theo Third', team: 'Ops' })
  missing = await createUserFixture(server, tenant, { role: 'employee', name: 'Mia Missing', team: 'Ops' })
  outsider = await createUserFixture(server, tenant, { role: 'employee', name: 'Otto Outsider' })
  manager = await createUserFixture(server, tenant, { role: 'manager', name: 'Mona Manager' })
  await ok(['teams', 'add-manager', '--tenant', tenant, 'Ops', manager.email])
  // A published shift running now for Mia, who does not clock in: "missing against the schedule".
  // From yesterday, so a shift that crosses midnight is running too; every weekday, so that it runs
  // on a weekend as well (the template's default is Monday to Friday).
  const hour = berlinHour()
  await ok(['schedules', 'template-add', '--tenant', tenant, '--name', 'Now', '--start-time', hh(hour - 1), '--end-time', hh(hour + 3), '--break-minutes', '0'])
  await ok([
    'schedules',
    'create',
    '--tenant',
    tenant,
    '--template-id',
    'Now',
    '--user-id',
    missing.email,
    '--days-of-week',
    '[1,2,3,4,5,6,7]',
    '--from',
    berlinDate(-1),
    '--publish',
  ])
  // A real receiver subscribed to timesheet.approved through the REST API.
  const { key: token } = await createKeyFixture(server, tenant, { kind: 'api', role: 'admin' })
  const sub = await fetch(`${server.url}/api/v1/webhooks/subscribe`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, events: ['timesheet.approved'] }),
  })
  expect(sub.status).toBe(201)
  for (const who of [employee, manager]) {
    const t = await tab()
    await h.passwordByReset(t, who.email)
    await t.context.close()
  }
}, 240_000)

afterAll(() => h?.close(), 120_000)

describe('employee and manager pages in real Chromium', () => {
  test('done-when: an employee clocks in inside the fence, confirms presence, takes a break, clocks out and submits; the manager approves in the console and a real receiver gets timesheet.approved', async () => {
    const emp = await signedIn(employee.email, { geolocation: HQ })
    const p = emp.page
    await p.getByRole('button', { name: 'Clock in' }).click()
    await p.getByRole('status').filter({ hasText: 'You are at HQ' }).waitFor()
    // The real state: clocked in, a presence confirmation due in 30 minutes, a way to confirm.
    await p.getByText('Next presence confirmation due at').waitFor()
    await p.getByRole('button', { name: 'I am still here' }).click()
    await p.getByRole('status').filter({ hasText: 'Presence confirmed' }).waitFor()
    expect((db.query('select count(*) as n from presence_taps where user_id = ?').get(employee.id) as { n: number }).n).toBe(1)

    await p.getByRole('button', { name: 'Start break' }).click()
    await p.getByRole('status').filter({ hasText: 'Break started' }).waitFor()
    // On a break: the page says so and offers only "End break" (no second "Start break").
    await p.getByText('On a break').first().waitFor()
    expect(await p.getByRole('button', { name: 'Start break' }).count()).toBe(0)
    expect(await p.getByRole('button', { name: 'End break' }).count()).toBe(1)
    await checkPage(emp, 'today-on-break')
    await p.getByRole('button', { name: 'End break' }).click()
    await p.getByRole('status').filter({ hasText: 'Break ended' }).waitFor()
    expect(await p.getByRole('button', { name: 'End break' }).count()).toBe(0)
    await p.getByRole('button', { name: 'Clock out' }).click()
    await p.getByRole('status').filter({ hasText: 'Clocked out' }).waitFor()

    await p.getByRole('link', { name: 'My timesheet' }).click()
    await p.waitForURL('**/me/timesheet')
    await p.getByRole('heading', { name: 'My timesheet', exact: true }).waitFor()
    expect(await p.locator('tbody tr').first().textContent()).toContain('h')
    await checkPage(emp, 'my-timesheet')
    await p.getByRole('button', { name: 'Submit for approval' }).click()
    await p.getByRole('status').filter({ hasText: 'submitted for approval' }).waitFor()
    await p.getByText('Submitted, waiting for approval').waitFor()
    const sheet = sheetOf(employee.id)!
    expect(sheet.status).toBe('submitted')

    const mgr = await signedIn(manager.email)
    await mgr.page.getByRole('link', { name: 'Approvals' }).click()
    await mgr.page.waitForURL('**/team/approvals')
    await checkPage(mgr, 'approvals')
    await mgr.page.getByLabel('Emil Employee').check()
    await mgr.page.getByRole('button', { name: 'Approve selected' }).click()
    await mgr.page.getByRole('status').filter({ hasText: '1 timesheet approved' }).waitFor()
    expect(sheetOf(employee.id)!.status).toBe('approved')

    const [rec] = await receiver
      .waitFor((all) => all.some((r) => r.envelope.event === 'timesheet.approved'))
      .then((all) => all.filter((r) => r.envelope.event === 'timesheet.approved'))
    expect(rec!.envelope.data).toMatchObject({ userEmail: employee.email, approvedByEmail: manager.email })
    expect([...Value.Errors(EVENT_CATALOG['timesheet.approved'].payload, rec!.envelope.data)].map((e) => `${e.path} ${e.message}`)).toEqual([])

    await p.reload()
    await p.getByText('Approved', { exact: true }).waitFor()
    expect(await p.getByRole('button', { name: 'Submit for approval' }).count()).toBe(0)
  })

  test('approvals in bulk, and a rejection needs a reason that the employee then reads', async () => {
    await submitViaClient(colleague.email)
    await submitViaClient(third.email)
    const mgr = await signedIn(manager.email)
    await mgr.page.goto('/team/approvals')
    // Reject without a reason: refused, nothing changes.
    await mgr.page.getByLabel('Carla Colleague').check()
    await mgr.page.getByRole('button', { name: 'Reject selected' }).click()
    await mgr.page.getByRole('alert').filter({ hasText: 'Give a reason' }).waitFor()
    expect(sheetOf(colleague.id)!.status).toBe('submitted')
    // Reject Carla's with a reason.
    await mgr.page.getByLabel('Carla Colleague').check()
    await mgr.page.getByLabel('Reason for a rejection').fill('Monday is missing')
    await mgr.page.getByRole('button', { name: 'Reject selected' }).click()
    await mgr.page.getByRole('status').filter({ hasText: '1 timesheet rejected' }).waitFor()
    expect(sheetOf(colleague.id)).toMatchObject({ status: 'rejected', reason: 'Monday is missing' })
    // Carla submits again; then both approved in one go.
    await submitViaClient(colleague.email)
    await mgr.page.goto('/team/approvals')
    await mgr.page.getByLabel('Carla Colleague').check()
    await mgr.page.getByLabel('Theo Third').check()
    await mgr.page.getByRole('button', { name: 'Approve selected' }).click()
    await mgr.page.getByRole('status').filter({ hasText: '2 timesheets approved' }).waitFor()
    expect(sheetOf(colleague.id)!.status).toBe('approved')
    expect(sheetOf(third.id)!.status).toBe('approved')
    const left = await mgr.page.locator('main').textContent()
    expect(left).toContain('No timesheet is waiting for your approval.')
  })

  test('who is in now lists who is missing against the published schedule', async () => {
    const mgr = await signedIn(manager.email)
    await mgr.page.goto('/team/now')
    const section = mgr.page.getByRole('region', { name: 'Missing against the schedule' })
    await section.getByText('Mia Missing').waitFor()
    expect(await section.textContent()).not.toContain('Emil Employee')
    await checkPage(mgr, 'team-now-missing')
  })

  test('team hours for a period with a uPlot chart drawn from the embedded asset, and the same numbers in a table', async () => {
    const mgr = await signedIn(manager.email)
    await mgr.page.goto('/team/hours')
    await mgr.page.getByRole('heading', { name: /Ops/ }).waitFor()
    await mgr.page.locator('figure.chart canvas').waitFor()
    expect(await mgr.page.getByRole('row', { name: /Emil Employee/ }).count()).toBe(1)
    await checkPage(mgr, 'team-hours')
    await mgr.page.getByLabel('Period').selectOption('last_month')
    await mgr.page.getByRole('button', { name: 'Show' }).click()
    await mgr.page.waitForURL('**/team/hours?period=last_month**')
    await mgr.page.locator('figure.chart canvas').waitFor()
    const asset = await mgr.page.request.get('/assets/uplot.min.js')
    expect(asset.status()).toBe(200)
    expect(await asset.text()).toContain('uPlot')
  })

  test('alerts: workload alerts of today and overtime reports', async () => {
    const mgr = await signedIn(manager.email)
    await mgr.page.goto('/team/alerts')
    await mgr.page.getByRole('heading', { name: 'Workload alerts today' }).waitFor()
    // Mia has a shift running (it started an hour ago) and did not clock in: today's not-clocked-in
    // alert names her. In the first hour after the company's midnight the running shift is
    // yesterday's (alerts are per day of the shift), so today's alerts must not name her.
    if (berlinHour() >= 1)
      await mgr.page
        .getByRole('row', { name: /Mia Missing/ })
        .first()
        .waitFor()
    else expect(await mgr.page.getByRole('row', { name: /Mia Missing/ }).count()).toBe(0)
    await mgr.page.getByRole('heading', { name: /Overtime this week/ }).waitFor()
    await checkPage(mgr, 'team-alerts')
  })

  test('corrections: a manager adds a missed entry and corrects one of a timesheet; the employee sees both reasons; someone outside the teams is refused', async () => {
    const mgr = await signedIn(manager.email)
    await mgr.page.goto('/team/corrections')
    await checkPage(mgr, 'team-corrections')
    // A day of last week's pay period (weekly): the first test submitted and approved this week's
    // timesheet, so a day of this week (yesterday, on any day but Monday) could not be submitted again.
    const lastWeek = berlinDate(-7)
    await mgr.page.getByLabel('Person', { exact: true }).selectOption({ label: 'Emil Employee' })
    await mgr.page.getByLabel('Date', { exact: true }).fill(lastWeek)
    await mgr.page.getByLabel('From', { exact: true }).fill('08:00')
    await mgr.page.getByLabel('To', { exact: true }).fill('12:00')
    await mgr.page.getByLabel('Reason (the person sees it)').fill('Forgot to clock in at the depot')
    await mgr.page.getByRole('button', { name: 'Add the entry' }).click()
    await mgr.page.getByRole('status').filter({ hasText: 'Entry added' }).waitFor()
    expect((db.query("select count(*) as n from time_logs where user_id = ? and source = 'correction'").get(employee.id) as { n: number }).n).toBe(1)
    await mgr.page.getByRole('cell', { name: 'Forgot to clock in at the depot' }).waitFor()

    // Someone the manager does not manage is not offered, and a forged post is refused by the operation.
    expect(await mgr.page.getByLabel('Person', { exact: true }).locator('option', { hasText: 'Otto Outsider' }).count()).toBe(0)
    const before = (db.query('select count(*) as n from time_logs where user_id = ?').get(outsider.id) as { n: number }).n
    const csrf = await mgr.page.locator('input[name="_csrf"]').first().inputValue()
    const forged = await mgr.page.request.post('/team/corrections', {
      form: { _csrf: csrf, _action: 'add', user_id: outsider.id, date: lastWeek, from: '08:00', to: '09:00', reason: 'not mine to fix' },
      headers: { origin: server.url },
    })
    expect(forged.status()).toBeGreaterThanOrEqual(400)
    expect((db.query('select count(*) as n from time_logs where user_id = ?').get(outsider.id) as { n: number }).n).toBe(before)

    // Emil submits the timesheet of last week's period (the added entry's) through the client API;
    // the manager opens its entries from Approvals and corrects the added entry's end.
    const { key } = await createKeyFixture(server, tenant, { user: employee.email })
    const submitted = await fetch(`${server.url}/api/v1/client/timesheets/submit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ date: lastWeek }),
    })
    expect(submitted.status).toBe(200)
    await mgr.page.goto('/team/approvals')
    await mgr.page.getByRole('link', { name: 'Entries of Emil Employee' }).first().click()
    await mgr.page.getByRole('heading', { name: /Entries of Emil Employee/ }).waitFor()
    const entry = mgr.page.locator('form.inline-form').filter({ has: mgr.page.locator('input[name="to"][value="12:00"]') })
    await entry.getByLabel('Out').fill('13:00')
    await entry.getByLabel('Reason').fill('Stayed until one')
    await entry.getByRole('button', { name: 'Correct' }).click()
    await mgr.page.getByRole('status').filter({ hasText: 'corrected: now 5 h 0 min' }).waitFor()
    expect((db.query("select count(*) as n from time_corrections where user_id = ? and kind = 'edited'").get(employee.id) as { n: number }).n).toBe(1)

    const emp = await signedIn(employee.email)
    await emp.page.goto('/me/timesheet')
    await emp.page.getByText('Forgot to clock in at the depot').waitFor()
    await emp.page.getByText('Stayed until one').waitFor()
  })

  test('my productivity shows the privacy note; an employee opening a manager page gets 403', async () => {
    const emp = await signedIn(employee.email)
    await emp.page.getByRole('link', { name: 'My productivity' }).click()
    await emp.page.waitForURL('**/me/productivity')
    await emp.page.getByRole('heading', { name: 'What is collected' }).waitFor()
    expect(await emp.page.getByRole('region', { name: 'What is collected' }).textContent()).toContain('application')
    await checkPage(emp, 'my-productivity')
    expect(await emp.page.getByRole('link', { name: 'Approvals' }).count()).toBe(0)
    for (const path of ['/team/approvals', '/team/hours', '/team/alerts', '/team/corrections']) {
      const res = await emp.page.request.get(path)
      expect({ path, status: res.status() }).toEqual({ path, status: 403 })
    }
  })
})
