import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { type FakeClock, fakeClock } from '../helpers/fake-clock'
import { startServer, type TestServer } from '../helpers/server'
import { authorizeUrl, pkce, startCallbackServer, type CallbackServer } from './consent-helper'
import { loopbackCertificate } from '../helpers/certificate'

/**
 * Issue 16: a Client ID Metadata Document is fetched once and reused for its Cache-Control
 * max-age, within 5 minutes and 24 hours; the fetch connects to the address the guard checked.
 * A real server on libfaketime (its clock moves, no test waits), and the client's web site: a
 * loopback https stand-in with a self-signed certificate the server trusts (NODE_EXTRA_CA_CERTS),
 * its range allow-listed for the address guard, counting the hits of each document.
 */
setDefaultTimeout(120_000)

const START_MS = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 24 * 3_600_000
const at = (minutes: number): string => new Date(START_MS + minutes * 60_000).toISOString()

let server: TestServer
let clock: FakeClock
let certDir: string
let site: ReturnType<typeof Bun.serve>
let callback: CallbackServer
const hits = new Map<string, number>()
const CACHE_CONTROL: Record<string, string | undefined> = {
  '/plain.json': undefined,
  '/hour.json': 'public, max-age=3600',
  '/forever.json': 'max-age=9999999',
  '/nostore.json': 'no-store',
  '/named.json': 'max-age=60',
}

beforeAll(async () => {
  callback = startCallbackServer()
  clock = fakeClock(at(0))
  certDir = loopbackCertificate('wf-cimd-cache-').dir
  site = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: { cert: Bun.file(join(certDir, 'cert.pem')), key: Bun.file(join(certDir, 'key.pem')) },
    fetch(req) {
      const url = new URL(req.url)
      if (!(url.pathname in CACHE_CONTROL)) return new Response('not found', { status: 404 })
      hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1)
      const host = req.headers.get('host')
      const cc = CACHE_CONTROL[url.pathname]
      return Response.json(
        {
          client_id: `https://${host}${url.pathname}`,
          client_name: `Cached ${url.pathname}`,
          redirect_uris: [callback.uri],
          token_endpoint_auth_method: 'none',
        },
        { headers: cc ? { 'cache-control': cc } : {} },
      )
    },
  })
  server = await startServer({
    env: { ...clock.env, NODE_EXTRA_CA_CERTS: join(certDir, 'cert.pem'), WORKFORCE_WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8,::1/128' },
  })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  site?.stop(true)
  callback?.stop()
  clock?.close()
  if (certDir) rmSync(certDir, { recursive: true, force: true })
})

/** One authorization request naming the document as client_id; the redirect to the consent page when the document was good; returns the document's hits so far. */
async function authorize(path: string, host = '127.0.0.1'): Promise<number> {
  const res = await fetch(
    authorizeUrl(server.url, { clientId: `https://${host}:${site.port}${path}`, redirectUri: callback.uri, challenge: pkce().challenge, state: 's' }),
    {
      redirect: 'manual',
    },
  )
  expect({ path, status: res.status, location: res.headers.get('location') }).toEqual({
    path,
    status: 302,
    location: expect.stringMatching(/^\/oauth\/consent\?request=/),
  })
  return hits.get(path) ?? 0
}

describe('Client ID Metadata Documents are cached for their max-age, within 5 minutes and 24 hours', () => {
  test('no Cache-Control: reused for 5 minutes, then fetched again', async () => {
    clock.set(at(0))
    expect(await authorize('/plain.json')).toBe(1)
    expect(await authorize('/plain.json')).toBe(1)
    clock.set(at(4))
    expect(await authorize('/plain.json')).toBe(1)
    clock.set(at(6))
    expect(await authorize('/plain.json')).toBe(2)
  })

  test('no-store is held to the 5-minute floor', async () => {
    clock.set(at(10))
    expect(await authorize('/nostore.json')).toBe(1)
    clock.set(at(14))
    expect(await authorize('/nostore.json')).toBe(1)
    clock.set(at(16))
    expect(await authorize('/nostore.json')).toBe(2)
  })

  test('max-age=3600: reused for the hour, then fetched again', async () => {
    clock.set(at(20))
    expect(await authorize('/hour.json')).toBe(1)
    clock.set(at(70))
    expect(await authorize('/hour.json')).toBe(1)
    clock.set(at(81))
    expect(await authorize('/hour.json')).toBe(2)
  })

  test('a max-age beyond a day is held to 24 hours', async () => {
    clock.set(at(90))
    expect(await authorize('/forever.json')).toBe(1)
    clock.set(at(90 + 23 * 60))
    expect(await authorize('/forever.json')).toBe(1)
    clock.set(at(90 + 24 * 60 + 1))
    expect(await authorize('/forever.json')).toBe(2)
  })

  test('a host name: the document is fetched from the address the guard checked, the certificate checked against the name', async () => {
    clock.set(at(0))
    expect(await authorize('/named.json', 'localhost')).toBe(1)
  })
})
