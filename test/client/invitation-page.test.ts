import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'
import { invitationLinkFor, startSmtpSink } from '../helpers/smtp-sink'

// Real servers, an SMTP sink and CLI processes on a shared machine: room for hooks (not a timing assertion).
setDefaultTimeout(60_000)

// A name that has to be escaped to show as itself.
const COMPANY = `O'Neill & <Sons> "Freight"`
const COMPANY_HTML = 'O&#39;Neill &amp; &lt;Sons&gt; &quot;Freight&quot;'

let sink: Awaited<ReturnType<typeof startSmtpSink>>
let server: TestServer
let admin: Client
let db: Database

beforeAll(async () => {
  sink = await startSmtpSink()
  server = await startServer({
    env: { WORKFORCE_SMTP_HOST: '127.0.0.1', WORKFORCE_SMTP_PORT: String(sink.port), WORKFORCE_SMTP_FROM: 'workforce@appliance.test' },
  })
  const t = await createTenantFixture(server, { name: COMPANY })
  admin = await mcpClient(server.url, (await createPersonFixture(server, t.tenant, { role: 'admin', name: 'Ada Admin' })).key)
  db = new Database(join(server.dataDir, 'workforce.db'), { readonly: true })
}, 120_000)
afterAll(async () => {
  await admin.close()
  db.close()
  await server.stop()
  await sink.close()
}, 120_000)

/** Invites someone and returns the link of the email they received. */
async function invite(email: string, name?: string): Promise<{ url: string; token: string; invitationId: string }> {
  const r = await callTool(admin, 'invite_staff', { email, ...(name ? { name } : {}) })
  expect(r.structured.status).toBe('invitation_sent')
  return { ...(await invitationLinkFor(sink.inbox, email)), invitationId: r.structured.invitation_id as string }
}

/** The form of the page as a browser on the page's own origin posts it. */
const submit = (token: string, origin = server.url) =>
  fetch(`${server.url}/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ token }).toString(),
  })

const userStatus = (email: string) => (db.query('select status from users where email = ?').get(email) as { status: string } | null)?.status

describe('the page the invitation email links to', () => {
  test('GET shows the company and the invitee; the form posts the token back; POST accepts, shows the key once; again is refused', async () => {
    const { url, token } = await invite('nora.new@example.test', 'Nora New')
    expect(url).toBe(`${server.url}/invitations/accept?token=${token}`)

    const shown = await fetch(url)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await shown.text()
    expect(html).toContain(COMPANY_HTML)
    expect(html).not.toContain('<Sons>')
    expect(html).toContain('nora.new@example.test')
    expect(html).toContain('Nora New')
    expect(html).toContain('Employee')
    expect(html).toMatch(/<form method="post" action="\/invitations\/accept">/)
    expect(html).toContain(`<input type="hidden" name="token" value="${token}">`)
    expect(html).not.toContain('<script')
    // Showing it changes nothing.
    expect(userStatus('nora.new@example.test')).toBe('invited')

    const accepted = await submit(token)
    expect(accepted.status).toBe(200)
    expect(accepted.headers.get('cache-control')).toBe('no-store')
    const done = await accepted.text()
    const key = /<code class="key">(wf_live_[\w-]+)<\/code>/.exec(done)?.[1]
    expect(key).toBeDefined()
    expect(done).toContain(COMPANY_HTML)
    expect(done).toContain(`${server.url}/api/mcp/v1`)
    expect(done).toContain('mcpServers')
    expect(done).toContain('shown only once')
    expect(userStatus('nora.new@example.test')).toBe('active')
    const activated = db.query("select data from events where type = 'user.activated' and data like ?").all('%nora.new@example.test%') as { data: string }[]
    expect(activated.map((r) => JSON.parse(r.data).via)).toEqual(['invitation'])

    // The key works on the client API and on MCP.
    const device = await fetch(`${server.url}/api/v1/client/devices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fingerprint: 'fp-nora-000001', name: 'laptop', platform: 'linux' }),
    })
    expect(device.status).toBe(200)
    const nora = await mcpClient(server.url, key)
    const me = await callTool(nora, 'get_employee_details', { employee_id: 'me' })
    await nora.close()
    expect(me.isError).toBe(false)
    expect(JSON.stringify(me.structured)).toContain('nora.new@example.test')

    // Once only: the same form again is a clear refusal, and so is the link.
    const again = await submit(token)
    expect(again.status).toBe(409)
    const refusal = await again.text()
    expect(refusal).toContain('accepted already')
    expect(refusal).not.toContain('wf_live_')
    const revisit = await fetch(url)
    expect(revisit.status).toBe(409)
    expect(await revisit.text()).toContain('accepted already')
  })

  test('an unknown, malformed or expired token gets a page that says so, and nothing is accepted', async () => {
    const unknown = await fetch(`${server.url}/invitations/accept?token=${'x'.repeat(32)}`)
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await unknown.text()).toContain('not valid')
    const none = await fetch(`${server.url}/invitations/accept`)
    expect(none.status).toBe(404)
    const markup = await fetch(`${server.url}/invitations/accept?token=${encodeURIComponent('<script>alert(1)</script>')}`)
    expect(await markup.text()).not.toContain('<script>')
    expect((await submit('y'.repeat(32))).status).toBe(404)

    const { url, token, invitationId } = await invite('late.lou@example.test')
    const writable = new Database(join(server.dataDir, 'workforce.db'))
    writable.run('update invitations set expires_at = ? where id = ?', [Date.now() - 1000, invitationId])
    writable.close()
    const expired = await fetch(url)
    expect(expired.status).toBe(409)
    expect(await expired.text()).toContain('expired')
    const posted = await submit(token)
    expect(posted.status).toBe(409)
    expect(await posted.text()).toContain('expired')
    expect(userStatus('late.lou@example.test')).toBe('invited')
  })

  test('the Origin guard applies: a form posted from another site is refused and activates nobody', async () => {
    const { token } = await invite('owen.origin@example.test')
    const foreign = await submit(token, 'http://evil.example')
    expect(foreign.status).toBe(403)
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('origin_not_allowed')
    expect(userStatus('owen.origin@example.test')).toBe('invited')
    // The page's own origin (what a browser sends for this form) passes.
    expect((await submit(token, server.url)).status).toBe(200)
    expect(userStatus('owen.origin@example.test')).toBe('active')
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
