import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { launch, openTab, type Tab } from '../console/browser'
import { startServer, type TestServer } from '../helpers/server'
import { authorizeUrl, type CallbackServer, decide, pkce, setConsolePassword, startCallbackServer } from './consent-helper'

// Issue 16 hardening: /oauth/register is rate-limited per address; the global retention job clears
// expired OAuth tokens and never-used clients and keeps what still works. Real server, Chromium, CLI.
setDefaultTimeout(120_000)

const LIMIT = 3
const DAY_MS = 24 * 3_600_000

let server: TestServer
let browser: Browser
let tab: Tab
let ownerEmail: string
let callbackServer: CallbackServer
let redirectUri: string
/** Registrations this file made from 127.0.0.1 (all within the hour). */
let registered = 0

const registerRaw = (name: string) =>
  fetch(`${server.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: name, redirect_uris: [redirectUri] }),
  })

async function register(name: string): Promise<string> {
  const res = await registerRaw(name)
  expect(res.status).toBe(201)
  registered += 1
  return ((await res.json()) as { client_id: string }).client_id
}

const db = () => new Database(join(server.dataDir, 'workforce.db'), { readonly: true })
const count = (sql: string, ...args: string[]) => {
  const d = db()
  try {
    return (d.query(sql).get(...args) as { n: number }).n
  } finally {
    d.close()
  }
}

const token = async (params: Record<string, string>) => {
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  })
  return { status: res.status, body: (await res.json()) as Record<string, string> }
}

beforeAll(async () => {
  callbackServer = startCallbackServer('<!doctype html><title>done</title><p>done</p>')
  redirectUri = callbackServer.uri
  server = await startServer({ env: { WORKFORCE_OAUTH_REGISTER_LIMIT_HOUR: String(LIMIT) } })
  ownerEmail = `owner.${Date.now()}@hardening.test`
  const created = await server.cli(['tenant', 'create', '--json', '--name', 'Hard Co', '--owner-email', ownerEmail, '--owner-name', 'Hal Hard'])
  expect(created.code).toBe(0)
  const out = JSON.parse(created.stdout) as { console_setup_url: string }
  browser = await launch()
  tab = await openTab(browser, server.url)
  await setConsolePassword(tab, out.console_setup_url, { signOut: false })
}, 180_000)

afterAll(async () => {
  await tab?.context.close().catch(() => undefined)
  await browser?.close()
  await server?.stop()
  callbackServer?.stop()
}, 120_000)

describe('OAuth hardening', () => {
  test('retention.global deletes tokens expired over a day ago and clients nobody allowed, and keeps the live refresh token working', async () => {
    const used = await register('Used client')
    const unused = await register('Abandoned client')
    const { verifier, challenge } = pkce()
    await tab.page.goto(authorizeUrl(server.url, { clientId: used, redirectUri, challenge, state: 's', resource: false }))
    const code = (await decide(tab, callbackServer)).get('code')!
    const tokens = await token({ grant_type: 'authorization_code', client_id: used, code, code_verifier: verifier, redirect_uri: redirectUri })
    expect(tokens.status).toBe(200)
    expect(count('select count(*) n from oauth_clients where id in (?, ?)', used, unused)).toBe(2)
    const kinds = (clientId: string) =>
      (
        db().query('select t.kind from oauth_tokens t join oauth_grants g on g.id = t.grant_id where g.client_id = ? order by t.kind').all(clientId) as {
          kind: string
        }[]
      ).map((r) => r.kind)
    expect(kinds(used)).toEqual(['access', 'code', 'refresh'])

    // Today: nothing is old enough.
    const today = await server.cli(['jobs', 'run', 'retention.global'])
    expect([today.code, today.stderr]).toEqual([0, ''])
    expect(kinds(used)).toEqual(['access', 'code', 'refresh'])
    expect(count('select count(*) n from oauth_clients where id = ?', unused)).toBe(1)

    // Two days later: the code (1 minute) and the access token (1 hour) expired over a day ago; the
    // refresh token (30 days) stays; the client nobody allowed goes, the allowed one stays.
    const later = await server.cli(['jobs', 'run', 'retention.global', '--now', new Date(Date.now() + 2 * DAY_MS).toISOString()])
    expect([later.code, later.stderr]).toEqual([0, ''])
    expect(kinds(used)).toEqual(['refresh'])
    expect(count('select count(*) n from oauth_clients where id = ?', unused)).toBe(0)
    expect(count('select count(*) n from oauth_clients where id = ?', used)).toBe(1)
    const renewed = await token({ grant_type: 'refresh_token', client_id: used, refresh_token: tokens.body.refresh_token! })
    expect(renewed.status).toBe(200)
    expect(renewed.body.access_token).toStartWith('wf_oat_')
  })

  test(`registrations from one address beyond ${LIMIT} an hour get 429 too_many_requests with Retry-After, and nothing is stored`, async () => {
    while (registered < LIMIT) await register(`Filler ${registered}`)
    const clientsBefore = count('select count(*) n from oauth_clients')
    const res = await registerRaw('One too many')
    expect(res.status).toBe(429)
    const retry = Number(res.headers.get('retry-after'))
    expect(retry).toBeGreaterThan(0)
    expect(retry).toBeLessThanOrEqual(3600)
    const body = (await res.json()) as { error: string; error_description: string }
    expect(body.error).toBe('too_many_requests')
    expect(body.error_description).toContain('Too many client registrations from this address')
    expect(count('select count(*) n from oauth_clients')).toBe(clientsBefore)
    // Discovery and the other endpoints are not affected.
    expect((await fetch(`${server.url}/.well-known/oauth-authorization-server`)).status).toBe(200)
  })
})
