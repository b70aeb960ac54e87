import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { TestServer } from '../helpers/server'
import { startReceiver, type Receiver } from './receiver'
import { api, restTenant, startWebhookServer } from './setup'

// Real servers and CLI processes on a shared machine: generous per-test time.
setDefaultTimeout(120_000)

let server: TestServer
let receiver: Receiver

beforeAll(async () => {
  server = await startWebhookServer()
  receiver = startReceiver()
})
afterAll(async () => {
  receiver.stop()
  await server.stop()
})

/** A tenant with one subscription at receiver path `path`; `answer` decides the responses there. */
async function subscribed(path: string, answer: (r: import('./receiver').Received) => Response | Promise<Response>) {
  const previous = receiver
  const t = await restTenant(server)
  const client = api(server, t.token)
  const sub = await client.post('/webhooks/subscribe', { url: `${previous.url}/${path}` })
  expect(sub.status).toBe(201)
  routes.set(`/hooks/${path}`, answer)
  return { t, client, sub: sub.body as { id: string; secret: string } }
}

const routes = new Map<string, (r: import('./receiver').Received) => Response | Promise<Response>>()

describe('how webhook responses are treated', () => {
  beforeAll(() => receiver.respond((r) => routes.get(r.path)?.(r) ?? new Response('ok')))

  test('a 3xx is a failure and the redirect is never followed', async () => {
    const { client, sub } = await subscribed('moved', () => new Response(null, { status: 302, headers: { location: `${receiver.url}/target` } }))
    const res = await client.post(`/webhooks/${sub.id}/test`)
    expect(res.body.delivery).toMatchObject({ status: 'pending', response_status: 302 })
    expect(res.body.delivery.last_error).toContain('redirect')
    expect(receiver.received.filter((r) => r.path === '/hooks/target')).toHaveLength(0)
  })

  test('a 410 disables the subscription at once and abandons its pending deliveries', async () => {
    let gone = false
    const { t, client, sub } = await subscribed('gone', () => new Response('bye', { status: gone ? 410 : 500 }))
    expect((await server.cli(['plan', 'set', 'enterprise', '--tenant', t.tenant])).code).toBe(0)
    await receiver.waitFor((all) => all.some((r) => r.path === '/hooks/gone'))
    let pending: { status: string }[] = []
    for (let i = 0; i < 200 && pending.length === 0; i++) {
      pending = (await client.get(`/webhooks/${sub.id}/deliveries?status=pending`)).body.data
      if (!pending.length) await Bun.sleep(50)
    }
    expect(pending).toHaveLength(1)
    gone = true
    const test410 = await client.post(`/webhooks/${sub.id}/test`)
    expect(test410.body.delivery).toMatchObject({ status: 'failed', response_status: 410 })
    const read = await client.get(`/webhooks/${sub.id}`)
    expect(read.body).toMatchObject({ status: 'disabled' })
    expect(read.body.disabled_reason).toContain('410')
    const all = (await client.get(`/webhooks/${sub.id}/deliveries`)).body.data as { event: string; status: string }[]
    expect(all.find((d) => d.event === 'subscription.plan_changed')?.status).toBe('abandoned')
    expect((await client.post(`/webhooks/${sub.id}/test`)).status).toBe(409)
    // Fixed endpoint: re-enabled, it is delivered to again.
    gone = false
    routes.set('/hooks/gone', () => new Response('back'))
    const enabled = await client.post(`/webhooks/${sub.id}/enable`)
    expect(enabled.body).toMatchObject({ status: 'active', disabled_reason: null, failing_since: null })
    expect((await client.post(`/webhooks/${sub.id}/test`)).body.delivery).toMatchObject({ status: 'succeeded', response_status: 200 })
  })

  test('response bodies are read only up to 1 KiB and kept as an excerpt', async () => {
    const { client, sub } = await subscribed('chatty', () => new Response('x'.repeat(200_000), { status: 500 }))
    const res = await client.post(`/webhooks/${sub.id}/test`)
    expect(res.body.delivery.response_status).toBe(500)
    expect(res.body.delivery.response_excerpt.length).toBeLessThanOrEqual(1024)
    expect(res.body.delivery.response_excerpt.length).toBeGreaterThan(0)
  })

  test('a slow receiver does not hold up deliveries to other endpoints', async () => {
    let release: () => void = () => {}
    const hold = new Promise<void>((r) => (release = r))
    const slow = await subscribed('slow', () => hold.then(() => new Response('late')))
    const fast = await subscribed('fast', () => new Response('ok'))
    expect((await server.cli(['plan', 'set', 'enterprise', '--tenant', slow.t.tenant])).code).toBe(0)
    await receiver.waitFor((all) => all.some((r) => r.path === '/hooks/slow'))
    // The slow endpoint holds its request open until a later event for another endpoint arrived.
    expect((await server.cli(['plan', 'set', 'enterprise', '--tenant', fast.t.tenant])).code).toBe(0)
    await receiver.waitFor((all) => all.some((r) => r.path === '/hooks/fast'))
    release()
    let d = (await slow.client.get(`/webhooks/${slow.sub.id}/deliveries`)).body.data[0]
    for (let i = 0; i < 200 && d.status === 'pending'; i++) {
      await Bun.sleep(50)
      d = (await slow.client.get(`/webhooks/${slow.sub.id}/deliveries`)).body.data[0]
    }
    expect(d).toMatchObject({ status: 'succeeded', attempts: 1, response_status: 200 })
  })

  test('a receiver that does not answer within 10 s fails with a timeout and is retried later', async () => {
    const silent = await subscribed('silent', () => new Promise<Response>(() => {}))
    const res = await silent.client.post(`/webhooks/${silent.sub.id}/test`)
    expect(res.body.delivery).toMatchObject({ status: 'pending', response_status: null, attempts: 1 })
    expect(res.body.delivery.last_error).toContain('timeout')
    expect(res.body.delivery.next_attempt_at).not.toBeNull()
  })
})
