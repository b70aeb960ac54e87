import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestServer } from '../helpers/server'
import { RETRY_DELAYS_MS, JITTER } from '../../src/modules/webhooks/backoff'
import { startReceiver, serviceSignatureValid, standardSignatureValid, type Receiver } from './receiver'
import { api, deliverAt, restTenant, startWebhookServer, type RestTenant } from './setup'

// Real servers and CLI processes on a shared machine: generous per-test time.
setDefaultTimeout(120_000)

const dataDir = mkdtempSync(join(tmpdir(), 'wf-webhook-retries-'))
let server: TestServer
let receiver: Receiver

beforeAll(async () => {
  server = await startWebhookServer({ dataDir, keepData: true })
  receiver = startReceiver()
})
afterAll(async () => {
  receiver.stop()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

interface Delivery {
  id: string
  status: string
  attempts: number
  next_attempt_at: string | null
  last_attempt_at: string | null
  last_error: string | null
  response_status: number | null
  attempt_log: { attempt: number; started_at: string; response_status: number | null; error: string | null }[]
}

/** The only delivery of a subscription, once its latest attempt is recorded. */
async function deliveryOf(t: RestTenant, subId: string, attempts: number): Promise<Delivery> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const res = await api(server, t.token).get(`/webhooks/${subId}/deliveries`)
    const d = res.body.data[0] as Delivery | undefined
    if (d && d.attempt_log.length >= attempts) return d
    if (Date.now() > deadline) throw new Error(`delivery did not reach ${attempts} recorded attempts: ${JSON.stringify(d)}`)
    await Bun.sleep(50)
  }
}

/** A failing subscription and one real event (a plan change) sent to it at least once. */
async function failingSubscription(path: string, events = ['subscription.plan_changed']) {
  const t = await restTenant(server)
  const sub = await api(server, t.token).post('/webhooks/subscribe', { url: `${receiver.url}/${path}`, events })
  expect((await server.cli(['plan', 'set', 'enterprise', '--tenant', t.tenant])).code).toBe(0)
  return { t, sub: sub.body as { id: string; secret: string } }
}

const gap = (d: Delivery) => Date.parse(d.next_attempt_at!) - Date.parse(d.attempt_log.at(-1)!.started_at)

describe('webhook retries', () => {
  test('a failing receiver gets retries on schedule; a server killed between attempts loses and doubles none', async () => {
    let failing = true
    receiver.respond((r) => (r.path.endsWith('/flaky') && failing ? new Response('down for maintenance', { status: 503 }) : new Response('ok')))
    const { t, sub } = await failingSubscription('flaky')
    let d = await deliveryOf(t, sub.id, 1)
    expect(d).toMatchObject({ status: 'pending', attempts: 1, response_status: 503 })
    expect(gap(d)).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] * (1 - JITTER))
    expect(gap(d)).toBeLessThanOrEqual(RETRY_DELAYS_MS[0] * (1 + JITTER))

    // Nothing is sent before the retry is due.
    expect((await deliverAt(server, Date.parse(d.next_attempt_at!) - 1000)).attempted).toBe(0)

    // Kill the server outright between attempts, then start it again on the same data.
    await server.stop('SIGKILL')
    server = await startWebhookServer({ dataDir, keepData: true })

    for (const [i, delay] of [
      [2, RETRY_DELAYS_MS[1]],
      [3, RETRY_DELAYS_MS[2]],
    ] as const) {
      expect((await deliverAt(server, d.next_attempt_at!)).attempted).toBe(1)
      d = await deliveryOf(t, sub.id, i)
      expect(d).toMatchObject({ status: 'pending', attempts: i })
      expect(gap(d)).toBeGreaterThanOrEqual(delay * (1 - JITTER))
      expect(gap(d)).toBeLessThanOrEqual(delay * (1 + JITTER))
    }
    failing = false
    expect((await deliverAt(server, d.next_attempt_at!)).succeeded).toBe(1)
    d = await deliveryOf(t, sub.id, 4)
    expect(d).toMatchObject({ status: 'succeeded', attempts: 4, response_status: 200, next_attempt_at: null })

    // Later passes send nothing more.
    expect((await deliverAt(server, Date.parse(d.last_attempt_at!) + 7 * 24 * 3600_000)).attempted).toBe(0)
    const got = receiver.received.filter((r) => r.path.endsWith('/flaky'))
    expect(got).toHaveLength(4)
    expect(new Set(got.map((r) => r.envelope.id)).size).toBe(1)
    expect(new Set(got.map((r) => r.body)).size).toBe(1)
    for (const r of got) {
      expect(serviceSignatureValid(sub.secret, r)).toBe(true)
      expect(standardSignatureValid(sub.secret, r)).toBe(true)
    }
    expect(d.attempt_log.map((a) => a.response_status)).toEqual([503, 503, 503, 200])
  })

  test('after 8 failed attempts over about 45 hours a delivery is failed for good', async () => {
    receiver.respond((r) => (r.path.endsWith('/broken') ? new Response('nope', { status: 500 }) : new Response('ok')))
    const { t, sub } = await failingSubscription('broken')
    let d = await deliveryOf(t, sub.id, 1)
    for (let i = 2; i <= 8; i++) {
      await deliverAt(server, d.next_attempt_at!)
      d = await deliveryOf(t, sub.id, i)
    }
    expect(d).toMatchObject({ status: 'failed', attempts: 8, next_attempt_at: null })
    const span = Date.parse(d.attempt_log.at(-1)!.started_at) - Date.parse(d.attempt_log[0]!.started_at)
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)
    expect(span).toBeGreaterThanOrEqual(total * (1 - JITTER))
    expect(span).toBeLessThanOrEqual(total * (1 + JITTER) + 60_000)
    expect(receiver.received.filter((r) => r.path.endsWith('/broken'))).toHaveLength(8)
  })

  test('an endpoint failing for 3 days is disabled with a reason and is sent nothing more', async () => {
    receiver.respond((r) => (r.path.endsWith('/dead') ? new Response('err', { status: 500 }) : new Response('ok')))
    const { t, sub } = await failingSubscription('dead', ['*'])
    const first = await deliveryOf(t, sub.id, 1)
    const failingSince = Date.parse(first.attempt_log[0]!.started_at)
    const res = await deliverAt(server, failingSince + 3 * 24 * 3600_000 + 60_000)
    expect(res.disabled_subscriptions).toEqual([sub.id])
    const read = await api(server, t.token).get(`/webhooks/${sub.id}`)
    expect(read.body.status).toBe('disabled')
    expect(read.body.disabled_reason).toContain('3 days')
    expect((await deliveryOf(t, sub.id, 2)).status).toBe('failed')
    // Nothing new is sent to a disabled endpoint.
    const before = receiver.received.filter((r) => r.path.endsWith('/dead')).length
    expect((await server.cli(['plan', 'set', 'business', '--tenant', t.tenant])).code).toBe(0)
    expect((await deliverAt(server, failingSince + 4 * 24 * 3600_000)).attempted).toBe(0)
    expect(receiver.received.filter((r) => r.path.endsWith('/dead')).length).toBe(before)
  })
})
