import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { totpCode } from '../../src/modules/security/totp'
import { createKeyFixture } from '../helpers/fixtures'
import { rpc } from '../helpers/mcp'
import { startServer, type TestServer } from '../helpers/server'
import { checkPage, launch, openTab, type Tab } from '../console/browser'
import {
  authorizeUrl as authorizeUrlOf,
  type CallbackServer,
  decide,
  grantAudit,
  pkce,
  registerClient,
  setConsolePassword,
  signIn,
  startCallbackServer,
} from './consent-helper'

// Issue 16: the OAuth return path survives the 2FA step and the demo "try as" buttons; a demo
// sign-in gives a read-only token. Real server, real Chromium, real HTTP; no timing assertion.
setDefaultTimeout(120_000)

let server: TestServer
let browser: Browser
let tab: Tab
let tenant: string
let ownerEmail: string
let ownerKey: string
let ownerUserId: string
let totpSecret: string
let callbackServer: CallbackServer
let redirectUri: string

const register = (name: string): Promise<string> => registerClient(server.url, redirectUri, name)

const authorizeUrl = (clientId: string, challenge: string) => authorizeUrlOf(server.url, { clientId, redirectUri, challenge, state: 'st-2' })

/** Clicks Allow on the consent page and returns the client's callback query. */
const allow = (): Promise<URLSearchParams> => decide(tab, callbackServer)

async function exchange(clientId: string, code: string, verifier: string): Promise<string> {
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier, redirect_uri: redirectUri }).toString(),
  })
  const body = (await res.json()) as Record<string, string>
  expect([res.status, body.token_type]).toEqual([200, 'Bearer'])
  return body.access_token!
}

const callWith = (accessToken: string, name: string, args: Record<string, unknown> = {}) =>
  rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, { authorization: `Bearer ${accessToken}` })

const structuredOf = async (res: Response): Promise<Record<string, unknown>> =>
  ((await res.json()) as { result: { structuredContent: Record<string, unknown> } }).result.structuredContent

const clientPost = (path: string, key: string, body: unknown = {}) =>
  fetch(`${server.url}/api/v1/client${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  })

beforeAll(async () => {
  callbackServer = startCallbackServer()
  redirectUri = callbackServer.uri
  server = await startServer()
  ownerEmail = `owner.${Date.now()}@oauth2fa.test`
  const created = await server.cli(['tenant', 'create', '--json', '--name', 'Two Factor Ltd', '--owner-email', ownerEmail, '--owner-name', 'Tess Totp'])
  expect(created.code).toBe(0)
  const out = JSON.parse(created.stdout) as { tenant: string; owner_user_id: string; console_setup_url: string }
  tenant = out.tenant
  ownerUserId = out.owner_user_id
  ownerKey = (await createKeyFixture(server, tenant, { kind: 'live', user: ownerEmail })).key
  // Two-factor on for the owner, through the client API (the same the console's account page uses).
  const enrolled = await clientPost('/me/2fa/enroll', ownerKey)
  expect(enrolled.status).toBe(200)
  totpSecret = ((await enrolled.json()) as { secret: string }).secret
  const confirmed = await clientPost('/me/2fa/confirm', ownerKey, { code: totpCode(totpSecret, Date.now()) })
  expect(await confirmed.json()).toMatchObject({ enabled: true })
  browser = await launch()
  tab = await openTab(browser, server.url)
  await setConsolePassword(tab, out.console_setup_url)
}, 180_000)

afterAll(async () => {
  await tab?.context.close().catch(() => undefined)
  await browser?.close()
  await server?.stop()
  callbackServer?.stop()
}, 120_000)

describe('OAuth sign-in through two-factor and the demo', () => {
  test('a person with 2FA signs in (password, then TOTP code) and lands back on the consent page; the token acts as them', async () => {
    await tab.context.clearCookies()
    const clientId = await register('2FA client')
    const { verifier, challenge } = pkce()
    await tab.page.goto(authorizeUrl(clientId, challenge))
    await tab.page.waitForURL('**/signin?**')
    await signIn(tab, ownerEmail)
    await tab.page.getByLabel('6-digit code from your authenticator app').fill(totpCode(totpSecret, Date.now()))
    await tab.page.getByRole('button', { name: 'Verify' }).click()
    // Back on the consent page (before this change, the TOTP step went to /today).
    await tab.page.waitForURL('**/oauth/consent?**')
    await tab.page.getByRole('heading', { name: /Allow .* to use workforce as you\?/ }).waitFor()
    expect(await tab.page.textContent('main')).toContain('Two Factor Ltd')
    const back = await allow()
    expect(back.get('state')).toBe('st-2')
    const access = await exchange(clientId, back.get('code')!, verifier)
    const viaToken = await callWith(access, 'list_employees')
    const viaKey = await rpc(
      server.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_employees', arguments: {} } },
      { authorization: `Bearer ${ownerKey}` },
    )
    expect(viaToken.status).toBe(200)
    expect(await structuredOf(viaToken)).toEqual(await structuredOf(viaKey))
  })

  test('a wrong TOTP code keeps the person on the code step, and the right one still returns to consent', async () => {
    await tab.context.clearCookies()
    const clientId = await register('2FA retry client')
    const { challenge } = pkce()
    await tab.page.goto(authorizeUrl(clientId, challenge))
    await signIn(tab, ownerEmail)
    const right = totpCode(totpSecret, Date.now())
    await tab.page.getByLabel('6-digit code from your authenticator app').fill(right === '000000' ? '111111' : '000000')
    await tab.page.getByRole('button', { name: 'Verify' }).click()
    await tab.page.getByText('That code is not right').waitFor()
    await tab.page.getByLabel('6-digit code from your authenticator app').fill(totpCode(totpSecret, Date.now()))
    await tab.page.getByRole('button', { name: 'Verify' }).click()
    await tab.page.waitForURL('**/oauth/consent?**')
    await tab.page.getByRole('heading', { name: /Allow .* to use workforce as you\?/ }).waitFor()
  })

  test('demo "try as Manager" from the OAuth sign-in returns to consent and gives a read-only token: reads work, writes are demo_mode_read_only', async () => {
    await tab.context.clearCookies()
    const clientId = await register('Demo client')
    const { verifier, challenge } = pkce()
    await tab.page.goto(authorizeUrl(clientId, challenge))
    await tab.page.waitForURL('**/signin?**')
    await tab.page.getByRole('button', { name: 'Try as Manager' }).click()
    await tab.page.waitForURL('**/oauth/consent?**')
    await tab.page.getByRole('heading', { name: /Allow .* to use workforce as you\?/ }).waitFor()
    expect(await tab.page.textContent('main')).toContain('read-only')
    const back = await allow()
    const access = await exchange(clientId, back.get('code')!, verifier)
    const read = await callWith(access, 'list_employees')
    expect(read.status).toBe(200)
    expect((await structuredOf(read)).success).not.toBe(false)
    const write = await callWith(access, 'clock_in')
    expect(write.status).toBe(200)
    expect(await structuredOf(write)).toMatchObject({ success: false, error: 'demo_mode_read_only' })
  })

  test('a "next" that is not a same-origin path is not followed after try-as (the demo lands on its home page)', async () => {
    await tab.context.clearCookies()
    await tab.page.goto(`${server.url}/signin?next=${encodeURIComponent('//evil.example/x')}`)
    await tab.page.getByRole('button', { name: 'Try as Employee' }).click()
    await tab.page.waitForURL('**/today')
    expect(new URL(tab.page.url()).origin).toBe(server.url)
  })
})

describe("the admin's view of the company's connected applications", () => {
  test('an admin sees each connected application with its person, and Disconnect stops its very next call', async () => {
    const clientId = await register('Admin view client')
    const { verifier, challenge } = pkce()
    await tab.context.clearCookies()
    await tab.page.goto(authorizeUrl(clientId, challenge))
    await signIn(tab, ownerEmail)
    await tab.page.getByLabel('6-digit code from your authenticator app').fill(totpCode(totpSecret, Date.now()))
    await tab.page.getByRole('button', { name: 'Verify' }).click()
    await tab.page.waitForURL('**/oauth/consent?**')
    const back = await allow()
    const access = await exchange(clientId, back.get('code')!, verifier)
    expect((await callWith(access, 'list_employees')).status).toBe(200)

    await tab.page.goto(`${server.url}/admin/applications`)
    const row = tab.page.getByRole('row').filter({ hasText: 'Admin view client' })
    await row.waitFor()
    expect(await row.textContent()).toContain('Tess Totp')
    expect(await row.textContent()).toContain(ownerEmail)
    await checkPage(tab, 'oauth-admin')
    await tab.page.getByRole('button', { name: 'Disconnect Admin view client of Tess Totp' }).click()
    await tab.page.getByText('Disconnected: that application can no longer act for that person.').waitFor()
    expect(await tab.page.getByRole('row').filter({ hasText: 'Admin view client' }).count()).toBe(0)
    const after = await callWith(access, 'list_employees')
    expect(after.status).toBe(401)
    expect(after.headers.get('www-authenticate')).toContain('invalid_token')
    // The admin's disconnect is in the audit trail, in the admin's name, with the reason.
    const audit = await grantAudit(server, tenant, clientId)
    expect(audit.map((e) => [e.action, e.reason])).toEqual([
      ['oauth_grant.created', null],
      ['oauth_grant.revoked', 'admin'],
    ])
    expect(audit[1]).toMatchObject({ surface: 'client', actor: { kind: 'user', user_id: ownerUserId }, after: { revoked_reason: 'admin' } })
  })

  test('the page is refused to a role below admin (a demo employee)', async () => {
    await tab.context.clearCookies()
    await tab.page.goto(`${server.url}/signin`)
    await tab.page.getByRole('button', { name: 'Try as Employee' }).click()
    await tab.page.waitForURL('**/today')
    const res = await tab.page.goto(`${server.url}/admin/applications`)
    expect(res?.status()).toBe(403)
    expect(await tab.page.textContent('main')).toContain('This page is for the')
  })
})
