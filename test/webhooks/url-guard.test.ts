import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'
import { startReceiver, type Receiver } from './receiver'
import { api, restTenant, startWebhookServer } from './setup'

// Real servers and CLI processes on a shared machine: generous per-test time.
setDefaultTimeout(120_000)

const dataDir = mkdtempSync(join(tmpdir(), 'wf-webhook-guard-'))
const NO_ALLOW_LIST = { WORKFORCE_WEBHOOK_ALLOW_CIDRS: '' }
let server: TestServer
let receiver: Receiver

beforeAll(async () => {
  server = await startServer({ dataDir, keepData: true, env: NO_ALLOW_LIST })
  receiver = startReceiver()
})
afterAll(async () => {
  receiver.stop()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('webhook URL guard without an operator allow-list', () => {
  test('refuses loopback receivers by address and by host name', async () => {
    const t = await restTenant(server)
    for (const url of [receiver.url, 'http://localhost:8080/hook', 'http://[::1]:8080/hook', 'http://127.1.2.3/hook']) {
      const res = await api(server, t.token).post('/webhooks/subscribe', { url })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('invalid_argument')
      expect(res.body.error.message).toContain('loopback')
    }
  })

  test('refuses the cloud metadata address', async () => {
    const t = await restTenant(server)
    const res = await api(server, t.token).post('/webhooks/subscribe', { url: 'http://169.254.169.254/latest/meta-data/' })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toContain('metadata')
  })

  test('checks again at every connection: a range removed from the allow-list is no longer reached', async () => {
    // Subscribe while the operator allows loopback, then restart without the allow-list.
    await server.stop()
    server = await startWebhookServer({ dataDir, keepData: true })
    const t = await restTenant(server)
    const sub = await api(server, t.token).post('/webhooks/subscribe', { url: receiver.url })
    expect(sub.status).toBe(201)
    await server.stop()
    server = await startServer({ dataDir, keepData: true, env: NO_ALLOW_LIST })
    const res = await api(server, t.token).post(`/webhooks/${sub.body.id}/test`)
    expect(res.body.delivery).toMatchObject({ status: 'pending', attempts: 1, response_status: null })
    expect(res.body.delivery.last_error).toContain('loopback')
    expect(receiver.received).toHaveLength(0)
  })
})

// IPv6 forms that carry an IPv4 address are judged by that address (issue 12, item 10).
const INTERNAL_URLS: [string, string][] = [
  ['http://[::127.0.0.1]/hook', 'loopback'], // IPv4-compatible ::/96
  ['http://[::ffff:127.0.0.1]/hook', 'loopback'], // IPv4-mapped, dotted
  ['http://[::ffff:7f00:1]/hook', 'loopback'], // IPv4-mapped, hex
  ['http://0.0.0.0/hook', 'unspecified'],
  ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
]
const PUBLIC_URL = 'http://93.184.216.34/hook'

describe('webhook URL guard: IPv4 inside IPv6, unspecified and metadata addresses', () => {
  test('subscribe refuses each internal form and accepts a public address', async () => {
    const t = await restTenant(server)
    for (const [url, reason] of INTERNAL_URLS) {
      const res = await api(server, t.token).post('/webhooks/subscribe', { url })
      expect([url, res.status, res.body.error?.code]).toEqual([url, 400, 'invalid_argument'])
      expect(res.body.error.message).toContain(reason)
    }
    const ok = await api(server, t.token).post('/webhooks/subscribe', { url: PUBLIC_URL })
    expect(ok.status).toBe(201)
  })

  // No delivery is ever sent to a public address from a test (this machine talks to loopback only);
  // that the guard lets public addresses through is shown by url-guard.unit.test.ts.
  test('delivery refuses each internal form at connection time', async () => {
    // Subscribed while the operator allowed these ranges, delivered after the allow-list is gone.
    await server.stop()
    server = await startServer({ dataDir, keepData: true, env: { WORKFORCE_WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8,0.0.0.0/8,169.254.169.254/32' } })
    const t = await restTenant(server)
    const ids: string[] = []
    for (const [url] of INTERNAL_URLS) {
      const sub = await api(server, t.token).post('/webhooks/subscribe', { url })
      expect([url, sub.status]).toEqual([url, 201])
      ids.push(sub.body.id)
    }
    await server.stop()
    server = await startServer({ dataDir, keepData: true, env: NO_ALLOW_LIST })
    for (const [i, [url, reason]] of INTERNAL_URLS.entries()) {
      const res = await api(server, t.token).post(`/webhooks/${ids[i]}/test`)
      expect([url, res.status, res.body.delivery.response_status]).toEqual([url, 200, null])
      expect([url, res.body.delivery.last_error]).toEqual([url, expect.stringContaining(`refused: The address`)])
      expect(res.body.delivery.last_error).toContain(reason)
    }
  })
})
