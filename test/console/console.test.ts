import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import { Value } from '@sinclair/typebox/value'
import { EVENT_CATALOG } from '../../src/modules/webhooks/catalog'
import { createKeyFixture, createUserFixture } from '../helpers/fixtures'
import type { Receiver } from '../webhooks/receiver'
import { callTool, mcpClient } from '../helpers/mcp'
import type { TestServer } from '../helpers/server'
import { invitationLinkFor } from '../helpers/smtp-sink'
import { type ConsoleHarness, checkPage, PASSWORD, type SmtpSink, signIn, startConsole } from './harness'

// A real server, a real SMTP sink and real Chromium on a shared machine: room for hooks, no timing assertion.
setDefaultTimeout(120_000)

const HQ = { latitude: 52.52, longitude: 13.405 }
const FAR = { latitude: 52.6, longitude: 13.6 } // ~16 km away

let h: ConsoleHarness
let sink: SmtpSink
let receiver: Receiver
let server: TestServer
let db: Database
let tenant: string
let ownerEmail: string
let ownerKey: string
let setupUrl: string
let employee: { id: string; email: string }
let manager: { id: string; email: string }
const tab = (opts?: Parameters<ConsoleHarness['tab']>[0]) => h.tab(opts)
const passwordByReset = (t: Awaited<ReturnType<typeof tab>>, email: string, password: string) => h.passwordByReset(t, email, password)

const count = (sql: string, ...args: (string | number)[]) => (db.query(sql).get(...args) as { n: number }).n

beforeAll(async () => {
  h = await startConsole({ smtp: true, receiver: true })
  ;({ sink, receiver, server, db } = h)
  const created = await h.createTenant({ name: 'Console & Co', domain: 'console.test' })
  ;({ tenant, ownerEmail, key: ownerKey, setupUrl } = created)
  expect(
    await server.cli(['offices', 'add', '--tenant', tenant, '--name', 'HQ', '--lat', String(HQ.latitude), '--lon', String(HQ.longitude), '--radius', '200']),
  ).toMatchObject({ code: 0 })
  expect(await server.cli(['offices', 'policy', 'enforce', '--tenant', tenant])).toMatchObject({ code: 0 })
  employee = await createUserFixture(server, tenant, { role: 'employee', name: 'Emil Employee' })
  manager = await createUserFixture(server, tenant, { role: 'manager', name: 'Mona Manager' })
}, 180_000)

afterAll(() => h?.close(), 120_000)

describe('the web console in real Chromium', () => {
  test('start-up banner and tenant create print the console URL and a one-time setup link', async () => {
    expect(server.output()).toContain(`Web console:   ${server.url}/`)
    expect(setupUrl).toStartWith(`${server.url}/account/set-password?token=`)
  })

  test('sign-in page, then the first OwnerAdmin sets a password with the setup link and lands on Today', async () => {
    const t = await tab()
    await t.page.goto('/')
    await t.page.waitForURL('**/signin')
    await checkPage(t, 'signin')
    await t.page.goto(setupUrl)
    await t.page.getByRole('heading', { name: 'Set up Console & Co' }).waitFor()
    await checkPage(t, 'set-password')
    await t.page.getByLabel('New password').fill(PASSWORD)
    await t.page.getByLabel('Repeat the password').fill(PASSWORD)
    await t.page.getByRole('button', { name: 'Set the password and sign in' }).click()
    await t.page.waitForURL('**/today')
    await t.page.getByRole('heading', { name: 'Today', exact: true }).waitFor()
    // The link works once.
    const again = await t.page.goto(setupUrl)
    expect(again?.status()).toBe(404)
  })

  test('password reset by e-mail over the real SMTP server sets a password that signs in', async () => {
    const t = await tab()
    await t.page.goto('/account/reset')
    await checkPage(t, 'reset')
    await passwordByReset(t, employee.email, PASSWORD)
    await checkPage(t, 'today')
    await t.page.getByRole('button', { name: 'Sign out' }).click()
    await t.page.waitForURL('**/signin')
    await signIn(t.page, employee.email, PASSWORD)
    await t.page.waitForURL('**/today')
  })

  test('wrong passwords are throttled after 5 tries (even the right one is refused) and security.login_failed is recorded and delivered to a real receiver', async () => {
    const { key: token } = await createKeyFixture(server, tenant, { kind: 'api', role: 'admin' })
    const sub = await fetch(`${server.url}/api/v1/webhooks/subscribe`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['security.login_failed'] }),
    })
    expect(sub.status).toBe(201)
    const setter = await tab()
    await passwordByReset(setter, manager.email, PASSWORD)
    const t = await tab()
    for (let i = 1; i <= 5; i++) {
      await signIn(t.page, manager.email, `wrong password ${i}`)
      await t.page.getByRole('alert').filter({ hasText: 'The e-mail or the password is wrong.' }).waitFor()
    }
    await signIn(t.page, manager.email, PASSWORD)
    await t.page.getByRole('alert').filter({ hasText: 'Too many failed sign-ins' }).waitFor()
    expect(t.page.url()).toContain('/signin')
    const events = db.query("select data from events where type = 'security.login_failed'").all() as { data: string }[]
    const mine = events.map((e) => JSON.parse(e.data)).filter((d) => d.userId === manager.id)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ reason: 'wrong_password', failedAttempts: 5, email: manager.email, keyId: null })
    // Delivered to a real receiver, with a payload of the catalogue's shape.
    const [rec] = await receiver
      .waitFor((all) => all.some((r) => r.envelope.event === 'security.login_failed'))
      .then((all) => all.filter((r) => r.envelope.event === 'security.login_failed'))
    expect(rec!.envelope.data).toMatchObject({ userId: manager.id, reason: 'wrong_password' })
    expect([...Value.Errors(EVENT_CATALOG['security.login_failed'].payload, rec!.envelope.data)].map((e) => `${e.path} ${e.message}`)).toEqual([])
  })

  test('CSRF: a form post without or with a wrong token is refused with 403 and writes nothing', async () => {
    const t = await tab({ geolocation: HQ })
    await signIn(t.page, employee.email, PASSWORD)
    await t.page.waitForURL('**/today')
    const sessions = count('select count(*) as n from console_sessions where user_id = ? and revoked_at is null', employee.id)
    const logs = count('select count(*) as n from time_logs where user_id = ?', employee.id)
    const post = (path: string, form: Record<string, string>) => t.page.request.post(path, { form, headers: { origin: server.url }, maxRedirects: 0 })
    for (const token of [undefined, 'not-the-token']) {
      const extra: Record<string, string> = token ? { _csrf: token } : {}
      const a = await post('/account', { _action: 'revoke_all', ...extra })
      expect(a.status()).toBe(403)
      expect(await a.text()).toContain('nothing was done')
      const b = await post('/today', { _action: 'clock_in', latitude: String(HQ.latitude), longitude: String(HQ.longitude), ...extra })
      expect(b.status()).toBe(403)
    }
    // A header token that is wrong is refused too (htmx sends the token as X-CSRF-Token).
    const c = await t.page.request.post('/account', { form: { _action: 'revoke_all' }, headers: { origin: server.url, 'x-csrf-token': 'x'.repeat(43) } })
    expect(c.status()).toBe(403)
    expect(count('select count(*) as n from console_sessions where user_id = ? and revoked_at is null', employee.id)).toBe(sessions)
    expect(count('select count(*) as n from time_logs where user_id = ?', employee.id)).toBe(logs)
  })

  test('geofence: clock-in outside the fence is refused and explained; inside it works; breaks; clock-out', async () => {
    const far = await tab({ geolocation: FAR })
    await signIn(far.page, employee.email, PASSWORD)
    await far.page.waitForURL('**/today')
    await far.page.getByRole('button', { name: 'Clock in' }).click()
    await far.page.getByRole('alert').filter({ hasText: 'outside every office geofence' }).waitFor()
    expect(await far.page.getByRole('alert').textContent()).toContain('HQ')
    await checkPage(far, 'today-refused')
    expect(count('select count(*) as n from time_logs where user_id = ?', employee.id)).toBe(0)

    // A browser that does not share its location: the refusal says so and what to do.
    const denied = await tab()
    await signIn(denied.page, employee.email, PASSWORD)
    await denied.page.waitForURL('**/today')
    await denied.page.getByRole('button', { name: 'Clock in' }).click()
    const why = denied.page.getByRole('alert').filter({ hasText: 'only allows clock-ins on site' })
    await why.waitFor()
    expect(await why.textContent()).toMatch(/(did not allow this site to use your location|could not be determined).*Allow location for this site/)
    expect(count('select count(*) as n from time_logs where user_id = ?', employee.id)).toBe(0)

    const t = await tab({ geolocation: HQ })
    await signIn(t.page, employee.email, PASSWORD)
    await t.page.waitForURL('**/today')
    await t.page.getByRole('button', { name: 'Clock in' }).click()
    await t.page.getByRole('status').filter({ hasText: 'You are at HQ' }).waitFor()
    const log = db.query('select clock_in_latitude as lat, clock_out_at as out from time_logs where user_id = ?').get(employee.id) as {
      lat: number
      out: number | null
    }
    expect(log.lat).toBeCloseTo(HQ.latitude, 5)
    expect(log.out).toBeNull()
    await t.page.getByRole('button', { name: 'Start break' }).click()
    await t.page.getByRole('status').filter({ hasText: 'Break started' }).waitFor()
    await t.page.getByRole('button', { name: 'End break' }).click()
    await t.page.getByRole('status').filter({ hasText: 'Break ended' }).waitFor()
    expect(count('select count(*) as n from breaks where user_id = ? and ended_at is not null', employee.id)).toBe(1)
    await checkPage(t, 'today-clocked-in')
    await t.page.getByRole('button', { name: 'Clock out' }).click()
    await t.page.getByRole('status').filter({ hasText: 'Clocked out' }).waitFor()
    expect(count('select count(*) as n from time_logs where user_id = ? and clock_out_at is not null', employee.id)).toBe(1)
  })

  test('session revocation: sessions are listed per user; a revoked session’s next request goes to sign-in', async () => {
    const a = await tab()
    const b = await tab()
    await signIn(a.page, employee.email, PASSWORD)
    await a.page.waitForURL('**/today')
    await signIn(b.page, employee.email, PASSWORD)
    await b.page.waitForURL('**/today')
    await a.page.goto('/account')
    const bId = (
      db.query('select id from console_sessions where user_id = ? and revoked_at is null order by created_at desc limit 1').get(employee.id) as { id: string }
    ).id
    await checkPage(a, 'account')
    await a.page
      .locator(`tr[data-session-id="${bId}"]`)
      .getByRole('button', { name: /Sign out/ })
      .click()
    await a.page.getByRole('status').filter({ hasText: 'That session is signed out.' }).waitFor()
    await b.page.goto('/today')
    await b.page.waitForURL('**/signin?next=%2Ftoday')
    // A still works; "sign out everywhere" ends it too.
    await a.page.getByRole('button', { name: 'Sign out everywhere' }).click()
    await a.page.waitForURL('**/signin')
    expect(count('select count(*) as n from console_sessions where user_id = ? and revoked_at is null', employee.id)).toBe(0)
  })

  test('roles: an employee opening the manager page gets 403; a manager sees who is in now', async () => {
    const e = await tab()
    await signIn(e.page, employee.email, PASSWORD)
    await e.page.waitForURL('**/today')
    expect(await e.page.getByRole('link', { name: 'Who is in now' }).count()).toBe(0)
    const res = await e.page.goto('/team/now')
    expect(res?.status()).toBe(403)
    await e.page.getByText('This page is for the Manager role or above').waitFor()
    await checkPage(e, 'forbidden', { documentStatus: 403 })

    const o = await tab()
    await signIn(o.page, ownerEmail, PASSWORD)
    await o.page.getByRole('link', { name: 'Who is in now' }).click()
    await o.page.getByRole('heading', { name: 'Who is in now' }).waitFor()
    await o.page.getByRole('cell', { name: 'Emil Employee' }).waitFor()
    await checkPage(o, 'team-now')
  })

  test('an invitation e-mail caught by the real SMTP server: its link sets a password and signs in', async () => {
    const admin = await mcpClient(server.url, ownerKey)
    const email = `ivy.${Date.now()}@console.test`
    const r = await callTool(admin, 'invite_staff', { email, name: 'Ivy Invitee' })
    await admin.close()
    expect(r.structured.status).toBe('invitation_sent')
    const { url } = await invitationLinkFor(sink.inbox, email)
    expect(url).toStartWith(`${server.url}/invitations/accept?token=`)
    const t = await tab()
    await t.page.goto(url)
    await t.page.getByRole('heading', { name: 'Join Console & Co' }).waitFor()
    await checkPage(t, 'invitation')
    await t.page.getByLabel('New password').fill(PASSWORD)
    await t.page.getByLabel('Repeat the password').fill('something else entirely')
    await t.page.getByRole('button', { name: 'Join Console & Co' }).click()
    await t.page.getByRole('alert').filter({ hasText: 'confirm:' }).waitFor()
    expect((db.query('select status from users where email = ?').get(email) as { status: string }).status).toBe('invited')
    await t.page.getByLabel('New password').fill(PASSWORD)
    await t.page.getByLabel('Repeat the password').fill(PASSWORD)
    await t.page.getByRole('button', { name: 'Join Console & Co' }).click()
    await t.page.getByRole('heading', { name: 'Welcome to Console & Co' }).waitFor()
    expect(await t.page.locator('code.key').textContent()).toStartWith('wf_live_')
    await checkPage(t, 'welcome')
    await t.page.getByRole('link', { name: 'Go to Today' }).click()
    await t.page.waitForURL('**/today')
    const fresh = await tab()
    await signIn(fresh.page, email, PASSWORD)
    await fresh.page.waitForURL('**/today')
  })

  test('demo: try as Employee without a password, read-only', async () => {
    const t = await tab({ geolocation: HQ })
    await t.page.goto('/signin')
    await t.page.getByRole('button', { name: 'Try as Employee' }).click()
    await t.page.waitForURL('**/today')
    await t.page.getByText('Demo mode').first().waitFor()
    const clockButton = t.page.getByRole('button', { name: /Clock (in|out)/ })
    await clockButton.click()
    await t.page.getByRole('alert').filter({ hasText: 'Demo mode is read-only' }).waitFor()
    await checkPage(t, 'demo-today')
    // Each "try as" acts with its role: the manager demo opens the manager page, the employee demo does not.
    const m = await tab()
    await m.page.goto('/signin')
    await m.page.getByRole('button', { name: 'Try as Manager' }).click()
    await m.page.waitForURL('**/today')
    expect((await m.page.goto('/team/now'))?.status()).toBe(200)
    await m.page.getByRole('heading', { name: 'Who is in now' }).waitFor()
    expect((await t.page.goto('/team/now'))?.status()).toBe(403)
  })

  test('PWA: the manifest, the service worker and the icon are served from the binary', async () => {
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json()
    expect(manifest).toMatchObject({ start_url: '/today', display: 'standalone' })
    expect((await fetch(`${server.url}/sw.js`)).status).toBe(200)
    const htmx = await fetch(`${server.url}/assets/htmx.min.js`)
    expect(htmx.status).toBe(200)
    expect(await htmx.text()).toContain('htmx')
    expect((await fetch(`${server.url}/assets/icon.svg`)).headers.get('content-type')).toBe('image/svg+xml')
  })
})
