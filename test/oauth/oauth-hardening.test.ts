import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { createHash, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { launch, openTab, type Tab } from '../console/browser'
import { startServer, type TestServer } from '../helpers/server'

// Issue 16 hardening: /oauth/register is rate-limited per address; the global retention job clears
// expired OAuth tokens and never-used clients and keeps what still works. Real server, Chromium, CLI.
setDefaultTimeout(120_000)

const PASSWORD = 'correct horse battery staple'
const LIMIT = 3
const DAY_MS = 24 * 3_600_000

let server: TestServer
let browser: Browser
let tab: Tab
let ownerEmail: string
let callbackServer: ReturnType<typeof Bun.serve>
const callbacks: URLSearchParams[] = []
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
  callbackServer = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const url = new URL(req.url)
      if (url.pathname === '/callback') callbacks.push(url.searchParams)
      return new Response('<!doctype html><title>done</title><p>done</p>', { headers: { 'content-type': 'text/html' } })
    },
  })
  redirectUri = `http://127.0.0.1:${callbackServer.port}/callback`
  server = await startServer({ env: { WORKFORCE_OAUTH_REGISTER_LIMIT_HOUR: String(LIMIT) } })
  ownerEmail = `owner.${Date.now()}@hardening.test`
  const created = await server.cli(['tenant', 'create', '--json', '--name', 'Hard Co', '--owner-email', ownerEmail, '--owner-name', 'Hal Hard'])
  expect(created.code).toBe(0)
  const out = JSON.parse(created.stdout) as { console_setup_url: string }
  browser = await launch()
  tab = await openTab(browser, server.url)
  await tab.page.goto(out.console_setup_url)
  await tab.page.getByLabel('New password').fill(PASSWORD)
  await tab.page.getByLabel('Repeat the password').fill(PASSWORD)
  await tab.page.getByRole('button', { name: 'Set the password and sign in' }).click()
  await tab.page.waitForURL('**/today')
}, 180_000)

afterAll(async () => {
  await tab?.context.close().catch(() => undefined)
  await browser?.close()
  await server?.stop()
  callbackServer?.stop(true)
}, 120_000)

describe('OAuth hardening', () => {
  test('retention.global deletes tokens expired over a day ago and clients nobody allowed, and keeps the live refresh token working', async () => {
    const used = await register('Used client')
    const unused = await register('Abandoned client')
    const verifier = randomBytes(32).toString('base64url')
    const u = new URL(`${server.url}/oauth/authorize`)
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: used,
      redirect_uri: redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's',
    }))
      u.searchParams.set(k, v)
    const before = callbacks.length
    await tab.page.goto(u.toString())
    await tab.page.getByRole('button', { name: 'Allow', exact: true }).click()
    await tab.page.waitForURL(`${redirectUri}?**`)
    while (callbacks.length === before) await Bun.sleep(25)
    const code = callbacks[callbacks.length - 1]!.get('code')!
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
