import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'
import type { TestServer } from '../helpers/server'
import { invitationLinkFor } from '../helpers/smtp-sink'
import { type ConsoleHarness, type SmtpSink, startConsole } from './harness'

// The invitation page over plain HTTP (the browser flow is in console.test.ts): escaping, refusals,
// the CSRF token, the Origin guard and the body cap. Real server and SMTP sink.
setDefaultTimeout(120_000)

const COMPANY = `O'Neill & <Sons> "Freight"`
const COMPANY_HTML = 'O&#x27;Neill &amp; &lt;Sons&gt; &quot;Freight&quot;'

let h: ConsoleHarness
let sink: SmtpSink
let server: TestServer
let admin: Client
let db: Database

beforeAll(async () => {
  h = await startConsole({ smtp: true, browser: false })
  ;({ sink, server, db } = h)
  const t = await createTenantFixture(server, { name: COMPANY })
  admin = await mcpClient(server.url, (await createPersonFixture(server, t.tenant, { role: 'admin', name: 'Ada Admin' })).key)
}, 120_000)
afterAll(async () => {
  await admin.close()
  await h.close()
}, 120_000)

async function invite(email: string): Promise<{ url: string; token: string }> {
  const r = await callTool(admin, 'invite_staff', { email })
  expect(r.structured.status).toBe('invitation_sent')
  return invitationLinkFor(sink.inbox, email)
}

/** GET the page as a browser does: its CSRF cookie and the token of its form. */
async function formOf(url: string): Promise<{ cookie: string; csrf: string; html: string; status: number }> {
  const res = await fetch(url)
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!
  const html = await res.text()
  return { cookie, csrf: /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '', html, status: res.status }
}

const post = (body: Record<string, string>, headers: Record<string, string>) =>
  fetch(`${server.url}/invitations/accept`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...headers },
    body: new URLSearchParams(body).toString(),
  })

const userStatus = (email: string) => (db.query('select status from users where email = ?').get(email) as { status: string } | null)?.status

describe('the invitation page of the console', () => {
  test('the link keeps its format; the page escapes the company name and changes nothing when shown', async () => {
    const { url, token } = await invite('nora.new@example.test')
    expect(url).toBe(`${server.url}/invitations/accept?token=${token}`)
    const page = await formOf(url)
    expect(page.status).toBe(200)
    expect(page.html).toContain(COMPANY_HTML)
    expect(page.html).not.toContain('<Sons>')
    expect(page.html).toContain(`name="token" value="${token}"`)
    expect(userStatus('nora.new@example.test')).toBe('invited')
  })

  test('without the CSRF token, or with another, the form activates nobody; with it, the person is active with a password', async () => {
    const { url, token } = await invite('cara.csrf@example.test')
    const page = await formOf(url)
    const pw = { password: 'a long enough password', confirm: 'a long enough password' }
    expect((await post({ token, ...pw }, { cookie: page.cookie })).status).toBe(403)
    expect((await post({ token, ...pw, _csrf: 'x'.repeat(43) }, { cookie: page.cookie })).status).toBe(403)
    expect(userStatus('cara.csrf@example.test')).toBe('invited')
    const ok = await post({ token, ...pw, _csrf: page.csrf }, { cookie: page.cookie })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('set-cookie')).toContain('wf_session=')
    expect(ok.headers.get('set-cookie')).toContain('HttpOnly')
    expect(ok.headers.get('set-cookie')).toContain('SameSite=Lax')
    expect(await ok.text()).toContain('wf_live_')
    expect(userStatus('cara.csrf@example.test')).toBe('active')
    expect(
      (
        db.query('select password_hash as h from account_passwords p join users u on u.id = p.user_id where u.email = ?').get('cara.csrf@example.test') as {
          h: string
        }
      ).h,
    ).toStartWith('$argon2id$')
    // Once only.
    const again = await formOf(url)
    expect(again.status).toBe(409)
    expect(again.html).toContain('accepted already')
  })

  test('unknown and malformed tokens get a page that says so', async () => {
    expect((await fetch(`${server.url}/invitations/accept?token=${'x'.repeat(32)}`)).status).toBe(404)
    expect((await fetch(`${server.url}/invitations/accept`)).status).toBe(404)
    const markup = await fetch(`${server.url}/invitations/accept?token=${encodeURIComponent('<script>alert(1)</script>')}`)
    expect(await markup.text()).not.toContain('<script>alert')
  })

  test('the Origin guard applies: a form posted from another site is refused and activates nobody', async () => {
    const { url, token } = await invite('owen.origin@example.test')
    const page = await formOf(url)
    const foreign = await post(
      { token, password: 'a long enough password', confirm: 'a long enough password', _csrf: page.csrf },
      { cookie: page.cookie, origin: 'http://evil.example' },
    )
    expect(foreign.status).toBe(403)
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('origin_not_allowed')
    expect(userStatus('owen.origin@example.test')).toBe('invited')
  })

  test('the body cap applies to the form', async () => {
    const big = await fetch(`${server.url}/invitations/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: `token=${'z'.repeat(2_000_000)}`,
    })
    expect(big.status).toBe(413)
  })
})
