import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'

// The Secure cookie rule: Secure when the request came over TLS or WORKFORCE_PUBLIC_URL is https.
setDefaultTimeout(60_000)

let plain: TestServer
let behindTls: TestServer

beforeAll(async () => {
  plain = await startServer()
  behindTls = await startServer({ env: { WORKFORCE_PUBLIC_URL: 'https://console.example.test' } })
}, 120_000)
afterAll(async () => {
  await plain.stop()
  await behindTls.stop()
}, 60_000)

/** Opens the sign-in page, then "try as Employee" on the demo: the session cookie the server sets. */
async function demoSessionCookie(server: TestServer): Promise<string> {
  const page = await fetch(`${server.url}/signin`)
  const pre = page.headers.get('set-cookie')!
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!
  const res = await fetch(`${server.url}/demo`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: pre.split(';')[0]!, origin: server.url },
    body: new URLSearchParams({ _csrf: csrf, role: 'employee' }).toString(),
  })
  expect(res.status).toBe(303)
  expect(res.headers.get('location')).toBe('/today')
  return res.headers.getSetCookie().find((c) => c.startsWith('wf_session='))!
}

describe('console cookies', () => {
  test('over plain HTTP with an http public URL: HttpOnly, SameSite=Lax, not Secure', async () => {
    const c = await demoSessionCookie(plain)
    expect(c).toContain('HttpOnly')
    expect(c).toContain('SameSite=Lax')
    expect(c).not.toContain('Secure')
  })

  test('with an https public URL (a TLS proxy in front): Secure too', async () => {
    const c = await demoSessionCookie(behindTls)
    expect(c).toContain('HttpOnly')
    expect(c).toContain('SameSite=Lax')
    expect(c).toContain('Secure')
    expect((await fetch(`${behindTls.url}/signin`)).headers.get('set-cookie')).toContain('Secure')
  })
})
