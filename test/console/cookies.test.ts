import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { type ConsoleHarness, startConsole } from './harness'

// The Secure cookie rule: Secure when the request came over TLS or WORKFORCE_PUBLIC_URL is https.
setDefaultTimeout(120_000)

let plain: ConsoleHarness
let behindTls: ConsoleHarness

beforeAll(async () => {
  plain = await startConsole({ browser: false })
  behindTls = await startConsole({ browser: false, env: { WORKFORCE_PUBLIC_URL: 'https://console.example.test' } })
}, 120_000)
afterAll(async () => {
  await plain.close()
  await behindTls.close()
}, 120_000)

/** Opens the sign-in page, then "try as Employee" on the demo: the session cookie the server sets. */
async function demoSessionCookie(h: ConsoleHarness): Promise<string> {
  const { setCookie, location } = await h.demoSession('employee')
  expect(location).toBe('/today')
  return setCookie
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
    expect((await fetch(`${behindTls.server.url}/signin`)).headers.get('set-cookie')).toContain('Secure')
  })
})
