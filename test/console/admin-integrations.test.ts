import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { createUserFixture } from '../helpers/fixtures'
import type { TestServer } from '../helpers/server'
import { type Receiver, serviceSignatureValid } from '../webhooks/receiver'
import { type ConsoleHarness, checkPage, startConsole, type Tab } from './harness'

// A real server, a real webhook receiver, the real curl binary and real Chromium: room for hooks, no timing assertion.
setDefaultTimeout(120_000)

let h: ConsoleHarness
let receiver: Receiver
let server: TestServer
let tenant: string
let admin: Tab
let employee: { id: string; email: string }

/** The real curl binary: GET /api/v1/users with a bearer token; the HTTP status and body. */
async function curlUsers(token: string): Promise<{ status: number; body: string }> {
  const proc = Bun.spawn(['curl', '-sS', '-o', '-', '-w', '\n%{http_code}', '-H', `Authorization: Bearer ${token}`, `${server.url}/api/v1/users`], {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  expect({ code, err }).toEqual({ code: 0, err: '' })
  const i = out.lastIndexOf('\n')
  return { status: Number(out.slice(i + 1)), body: out.slice(0, i) }
}

let token = ''
let subscriptionSecret = ''

beforeAll(async () => {
  h = await startConsole({ receiver: true })
  ;({ receiver, server } = h)
  const created = await h.createTenant({ name: 'Hooks & Keys', domain: 'integrations.test', ownerName: 'Ada Admin' })
  tenant = created.tenant
  employee = await createUserFixture(server, tenant, { role: 'employee', name: 'Emil Employee' })
  admin = await h.tab()
  await h.setPasswordByLink(admin, created.setupUrl)
}, 180_000)

afterAll(() => h?.close(), 120_000)

describe('admin integration pages in real Chromium', () => {
  test('an admin creates a REST token, reads it once from the page, and curl lists the people with it', async () => {
    const { page } = admin
    await page.getByRole('link', { name: 'API keys' }).click()
    await page.getByRole('heading', { name: 'API keys and REST tokens' }).waitFor()
    await checkPage(admin, 'admin-keys')
    await page.getByLabel('Name').fill('Payroll export')
    await page.getByLabel('Kind').selectOption('api')
    await page.getByLabel('Role').selectOption('admin')
    await page.getByRole('button', { name: 'Create key' }).click()
    await page.getByRole('status').filter({ hasText: 'REST token "Payroll export" created' }).waitFor()
    token = (await page.locator('[data-secret]').textContent())?.trim() ?? ''
    expect(token).toMatch(/^wf_api_[0-9A-Za-z]{44}$/)
    await checkPage(admin, 'admin-keys-created')

    // Opened again, the page never shows the key: only its prefix.
    await page.goto('/admin/keys')
    const html = await page.content()
    expect(html).not.toContain(token)
    expect(html).toContain(`${token.slice(0, 15)}…`)
    expect(await page.locator('[data-secret]').count()).toBe(0)

    const r = await curlUsers(token)
    expect(r.status).toBe(200)
    const emails = (JSON.parse(r.body) as { data: { email: string }[] }).data.map((u) => u.email)
    expect(emails).toContain(employee.email)

    // The list shows the use.
    await page.reload()
    const row = page.locator('tr', { hasText: 'Payroll export' })
    await expect(row.locator('td').nth(4).textContent()).resolves.not.toBe('never')
  })

  test('a bad key form is refused with the field named, and nothing is created', async () => {
    const { page } = admin
    await page.goto('/admin/keys')
    const before = await page.locator('tbody tr').count()
    // An expiry in the past: the operation refuses it by name.
    await page.getByLabel('Name').fill('Expired on arrival')
    await page.getByLabel('Expires (UTC, optional)').fill('2001-01-01T10:00')
    await page.getByRole('button', { name: 'Create key' }).click()
    await page.getByRole('alert').filter({ hasText: 'expires_at must be in the future' }).waitFor()
    expect(await page.locator('[data-secret]').count()).toBe(0)
    expect(await page.locator('tbody tr').count()).toBe(before)
    await checkPage(admin, 'admin-keys-refused', { documentStatus: 400 })
  })

  test('an admin subscribes a real receiver, sends a test event and sees the delivery with its attempt; resend, rotate, disable, enable', async () => {
    const { page } = admin
    await page.goto('/admin/webhooks')
    await checkPage(admin, 'admin-webhooks')
    await page.getByLabel('Endpoint URL').fill(receiver.url)
    await page.getByLabel(/^Events/).fill('timesheet.approved, break.*')
    await page.getByLabel('Description (optional)').fill('Payroll system')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Subscribed ${receiver.url}` })
      .waitFor()
    subscriptionSecret = (await page.locator('[data-secret]').textContent())?.trim() ?? ''
    expect(subscriptionSecret).toStartWith('whsec_')
    await checkPage(admin, 'admin-webhooks-created')

    await page.getByRole('link', { name: receiver.url }).click()
    await page.getByRole('heading', { name: receiver.url }).waitFor()
    expect(await page.content()).not.toContain(subscriptionSecret)
    expect(await page.getByText('Nothing delivered yet.').count()).toBe(1)

    await page.getByRole('button', { name: 'Send a test event' }).click()
    await page.getByRole('status').filter({ hasText: 'Test event delivered: HTTP 200.' }).waitFor()
    const [got] = receiver.of('webhook.test')
    expect(got).toBeDefined()
    expect(serviceSignatureValid(subscriptionSecret, got!)).toBe(true)
    const row = page.locator('tr[data-delivery-id]')
    expect(await row.count()).toBe(1)
    await expect(row.locator('td').nth(0).textContent()).resolves.toContain('webhook.test')
    await expect(row.locator('td').nth(1).textContent()).resolves.toBe('succeeded (HTTP 200)')
    await expect(row.locator('li[data-attempt="1"]').textContent()).resolves.toContain('HTTP 200')
    await expect(row.locator('td').nth(3).textContent()).resolves.toBe('ok')
    await checkPage(admin, 'admin-webhook-detail')

    // Resend: the same event again, as a second delivery with its own attempt.
    receiver.respond(() => new Response('received twice', { status: 202 }))
    await page.getByRole('button', { name: /^Resend webhook\.test/ }).click()
    await page.getByRole('status').filter({ hasText: 'webhook.test sent again: HTTP 202.' }).waitFor()
    const tests = receiver.of('webhook.test')
    expect(tests.length).toBe(2)
    expect(tests[1]!.envelope.id).toBe(tests[0]!.envelope.id)
    expect(await page.locator('tr[data-delivery-id]').count()).toBe(2)
    await expect(page.locator('tr[data-delivery-id]').first().locator('td').nth(3).textContent()).resolves.toBe('received twice')

    // Rotate: a new secret shown once; the next delivery is signed with it.
    await page.getByRole('button', { name: 'Rotate the signing secret' }).click()
    await page.getByRole('status').filter({ hasText: 'The signing secret is replaced' }).waitFor()
    const rotated = (await page.locator('[data-secret]').textContent())?.trim() ?? ''
    expect(rotated).toStartWith('whsec_')
    expect(rotated).not.toBe(subscriptionSecret)
    await page.getByRole('button', { name: 'Send a test event' }).click()
    await page.getByRole('status').filter({ hasText: 'Test event delivered' }).waitFor()
    const third = receiver.of('webhook.test')[2]!
    expect(serviceSignatureValid(rotated, third)).toBe(true)
    expect(serviceSignatureValid(subscriptionSecret, third)).toBe(false)

    // Disable: no test event can be sent; enable again.
    await page.getByRole('button', { name: 'Disable' }).click()
    await page.getByRole('status').filter({ hasText: 'Disabled: nothing is sent' }).waitFor()
    expect(await page.getByRole('button', { name: 'Send a test event' }).count()).toBe(0)
    await expect(page.locator('.integrations-facts dd').first().textContent()).resolves.toContain('Disabled by an admin')
    await checkPage(admin, 'admin-webhook-disabled')
    await page.getByRole('button', { name: 'Enable' }).click()
    await page.getByRole('status').filter({ hasText: 'Enabled: events from now on' }).waitFor()
    expect(await page.getByRole('button', { name: 'Send a test event' }).count()).toBe(1)
  })

  test('a subscription to a URL that is not http(s) is refused with the reason, and none is created', async () => {
    const { page } = admin
    await page.goto('/admin/webhooks')
    await page.getByLabel('Endpoint URL').fill('ftp://127.0.0.1/hooks')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await page.getByRole('alert').waitFor()
    expect(await page.locator('[data-secret]').count()).toBe(0)
    expect(await page.locator('tr[data-subscription-id]').count()).toBe(1)
  })

  test('the admin revokes the token in the console and curl gets 401', async () => {
    const { page } = admin
    await page.goto('/admin/keys')
    await page.getByRole('button', { name: /^Revoke Payroll export/ }).click()
    await page.getByRole('status').filter({ hasText: 'is revoked' }).waitFor()
    await expect(page.locator('tr', { hasText: 'Payroll export' }).locator('.badge').textContent()).resolves.toBe('Revoked')
    expect(await page.getByRole('button', { name: /^Revoke Payroll export/ }).count()).toBe(0)
    const r = await curlUsers(token)
    expect(r.status).toBe(401)
    expect(JSON.parse(r.body).error.code).toBeString()
  })

  test('audit log with filters, and plan and billing (read only)', async () => {
    const { page } = admin
    expect(await server.cli(['teams', 'create', 'Night shift', '--tenant', tenant])).toMatchObject({ code: 0 })
    await page.getByRole('link', { name: 'Audit log' }).click()
    await page.getByRole('heading', { name: 'Audit log' }).waitFor()
    await expect(page.locator('tr[data-audit-id]', { hasText: 'team.created' }).count()).resolves.toBe(1)
    await checkPage(admin, 'admin-audit')
    // Filtered to another record type, the team's change is not listed; back to teams, it is.
    await page.getByLabel('Record type').selectOption('user')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL(/entity=user/)
    await page.getByRole('heading', { name: /^Changes, newest first/ }).waitFor()
    expect(await page.locator('tr[data-audit-id]', { hasText: 'team.created' }).count()).toBe(0)
    await page.getByLabel('Record type').selectOption('team')
    await page.getByLabel('From (day)').fill('2026-01-01')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL(/entity=team/)
    await page.locator('tr[data-audit-id]', { hasText: 'team.created' }).waitFor()
    // A filter that is not a day is refused by name.
    await page.goto('/admin/audit?from=yesterday')
    await page.getByRole('alert').filter({ hasText: 'from: must be a date (YYYY-MM-DD)' }).waitFor()
    await checkPage(admin, 'admin-audit-refused', { documentStatus: 400 })
    // That 400 was expected: the tab's later pages must log nothing.
    expect(admin.errors.every((e) => e.includes('status of 400'))).toBe(true)
    admin.errors.length = 0
    await page.getByRole('link', { name: 'Plan and billing' }).click()
    await page.getByRole('heading', { name: /^Plan: / }).waitFor()
    await checkPage(admin, 'admin-billing')
  })

  test("scheduled jobs: last and next run, run now for this company; a whole-server job is the operator's", async () => {
    const { page } = admin
    await page.getByRole('link', { name: 'Scheduled jobs' }).click()
    await page.getByRole('heading', { name: 'Scheduled jobs' }).waitFor()
    // Every job of `workforce jobs list` is listed, with its next run.
    const cli = await server.cli(['jobs', 'list', '--json'])
    expect(cli.code).toBe(0)
    const names = (JSON.parse(cli.stdout) as { name: string }[]).map((j) => j.name)
    expect(await page.locator('tr[data-job]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-job')))).toEqual(names)
    expect(await page.locator('tr[data-job="webhooks.deliver"] td').nth(3).textContent()).not.toBe('—')
    // A whole-server job has no "Run now".
    expect(await page.getByRole('button', { name: 'Run now: webhooks.deliver' }).count()).toBe(0)
    await checkPage(admin, 'admin-jobs')

    await page.getByRole('button', { name: 'Run now: time_tracking.gap_fill' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: /^time_tracking\.gap_fill ran for your company: \d+ processed\.$/ })
      .waitFor()

    // The operation refuses a whole-server job even when the form is altered to name one.
    await page.locator('tr[data-job="time_tracking.gap_fill"] input[name="name"]').evaluate((el, v) => el.setAttribute('value', v), 'webhooks.deliver')
    await page.getByRole('button', { name: 'Run now: time_tracking.gap_fill' }).click()
    await page.getByRole('alert').filter({ hasText: 'webhooks.deliver runs once for the whole server; only the operator runs it now' }).waitFor()
  })
})
