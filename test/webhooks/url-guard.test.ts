import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'
import { startReceiver, type Receiver } from './receiver'
import { api, restTenant, startWebhookServer } from './setup'

// Real servers and CLI processes on a shared machine: generous per-test time.
setDefaultTimeout(60_000)

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
