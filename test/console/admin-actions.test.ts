import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { createKeyFixture, createUserFixture } from '../helpers/fixtures'
import type { TestServer } from '../helpers/server'
import { type ConsoleHarness, checkPage, startConsole, type Tab } from './harness'

/*
 * The admin actions that were CLI-only before (issue 15 item 5): each one done in real Chromium,
 * its effect read back through the real CLI (and the audit log), and one bad input per form that
 * is named next to its field while nothing is written.
 */

// A real server and real Chromium on a shared machine: room for hooks, no timing assertion.
setDefaultTimeout(120_000)

let h: ConsoleHarness
let server: TestServer
let tenant: string
let admin: Tab

/** A date `days` from today (UTC), YYYY-MM-DD. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** Runs the real CLI on the tenant with --json and returns the parsed answer (exit code 0 expected). */
async function cli<T = Record<string, unknown>>(...args: string[]): Promise<T> {
  const r = await server.cli([...args, '--tenant', tenant, '--json'])
  expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: expect.any(String) })
  return JSON.parse(r.stdout) as T
}

const auditActions = async (entity: string) =>
  (await cli<{ data: { action: string; surface: string }[] }>('audit', 'list', '--entity', entity)).data.map((e) => `${e.action} ${e.surface}`)

/** Lets the server's check answer, not the browser's (type=date/time/number inputs refuse text). */
const asText = (id: string) => admin.page.evaluate(`document.getElementById(${JSON.stringify(id)}).type = "text"`)

const status = (text: string) => admin.page.getByRole('status').filter({ hasText: text }).waitFor()

beforeAll(async () => {
  h = await startConsole()
  server = h.server
  const created = await h.createTenant({ name: 'Actions & Co', domain: 'admin-actions.test', ownerName: 'Ada Admin', timezone: 'UTC', plan: 'business' })
  tenant = created.tenant
  // The OwnerAdmin sets a password with the one-time setup link and stays signed in in this tab.
  admin = await h.tab()
  await h.setPasswordByLink(admin, created.setupUrl)
}, 180_000)

afterAll(() => h?.close(), 120_000)

describe('admin actions in real Chromium, checked through the CLI', () => {
  test('pay rates: ending a rate card (a bad date named next to its field, nothing written)', async () => {
    const { page } = admin
    const person = await createUserFixture(server, tenant, { name: 'Erik Ending' })
    const set = await cli<{ rate_card: { id: string } }>(
      'rates',
      'set',
      '--user-id',
      person.email,
      '--hourly-rate-cents',
      '3000',
      '--effective-from',
      '2026-01-01',
    )
    const cardId = set.rate_card.id
    await page.goto('/admin/rates')
    await page.locator('#end-card').selectOption(cardId)
    await asText('end-to')
    await page.locator('#end-to').fill('2026-02-30')
    await page.getByRole('button', { name: 'End the rate' }).click()
    await page.locator('.field-error[data-field="effective_to"]').waitFor()
    expect(await page.locator('#end-to').getAttribute('aria-invalid')).toBe('true')
    const still = await cli<{ data: { id: string; effective_to: string | null }[] }>('rates', 'list', '--user-id', person.id)
    expect(still.data.find((c) => c.id === cardId)?.effective_to).toBeNull()

    await page.locator('#end-card').selectOption(cardId)
    await page.locator('#end-to').fill('2026-09-30')
    await page.locator('#end-reason').fill('Contract ends')
    await page.getByRole('button', { name: 'End the rate' }).click()
    await status('ends on 2026-09-30')
    const after = await cli<{ data: { id: string; effective_to: string | null }[] }>('rates', 'list', '--user-id', person.id)
    expect(after.data.find((c) => c.id === cardId)?.effective_to).toBe('2026-09-30')
    expect(await auditActions('pay_rate')).toContain('pay_rate.ended client')
  })

  test('project bill rates: set (a negative rate named next to its field), a later one ends it, listed per project', async () => {
    const { page } = admin
    // A REST token (an admin's, read and write) creates the project, as an integration would.
    const token = await createKeyFixture(server, tenant, { kind: 'api', role: 'admin', scope: 'read_write' })
    const res = await fetch(`${server.url}/api/v1/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bridge Build' }),
    })
    expect(res.status).toBe(201)
    const project = (await res.json()) as { id: string }
    const history = () =>
      cli<{ data: { hourly_rate_cents: number; effective_from: string; effective_to: string | null }[] }>('rates', 'bill-history', '--project-id', project.id)
    await page.goto('/admin/rates')
    await page.locator('#bill-project').selectOption(project.id)
    await page.locator('#bill-amount').fill('-5')
    await page.locator('#bill-from').fill('2026-01-01')
    await page.getByRole('button', { name: 'Save the bill rate' }).click()
    await page.locator('.field-error[data-field="hourly_rate_cents"]').waitFor()
    expect((await history()).data).toEqual([])

    await page.locator('#bill-amount').fill('120')
    await page.getByRole('button', { name: 'Save the bill rate' }).click()
    await status('Bill rate saved from 2026-01-01')
    await page.locator('#bill-project').selectOption(project.id)
    await page.locator('#bill-amount').fill('135.50')
    await page.locator('#bill-from').fill('2026-07-01')
    await page.getByRole('button', { name: 'Save the bill rate' }).click()
    await status('the previous bill rate ends the day before')
    expect((await history()).data.map((b) => [b.hourly_rate_cents, b.effective_from, b.effective_to])).toEqual([
      [12000, '2026-01-01', '2026-06-30'],
      [13550, '2026-07-01', null],
    ])
    // The page lists the project's bill rates (kept after the post, and through ?project=).
    await page.getByRole('heading', { name: 'Bill rates of Bridge Build' }).waitFor()
    await page.goto(`/admin/rates?project=${project.id}`)
    await page.getByRole('region', { name: 'Bill rates of Bridge Build' }).getByRole('cell', { name: '2026-06-30' }).waitFor()
    expect(await auditActions('bill_rate')).toEqual(expect.arrayContaining(['bill_rate.created client', 'bill_rate.ended client']))
    await checkPage(admin, 'admin-rates-actions')
  })

  test('shift templates and weekly schedules: edit (a bad time named next to its field), delete refused while used, then deleted', async () => {
    const { page } = admin
    const person = await createUserFixture(server, tenant, { name: 'Sina Schedule' })
    await cli('schedules', 'template-add', '--name', 'Late', '--start-time', '14:00', '--end-time', '22:00', '--break-minutes', '30')
    const from = dayFromToday(14)
    const sched = await cli<{ id: string }>(
      'schedules',
      'create',
      '--template-id',
      'Late',
      '--user-id',
      person.email,
      '--from',
      from,
      '--days-of-week',
      '[1,3]',
    )
    const templates = () => cli<{ data: { id: string; name: string; start_time: string; end_time: string; break_minutes: number }[] }>('schedules', 'templates')
    const late = (await templates()).data.find((t) => t.name === 'Late')!
    await page.goto('/admin/schedules')

    // Edit a template: a bad start time is named next to its field and nothing changes.
    await page.locator('#tpl-edit-id').selectOption(late.id)
    await asText('tpl-edit-start')
    await page.locator('#tpl-edit-start').fill('25:70')
    await page.getByRole('button', { name: 'Save the template' }).click()
    await page.locator('.field-error[data-field="start_time"]').waitFor()
    expect((await templates()).data.find((t) => t.id === late.id)?.start_time).toBe('14:00')
    await page.locator('#tpl-edit-id').selectOption(late.id)
    await page.locator('#tpl-edit-name').fill('Late shift')
    await page.locator('#tpl-edit-start').fill('13:00')
    await page.getByRole('button', { name: 'Save the template' }).click()
    await status('Shift template Late shift saved (13:00–22:00)')
    expect((await templates()).data.find((t) => t.id === late.id)).toMatchObject({
      name: 'Late shift',
      start_time: '13:00',
      end_time: '22:00',
      break_minutes: 30,
    })

    // Edit the weekly schedule: other days and an end date.
    const until = dayFromToday(60)
    await page.locator('#sch-edit-id').selectOption(sched.id)
    await page.locator('#sch-edit-days input[value="2"]').check()
    await page.locator('#sch-edit-until').fill(until)
    await page.getByRole('button', { name: 'Save the schedule' }).click()
    await status(`Weekly schedule saved (draft, from ${from} until ${until})`)
    const listed = await cli<{ data: { id: string; days_of_week: number[]; until: string | null }[] }>('schedules', 'list')
    expect(listed.data.find((s) => s.id === sched.id)).toMatchObject({ days_of_week: [2], until })
    await checkPage(admin, 'admin-schedules-actions')

    // The template is used: deleting it is refused and it stays.
    await page.getByRole('button', { name: 'Delete the template Late shift' }).click()
    await page.getByRole('alert').filter({ hasText: 'recurring schedule(s) use this template' }).waitFor()
    expect((await templates()).data.map((t) => t.id)).toContain(late.id)
    // Delete the schedule, then the template.
    await page.getByRole('button', { name: `Delete the schedule of Sina Schedule from ${from}` }).click()
    await status('Weekly schedule deleted')
    expect((await cli<{ data: { id: string }[] }>('schedules', 'list')).data.map((s) => s.id)).not.toContain(sched.id)
    await page.getByRole('button', { name: 'Delete the template Late shift' }).click()
    await status('Shift template deleted.')
    expect((await templates()).data.map((t) => t.id)).not.toContain(late.id)
    expect(await auditActions('shift_template')).toEqual(expect.arrayContaining(['shift_template.updated client', 'shift_template.deleted client']))
    expect(await auditActions('schedule')).toEqual(expect.arrayContaining(['schedule.updated client', 'schedule.deleted client']))
  })

  test('a weekly schedule saved in the console keeps its weekdays as numbers: published it makes shifts on them, unpublished they go', async () => {
    const { page } = admin
    const person = await createUserFixture(server, tenant, { name: 'Wim Weekday' })
    await cli('schedules', 'template-add', '--name', 'Morning', '--start-time', '08:00', '--end-time', '12:00', '--break-minutes', '0')
    // From the next Monday (UTC), two weeks: Mondays and Wednesdays.
    const now = new Date()
    const monday = new Date(now.getTime() + ((8 - now.getUTCDay()) % 7 || 7) * 86_400_000).toISOString().slice(0, 10)
    const sunday2 = new Date(Date.parse(monday) + 13 * 86_400_000).toISOString().slice(0, 10)
    await page.goto('/admin/schedules')
    await page.locator('#sch-template').selectOption({ label: 'Morning' })
    await page.locator('#sch-person').selectOption(person.id)
    await page.locator('#sch-from').fill(monday)
    await page.locator('#sch-days input[value="1"]').check()
    await page.locator('#sch-days input[value="3"]').check()
    await page.getByRole('button', { name: 'Save as draft' }).click()
    await status(`Weekly schedule saved as draft from ${monday}.`)
    const mine = async () =>
      (await cli<{ data: { id: string; user_id: string | null; days_of_week: number[]; status: string }[] }>('schedules', 'list')).data.find(
        (x) => x.user_id === person.id,
      )!
    expect((await mine()).days_of_week).toEqual([1, 3])
    const shifts = async () =>
      (await cli<{ data: { starts_at: string }[] }>('schedules', 'shifts', '--user-id', person.id, '--from', monday, '--to', sunday2)).data.map((x) =>
        new Date(x.starts_at).getUTCDay(),
      )
    await page.getByRole('button', { name: `Publish the schedule of Wim Weekday from ${monday}` }).click()
    await status('Schedule published')
    expect(await shifts()).toEqual([1, 3, 1, 3])
    await page.getByRole('button', { name: `Unpublish the schedule of Wim Weekday from ${monday}` }).click()
    await status('Schedule back to draft')
    expect((await mine()).status).toBe('draft')
    expect(await shifts()).toEqual([])
    expect(await auditActions('schedule')).toContain('schedule.unpublished client')
  })

  test("one day: set a person's shift (times without an end named next to the field), then cancel it", async () => {
    const { page } = admin
    const person = await createUserFixture(server, tenant, { name: 'Dora Day' })
    const date = dayFromToday(5)
    const shifts = () =>
      cli<{ data: { user_id: string; status: string; starts_at: string; ends_at: string }[] }>(
        'schedules',
        'shifts',
        '--user-id',
        person.id,
        '--from',
        date,
        '--to',
        date,
      )
    await page.goto('/admin/schedules')
    await page.locator('#day-person').selectOption(person.id)
    await page.locator('#day-date').fill(date)
    await page.locator('#day-start').fill('09:00')
    await page.getByRole('button', { name: "Set the day's shift" }).click()
    await page.locator('.field-error[data-field="end_time"]').waitFor()
    expect((await shifts()).data).toEqual([])

    await page.locator('#day-person').selectOption(person.id)
    await page.locator('#day-date').fill(date)
    await page.locator('#day-start').fill('09:00')
    await page.locator('#day-end').fill('17:00')
    await page.locator('#day-break').fill('30')
    await page.getByRole('button', { name: "Set the day's shift" }).click()
    await status(`The shift of ${date} is set`)
    const set = (await shifts()).data
    expect(set.map((s) => [s.status, s.starts_at.slice(11, 16), s.ends_at.slice(11, 16)])).toEqual([['scheduled', '09:00', '17:00']])

    // Cancelling a day without a shift is named on its date field; then the real one.
    await page.locator('#cancel-person').selectOption(person.id)
    await page.locator('#cancel-date').fill(dayFromToday(6))
    await page.getByRole('button', { name: "Cancel the day's shift" }).click()
    await page.locator('.field-error[data-field="date"]').waitFor()
    await page.locator('#cancel-person').selectOption(person.id)
    await page.locator('#cancel-date').fill(date)
    await page.getByRole('button', { name: "Cancel the day's shift" }).click()
    await status(`The shift of ${date} is cancelled`)
    expect((await shifts()).data.map((s) => s.status)).toEqual(['cancelled'])
    // Undo: a date without a one-off change is named on its field; then the day follows the weekly schedules (none here).
    await page.locator('#reset-person').selectOption(person.id)
    await page.locator('#reset-date').fill(dayFromToday(6))
    await page.getByRole('button', { name: 'Undo the one-off change' }).click()
    await page.locator('.field-error[data-field="date"]').waitFor()
    await page.locator('#reset-person').selectOption(person.id)
    await page.locator('#reset-date').fill(date)
    await page.getByRole('button', { name: 'Undo the one-off change' }).click()
    await status(`The one-off change of ${date} is undone`)
    expect((await shifts()).data).toEqual([])
    expect(await auditActions('schedule')).toEqual(
      expect.arrayContaining(['schedule.day_set client', 'schedule.day_cancelled client', 'schedule.day_reset client']),
    )
  })

  test("data retention: shorter than the plan's period (longer named next to its field, nothing written)", async () => {
    const { page } = admin
    type Row = { data_kind: string; days: number; plan_days: number; overridden: boolean }
    const retention = async () => (await cli<{ retention: Row[] }>('settings', 'show')).retention
    const before = await retention()
    const kind = before.find((r) => r.plan_days > 2)!
    expect(kind).toBeDefined()
    await page.goto('/admin/settings')
    const input = page.locator(`#ret-${kind.data_kind}`)
    await input.fill(String(kind.plan_days + 1))
    await page.getByRole('button', { name: 'Save the retention' }).click()
    await page.locator(`.field-error[data-field="retention.${kind.data_kind}"]`).waitFor()
    expect(await input.getAttribute('aria-invalid')).toBe('true')
    expect(await retention()).toEqual(before)

    const days = kind.plan_days - 1
    await input.fill(String(days))
    await page.getByRole('button', { name: 'Save the retention' }).click()
    await status('Saved: retention changed')
    expect((await retention()).find((r) => r.data_kind === kind.data_kind)).toMatchObject({ days, overridden: true })
    expect(await auditActions('settings')).toContain('settings.updated client')
    await checkPage(admin, 'admin-settings-retention')
    // Emptied: back to the plan's period.
    await page.locator(`#ret-${kind.data_kind}`).fill('')
    await page.getByRole('button', { name: 'Save the retention' }).click()
    await status('Saved: retention changed')
    expect((await retention()).find((r) => r.data_kind === kind.data_kind)).toMatchObject({ days: kind.plan_days, overridden: false })
  })

  test('cost centers: create (a used code named next to its field), rename, assign a person', async () => {
    const { page } = admin
    const person = await createUserFixture(server, tenant, { name: 'Cora Cost' })
    const centers = async () => (await cli<{ data: { id: string; code: string; name: string }[] }>('cost-centers', 'list')).data
    await page.getByRole('link', { name: 'Cost centers' }).click()
    await page.waitForURL('**/admin/cost-centers')
    await page.locator('#cc-code').fill('CC-100')
    await page.locator('#cc-name').fill('Field work')
    await page.getByRole('button', { name: 'Create the cost center' }).click()
    await status('Cost center CC-100 (Field work) was created.')
    await page.locator('#cc-code').fill('cc-100')
    await page.locator('#cc-name').fill('Duplicate')
    await page.getByRole('button', { name: 'Create the cost center' }).click()
    await page.locator('.field-error[data-field="code"]').waitFor()
    expect((await centers()).map((c) => c.code)).toEqual(['CC-100'])
    const cc = (await centers())[0]!

    await page.locator('#cc-edit-id').selectOption(cc.id)
    await page.locator('#cc-edit-name').fill('Field service')
    await page.getByRole('button', { name: 'Save the cost center' }).click()
    await status('Cost center CC-100 (Field service) was saved.')
    expect(await centers()).toEqual([expect.objectContaining({ id: cc.id, code: 'CC-100', name: 'Field service' })])

    await page.locator('#cc-person').selectOption(person.id)
    await page.locator('#cc-assign').selectOption(cc.id)
    await page.getByRole('button', { name: 'Assign', exact: true }).click()
    await status('Cora Cost now reports to the cost center CC-100')
    const shown = await cli<{ cost_center: { id: string; source: string } | null }>('users', 'show', person.email)
    expect(shown.cost_center).toMatchObject({ id: cc.id, source: 'user' })
    expect(await auditActions('cost_center')).toEqual(expect.arrayContaining(['cost_center.created client', 'cost_center.updated client']))
    await checkPage(admin, 'admin-cost-centers')
  })

  test('project bill rates: end one on its own (a day before it starts named next to its field, nothing written)', async () => {
    const { page } = admin
    const token = await createKeyFixture(server, tenant, { kind: 'api', role: 'admin', scope: 'read_write' })
    const res = await fetch(`${server.url}/api/v1/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Canal Clean' }),
    })
    expect(res.status).toBe(201)
    const project = (await res.json()) as { id: string }
    const set = await cli<{ bill_rate: { id: string } }>(
      'rates',
      'bill',
      '--project-id',
      project.id,
      '--hourly-rate-cents',
      '8000',
      '--effective-from',
      '2026-03-01',
    )
    const history = async () =>
      (await cli<{ data: { id: string; effective_to: string | null }[] }>('rates', 'bill-history', '--project-id', project.id)).data.map((b) => [
        b.id,
        b.effective_to,
      ])
    await page.goto(`/admin/rates?project=${project.id}`)
    await page.locator('#bill-end-id').selectOption(set.bill_rate.id)
    await page.locator('#bill-end-to').fill('2026-02-01')
    await page.getByRole('button', { name: 'End the bill rate' }).click()
    await page.locator('.field-error[data-field="effective_to"]').waitFor()
    expect(await page.locator('#bill-end-to').getAttribute('aria-invalid')).toBe('true')
    expect(await history()).toEqual([[set.bill_rate.id, null]])

    await page.locator('#bill-end-id').selectOption(set.bill_rate.id)
    await page.locator('#bill-end-to').fill('2026-08-31')
    await page.locator('#bill-end-reason').fill('Contract done')
    await page.getByRole('button', { name: 'End the bill rate' }).click()
    await status('Bill rate ends on 2026-08-31')
    expect(await history()).toEqual([[set.bill_rate.id, '2026-08-31']])
    await page.getByRole('region', { name: 'Bill rates of Canal Clean' }).getByRole('cell', { name: '2026-08-31' }).waitFor()
    const audit = await cli<{ data: { action: string; entity_id: string; surface: string }[] }>('audit', 'list', '--entity', 'bill_rate')
    expect(audit.data.filter((a) => a.entity_id === set.bill_rate.id).map((a) => `${a.action} ${a.surface}`)).toContain('bill_rate.ended client')
    await checkPage(admin, 'admin-rates-bill-end')
  })

  test('cost centers: delete refused while a person is assigned (says how to proceed), deleted once unassigned', async () => {
    const { page } = admin
    const person = await createUserFixture(server, tenant, { name: 'Dirk Delete' })
    await cli('cost-centers', 'create', 'CC-900', 'Closing')
    await cli('users', 'update', person.email, '--cost-center-id', 'CC-900')
    const codes = async () => (await cli<{ data: { code: string }[] }>('cost-centers', 'list')).data.map((c) => c.code)
    await page.goto('/admin/cost-centers')
    await page.getByRole('button', { name: 'Delete the cost center CC-900' }).click()
    await page.getByRole('alert').filter({ hasText: 'still assigned to 1 person(s) (Dirk Delete)' }).waitFor()
    expect(await codes()).toContain('CC-900')

    await page.locator('#cc-person').selectOption(person.id)
    await page.locator('#cc-assign').selectOption('')
    await page.getByRole('button', { name: 'Assign', exact: true }).click()
    await status('Dirk Delete has no cost center now.')
    await page.getByRole('button', { name: 'Delete the cost center CC-900' }).click()
    await status('Cost center CC-900 (Closing) was deleted.')
    expect(await codes()).not.toContain('CC-900')
    expect(await auditActions('cost_center')).toContain('cost_center.deleted client')
    await checkPage(admin, 'admin-cost-centers-delete')
  })

  test('the API keys and webhooks pages (one table component) still list and pass the page checks', async () => {
    const { page } = admin
    await page.goto('/admin/keys')
    await page.getByRole('region', { name: 'Keys (scrolls sideways on a narrow screen)' }).getByRole('columnheader', { name: 'Last used' }).waitFor()
    expect(await page.locator('tr[data-key-id]').count()).toBeGreaterThan(0)
    await checkPage(admin, 'admin-keys-table')
    await page.goto('/admin/webhooks')
    await page.getByText('No subscription yet.').waitFor()
    await checkPage(admin, 'admin-webhooks-table')
  })
})
