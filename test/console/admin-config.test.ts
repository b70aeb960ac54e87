import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import { randomUUID } from 'node:crypto'
import { createPersonFixture, createUserFixture } from '../helpers/fixtures'
import type { TestServer } from '../helpers/server'
import { invitationLinkFor } from '../helpers/smtp-sink'
import { type ConsoleHarness, checkPage, PASSWORD, type SmtpSink, startConsole, type Tab } from './harness'

// A real server, a real SMTP sink and real Chromium on a shared machine: room for hooks, no timing assertion.
setDefaultTimeout(120_000)

let h: ConsoleHarness
let sink: SmtpSink
let server: TestServer
let db: Database
let tenant: string
let admin: Tab
const tab = () => h.tab()

const auditList = async (entity: string) => {
  const r = await server.cli(['audit', 'list', '--tenant', tenant, '--entity', entity, '--json'])
  expect(r.code).toBe(0)
  return JSON.parse(r.stdout).data as {
    action: string
    entity_id: string
    before: Record<string, unknown> | null
    after: Record<string, unknown> | null
    surface: string
  }[]
}

const settingsRow = () =>
  db.query('select timezone, overtime_multiplier as m from tenants where readable_id = ?').get(tenant) as { timezone: string; m: number }

beforeAll(async () => {
  h = await startConsole({ smtp: true })
  ;({ sink, server, db } = h)
  const created = await h.createTenant({ name: 'Admin & Co', domain: 'admin-config.test' })
  tenant = created.tenant
  // The OwnerAdmin sets a password with the one-time setup link and stays signed in in this tab.
  admin = await tab()
  await h.setPasswordByLink(admin, created.setupUrl)
}, 180_000)

afterAll(() => h?.close(), 120_000)

describe('admin configuration pages in real Chromium', () => {
  test('an admin invites a person from the console; the e-mail caught by a real SMTP server sets a password and signs in', async () => {
    const { page } = admin
    await page.getByRole('link', { name: 'People' }).click()
    await page.waitForURL('**/admin/people')
    await page.getByRole('heading', { name: 'People and invitations' }).waitFor()
    // A bad e-mail is refused next to its field and nothing is written.
    const before = (db.query('select count(*) as n from invitations').get() as { n: number }).n
    // The browser's own check of type=email is taken away, so the server's check is what answers.
    await page.evaluate('document.getElementById("invite-email").type = "text"')
    await page.locator('#invite-email').fill('not-an-email')
    await page.getByRole('button', { name: 'Send the invitation', exact: true }).click()
    await page.locator('.field-error[data-field="email"]').waitFor()
    expect(await page.locator('#invite-email').getAttribute('aria-invalid')).toBe('true')
    expect((db.query('select count(*) as n from invitations').get() as { n: number }).n).toBe(before)

    const email = `ivy.${Date.now()}@admin-config.test`
    await page.locator('#invite-email').fill(email)
    await page.locator('#invite-name').fill('Ivy Invitee')
    await page.getByRole('button', { name: 'Send the invitation', exact: true }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Invitation sent to ${email}` })
      .waitFor()
    await page.getByRole('cell', { name: email }).first().waitFor()
    await checkPage(admin, 'admin-people')

    const { url } = await invitationLinkFor(sink.inbox, email)
    expect(url).toStartWith(`${server.url}/invitations/accept?token=`)
    const invitee = await tab()
    await invitee.page.goto(url)
    await invitee.page.getByLabel('New password').fill(PASSWORD)
    await invitee.page.getByLabel('Repeat the password').fill(PASSWORD)
    await invitee.page.getByRole('button', { name: 'Join Admin & Co' }).click()
    await invitee.page.getByRole('heading', { name: 'Welcome to Admin & Co' }).waitFor()
    const fresh = await h.signedIn(email)
    expect((db.query('select status from users where email = ?').get(email) as { status: string }).status).toBe('active')
    // The admin sees the invitation accepted; an employee gets 403 on the admin page.
    await page.goto('/admin/people')
    const row = page.getByRole('row').filter({ hasText: email }).first()
    await row.getByRole('cell', { name: 'accepted' }).waitFor()
    expect((await fresh.page.goto('/admin/people'))?.status()).toBe(403)
  })

  test('resend gives a new link (the old one stops working); revoke withdraws it; both audited', async () => {
    const { page } = admin
    const email = `rex.${Date.now()}@admin-config.test`
    await page.goto('/admin/people')
    await page.locator('#invite-email').fill(email)
    await page.getByRole('button', { name: 'Send the invitation', exact: true }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Invitation sent to ${email}` })
      .waitFor()
    const first = await invitationLinkFor(sink.inbox, email)
    const count = sink.inbox.filter((m) => m.to.includes(email)).length
    await page.getByRole('button', { name: `Resend the invitation to ${email}` }).click()
    await page.getByRole('status').filter({ hasText: 'was sent again with a new link' }).waitFor()
    for (let i = 0; sink.inbox.filter((m) => m.to.includes(email)).length === count; i++) {
      if (i > 400) throw new Error('the resent e-mail did not arrive')
      await Bun.sleep(50)
    }
    const second = await invitationLinkFor(sink.inbox, email)
    expect(second.token).not.toBe(first.token)
    await page.getByRole('button', { name: `Revoke the invitation to ${email}` }).click()
    await page.getByRole('status').filter({ hasText: 'was revoked' }).waitFor()
    const t = await tab()
    const res = await t.page.goto(second.url)
    expect(res?.status()).toBe(409)
    const actions = (await auditList('invitation')).map((e) => e.action)
    expect(actions).toContain('invitation.resent')
    expect(actions).toContain('invitation.revoked')
  })

  test('people: add with work profile, team and role; edit employment data; role; deactivate and reactivate', async () => {
    const { page } = admin
    const email = `max.${Date.now()}@admin-config.test`
    await page.goto('/admin/people')
    await page.locator('#add-email').fill(email)
    await page.locator('#add-name').fill('Max Manager')
    await page.locator('#add-role').selectOption('manager')
    await page.locator('#add-team').fill('Support')
    await page.locator('#add-profile').selectOption('support')
    await page.locator('#add-hours').fill('32')
    await page.getByRole('button', { name: 'Add the person' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Max Manager (${email}) was added as Manager in Support (new team), work profile support.` })
      .waitFor()
    const user = db.query('select id, role, weekly_hours as h, work_profile as p from users where email = ?').get(email) as {
      id: string
      role: string
      h: number
      p: string
    }
    expect(user).toMatchObject({ role: 'manager', h: 32, p: 'support' })

    // Edit: a bad weekly hours value is named next to its field and nothing is written.
    await page.getByRole('link', { name: 'Max Manager' }).click()
    await page.waitForURL('**/admin/person?id=*')
    await page.locator('#p-hours').fill('200')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.locator('.field-error[data-field="weekly_hours"]').waitFor()
    expect((db.query('select weekly_hours as h from users where id = ?').get(user.id) as { h: number }).h).toBe(32)
    await page.locator('#p-hours').fill('38.5')
    await page.locator('#p-title').fill('Support lead')
    await page.locator('#p-start').fill('2026-01-05')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved Max Manager' }).waitFor()
    expect(db.query('select weekly_hours as h, job_title as t, start_date as s from users where id = ?').get(user.id)).toEqual({
      h: 38.5,
      t: 'Support lead',
      s: '2026-01-05',
    })
    await checkPage(admin, 'admin-person')

    await page.goto('/admin/people')
    await page.getByLabel(`Role of ${email}`, { exact: true }).selectOption('admin')
    await page.getByRole('button', { name: `Set the role of ${email}` }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `${email} is now Admin.` })
      .waitFor()
    await page.getByRole('button', { name: `Deactivate ${email}` }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `${email} was deactivated` })
      .waitFor()
    expect((db.query('select status from users where id = ?').get(user.id) as { status: string }).status).toBe('deactivated')
    await page.getByRole('button', { name: `Reactivate ${email}` }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `${email} is active again.` })
      .waitFor()
    const actions = (await auditList('user')).filter((e) => e.entity_id === user.id).map((e) => e.action)
    expect(actions).toEqual(expect.arrayContaining(['user.created', 'user.updated']))
  })

  test('teams: create, rename, add a member, make a manager, remove', async () => {
    const { page } = admin
    const emp = await createUserFixture(server, tenant, { role: 'manager', name: 'Tom Teamlead' })
    await page.goto('/admin/teams')
    await page.locator('#team-name').fill('Field crew')
    await page.getByRole('button', { name: 'Create the team' }).click()
    await page.getByRole('status').filter({ hasText: 'Team Field crew was created.' }).waitFor()
    const team = db.query("select id from teams where name = 'Field crew'").get() as { id: string }
    await page.locator(`#rename-${team.id}`).fill('Field team')
    await page.getByRole('button', { name: 'Rename Field crew' }).click()
    await page.getByRole('status').filter({ hasText: 'The team is now called Field team.' }).waitFor()
    await page.locator(`#add-${team.id}`).selectOption(emp.id)
    await page.getByRole('button', { name: 'Add the chosen person to Field team' }).click()
    await page.getByRole('status').filter({ hasText: 'Added to the team.' }).waitFor()
    await page.getByRole('button', { name: `Make manager of Field team: ${emp.email}` }).click()
    await page.getByRole('status').filter({ hasText: 'They now manage the team.' }).waitFor()
    expect((db.query('select manager_user_id as m from teams where id = ?').get(team.id) as { m: string }).m).toBe(emp.id)
    await checkPage(admin, 'admin-teams')
    await page.getByRole('button', { name: `Remove ${emp.email} from Field team` }).click()
    await page.getByRole('status').filter({ hasText: 'Removed from the team.' }).waitFor()
    expect(db.query('select count(*) as n from team_memberships where team_id = ? and user_id = ?').get(team.id, emp.id)).toEqual({ n: 0 })
  })

  test('company settings: a bad value is named next to its field and nothing is written; a good one is saved and audited', async () => {
    const { page } = admin
    await page.getByRole('link', { name: 'Company settings' }).click()
    await page.waitForURL('**/admin/settings')
    const audited = (await auditList('settings')).length
    const before = settingsRow()
    await page.getByLabel('Time zone').fill('Mars/Olympus_Mons')
    await page.getByLabel('Overtime multiplier').fill('1.75')
    await page.getByRole('button', { name: 'Save the settings' }).click()
    const error = page.locator('.field-error[data-field="timezone"]')
    await error.waitFor()
    expect(await error.textContent()).toContain('is not an IANA time zone')
    expect(await page.getByLabel('Time zone').getAttribute('aria-invalid')).toBe('true')
    // What was typed is kept in the form; nothing was written, nothing audited.
    expect(await page.getByLabel('Overtime multiplier').inputValue()).toBe('1.75')
    expect(settingsRow()).toEqual(before)
    expect((await auditList('settings')).length).toBe(audited)
    await checkPage(admin, 'admin-settings-error', { documentStatus: 400 })

    await page.getByLabel('Time zone').fill('Europe/Lisbon')
    await page.getByRole('button', { name: 'Save the settings' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved: timezone, overtime_multiplier changed' }).waitFor()
    expect(settingsRow()).toEqual({ timezone: 'Europe/Lisbon', m: 1.75 })
    const entries = await auditList('settings')
    expect(entries.length).toBe(audited + 1)
    expect(entries[0]).toMatchObject({
      action: 'settings.updated',
      before: { timezone: 'Europe/Berlin', overtime_multiplier: before.m },
      after: { timezone: 'Europe/Lisbon', overtime_multiplier: 1.75 },
    })
    await checkPage(admin, 'admin-settings')
  })

  test('offices: add one with its radius (a bad radius is named next to its field), change the radius, remove', async () => {
    const { page } = admin
    await page.getByRole('link', { name: 'Offices' }).click()
    await page.waitForURL('**/admin/offices')
    await page.locator('#office-name').fill('Lisbon HQ')
    await page.locator('#office-lat').fill('38.7223')
    await page.locator('#office-lon').fill('-9.1393')
    const offices = (db.query('select count(*) as n from offices').get() as { n: number }).n
    await page.locator('#office-radius').fill('5')
    await page.getByRole('button', { name: 'Add the office' }).click()
    await page.locator('.field-error[data-field="radius_meters"]').waitFor()
    expect(db.query('select count(*) as n from offices').get()).toEqual({ n: offices })
    await page.locator('#office-radius').fill('150')
    await page.getByRole('button', { name: 'Add the office' }).click()
    await page.getByRole('status').filter({ hasText: 'Office Lisbon HQ was added with a radius of 150 m.' }).waitFor()
    await page.getByLabel('Radius of Lisbon HQ (m)').fill('300')
    await page.getByRole('button', { name: 'Save Lisbon HQ' }).click()
    await page.getByRole('status').filter({ hasText: 'Office Lisbon HQ saved: radius_meters changed.' }).waitFor()
    expect(db.query("select radius_meters as r from offices where name = 'Lisbon HQ'").get()).toEqual({ r: 300 })
    await checkPage(admin, 'admin-offices')
    await page.getByRole('button', { name: 'Remove Lisbon HQ' }).click()
    await page.getByRole('status').filter({ hasText: 'Office Lisbon HQ was removed' }).waitFor()
    expect((await auditList('office')).map((e) => e.action)).toEqual(expect.arrayContaining(['office.created', 'office.updated', 'office.removed']))
  })

  test("app categories: the preview shows the draft's effect on real samples and saves nothing; saving applies it", async () => {
    const { page } = admin
    // Yesterday, one hour in an application the defaults do not know (neutral), through the real client API.
    const person = await createPersonFixture(server, tenant, { name: 'Sam Sample' })
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const res = await fetch(`${server.url}/api/v1/client/activity/samples`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        batch_id: randomUUID(),
        samples: [{ application: 'Zyxwv Planner', started_at: `${yesterday}T10:00:00Z`, duration_seconds: 3600, idle: false }],
      }),
    })
    expect(res.status).toBe(200)
    await page.getByRole('link', { name: 'App categories' }).click()
    await page.waitForURL('**/admin/categories')
    const rules = (db.query('select count(*) as n from category_rules').get() as { n: number }).n
    await page.getByLabel('Application or window class').fill('Zyxwv Planner')
    await page.getByLabel('Category', { exact: true }).selectOption('productive')
    await page.getByRole('button', { name: 'Preview' }).click()
    await page.getByRole('heading', { name: 'Preview of the draft (not saved)' }).waitFor()
    await page.getByText('Zyxwv Planner: neutral → productive').waitFor()
    await page.getByText('Sam Sample: 0 → 100').waitFor()
    expect(db.query('select count(*) as n from category_rules').get()).toEqual({ n: rules })
    // The draft stays in the form for saving.
    expect(await page.getByLabel('Application or window class').inputValue()).toBe('Zyxwv Planner')
    await checkPage(admin, 'admin-categories-preview')
    await page.getByRole('button', { name: 'Save the rule' }).click()
    await page.getByRole('status').filter({ hasText: 'Rule saved: Zyxwv Planner is productive' }).waitFor()
    expect(db.query('select count(*) as n from category_rules').get()).toEqual({ n: rules + 1 })
    expect(db.query("select category from activity_samples where application = 'Zyxwv Planner'").get()).toEqual({ category: 'productive' })
    await checkPage(admin, 'admin-categories')
  })

  test('absences and holidays: time off for a person (a bad range is named next to its field), a holiday, both deleted', async () => {
    const { page } = admin
    const person = await createUserFixture(server, tenant, { name: 'Vera Vacation' })
    await page.getByRole('link', { name: 'Absences and holidays' }).click()
    await page.waitForURL('**/admin/absences')
    await page.locator('#abs-person').selectOption(person.id)
    await page.locator('#abs-start').fill('2026-12-21')
    await page.locator('#abs-end').fill('2026-12-18')
    await page.getByRole('button', { name: 'Add the time off' }).click()
    await page.locator('.field-error[data-field="end_date"]').waitFor()
    expect(db.query('select count(*) as n from absences where user_id = ?').get(person.id)).toEqual({ n: 0 })
    await page.locator('#abs-end').fill('2026-12-23')
    await page.getByRole('button', { name: 'Add the time off' }).click()
    await page.getByRole('status').filter({ hasText: 'vacation from 2026-12-21 to 2026-12-23 was recorded (paid).' }).waitFor()
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`
    await page.locator('#hol-date').fill(nextYear)
    await page.locator('#hol-name').fill('New Year')
    await page.getByRole('button', { name: 'Add the holiday' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Holiday New Year on ${nextYear} was added.` })
      .waitFor()
    await checkPage(admin, 'admin-absences')
    await page.getByRole('button', { name: 'Delete the holiday New Year' }).click()
    await page.getByRole('status').filter({ hasText: 'The holiday was deleted.' }).waitFor()
    await page.getByRole('button', { name: 'Delete the vacation of Vera Vacation from 2026-12-21' }).click()
    await page.getByRole('status').filter({ hasText: 'The absence was deleted' }).waitFor()
    expect(db.query('select count(*) as n from absences where user_id = ?').get(person.id)).toEqual({ n: 0 })
  })

  test("pay rates: a person's rate in currency units (a bad one named next to its field), a new rate ends the previous one, a role default", async () => {
    const { page } = admin
    const person = await createUserFixture(server, tenant, { name: 'Rita Rate' })
    await page.getByRole('link', { name: 'Pay rates' }).click()
    await page.waitForURL('**/admin/rates')
    await page.locator('#rate-person').selectOption(person.id)
    await page.locator('#rate-amount').fill('-3')
    await page.locator('#rate-from').fill('2026-01-01')
    await page.getByRole('button', { name: "Save the person's rate" }).click()
    await page.locator('.field-error[data-field="hourly_rate_cents"]').waitFor()
    expect(db.query('select count(*) as n from rate_cards where user_id = ?').get(person.id)).toEqual({ n: 0 })
    await page.locator('#rate-amount').fill('25.50')
    await page.getByRole('button', { name: "Save the person's rate" }).click()
    await page.getByRole('status').filter({ hasText: 'saved from 2026-01-01' }).waitFor()
    await page.locator('#rate-person').selectOption(person.id)
    await page.locator('#rate-amount').fill('27')
    await page.locator('#rate-from').fill('2026-07-01')
    await page.getByRole('button', { name: "Save the person's rate" }).click()
    await page.getByRole('status').filter({ hasText: 'the previous rate ends the day before' }).waitFor()
    expect(db.query('select hourly_rate_cents as c, effective_to as t from rate_cards where user_id = ? order by effective_from').all(person.id)).toEqual([
      { c: 2550, t: '2026-06-30' },
      { c: 2700, t: null },
    ])
    await page.locator('#def-role').selectOption('employee')
    await page.locator('#def-amount').fill('20')
    await page.locator('#def-from').fill('2026-01-01')
    await page.getByRole('button', { name: 'Save the default rate' }).click()
    await page.getByRole('status').filter({ hasText: '(role)' }).waitFor()
    await page.getByRole('link', { name: 'Rita Rate' }).first().click()
    await page.getByRole('heading', { name: 'History of Rita Rate' }).waitFor()
    await checkPage(admin, 'admin-rates')
  })

  test('schedules: a shift template (a bad break named next to its field), a weekly schedule as a draft, then published', async () => {
    const { page } = admin
    const person = await createUserFixture(server, tenant, { name: 'Sven Shift' })
    await page.getByRole('link', { name: 'Schedules' }).click()
    await page.waitForURL('**/admin/schedules')
    await page.locator('#tpl-name').fill('Early')
    await page.locator('#tpl-start').fill('06:00')
    await page.locator('#tpl-end').fill('14:00')
    await page.locator('#tpl-break').fill('900')
    await page.getByRole('button', { name: 'Add the template' }).click()
    await page.locator('.field-error[data-field="break_minutes"]').waitFor()
    await page.locator('#tpl-break').fill('30')
    await page.getByRole('button', { name: 'Add the template' }).click()
    await page.getByRole('status').filter({ hasText: 'Shift template Early (06:00–14:00, 7.5 paid hours) was added.' }).waitFor()
    await page.locator('#sch-template').selectOption({ label: 'Early' })
    await page.locator('#sch-person').selectOption(person.id)
    await page.locator('#sch-from').fill('2026-12-01')
    await page.locator('#sch-days input[value="1"]').check()
    await page.locator('#sch-days input[value="3"]').check()
    await page.getByRole('button', { name: 'Save as draft' }).click()
    await page.getByRole('status').filter({ hasText: 'Weekly schedule saved as draft from 2026-12-01.' }).waitFor()
    await page.getByRole('cell', { name: 'Mon Wed' }).waitFor()
    await checkPage(admin, 'admin-schedules')
    await page.getByRole('button', { name: 'Publish the schedule of Sven Shift from 2026-12-01' }).click()
    await page.getByRole('status').filter({ hasText: 'Schedule published' }).waitFor()
    expect((await auditList('schedule')).map((e) => e.action)).toContain('schedule.published')
  })
})
