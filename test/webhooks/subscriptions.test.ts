import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { TestServer } from '../helpers/server'
import { createKeyFixture } from '../helpers/fixtures'
import { HIGH_FREQUENCY_EVENTS } from '../../src/modules/webhooks/event-names'
import { api, restTenant, startWebhookServer, type RestTenant } from './setup'

// Real servers and CLI processes on a shared machine: generous per-test time.
setDefaultTimeout(120_000)

let server: TestServer
let tenant: RestTenant
let client: ReturnType<typeof api>
const hook = 'http://127.0.0.1:9/hooks'

beforeAll(async () => {
  server = await startWebhookServer()
  tenant = await restTenant(server)
  client = api(server, tenant.token)
})
afterAll(() => server.stop())

describe('POST /api/v1/webhooks/subscribe', () => {
  test('returns the subscription with its whsec_ secret once, and never again', async () => {
    const res = await client.post('/webhooks/subscribe', { url: hook, description: 'ERP sync' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ url: hook, events: null, description: 'ERP sync', status: 'active', disabled_reason: null })
    expect(res.body.id).toMatch(/^whk_/)
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const read = await client.get(`/webhooks/${res.body.id}`)
    expect(read.status).toBe(200)
    expect(read.body.secret).toBeUndefined()
    const list = await client.get('/webhooks')
    expect(list.body.data.find((s: { id: string }) => s.id === res.body.id)).toBeDefined()
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret)
  })

  test('the default selection is every event except clock.in, clock.out, break.* and location.*', async () => {
    const res = await client.post('/webhooks/subscribe', { url: hook })
    expect(res.body.selected_events).toHaveLength(32 - HIGH_FREQUENCY_EVENTS.length)
    for (const e of HIGH_FREQUENCY_EVENTS) expect(res.body.selected_events).not.toContain(e)
    expect(res.body.selected_events).toContain('clock.in.failed')
    expect(res.body.selected_events).toContain('timesheet.approved')
  })

  test('high-frequency events are selected by name or by group pattern', async () => {
    const res = await client.post('/webhooks/subscribe', { url: hook, events: ['clock.in', 'break.*', 'timesheet.approved'] })
    expect(res.status).toBe(201)
    expect(res.body.events).toEqual(['clock.in', 'break.*', 'timesheet.approved'])
    expect(res.body.selected_events).toEqual(['clock.in', 'break.started', 'break.ended', 'timesheet.approved'])
  })

  test('refuses an unknown event name with invalid_argument naming it', async () => {
    const res = await client.post('/webhooks/subscribe', { url: hook, events: ['timesheet.approved', 'timesheet.exploded', 'nope.*'] })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid_argument')
    expect(res.body.error.message).toContain('timesheet.exploded')
    expect(res.body.error.details.unknown).toEqual(['timesheet.exploded', 'nope.*'])
  })

  test('refuses a misspelt field rather than ignoring it', async () => {
    const res = await client.post('/webhooks/subscribe', { url: hook, evnts: ['task.created'] })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid_argument')
    expect(res.body.error.message).toContain('evnts')
  })

  test('refuses an empty selection, a non-http scheme and credentials in the URL', async () => {
    for (const body of [{ url: hook, events: [] }, { url: 'ftp://127.0.0.1/hooks' }, { url: 'http://user:pass@127.0.0.1/hooks' }, { url: 'not a url' }]) {
      const res = await client.post('/webhooks/subscribe', body)
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('invalid_argument')
    }
  })

  test('refuses metadata, link-local and private addresses that are not allow-listed', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/',
      'http://10.1.2.3/h',
      'http://192.168.1.10/h',
      'http://[::1]/h',
      'http://0.0.0.0/h',
      'http://100.64.0.1/h',
    ]) {
      const res = await client.post('/webhooks/subscribe', { url })
      expect(res.status).toBe(400)
      expect(res.body.error.message).toContain('WORKFORCE_WEBHOOK_ALLOW_CIDRS')
    }
  })

  test('needs a read_write token; a read token may still list', async () => {
    const read = await createKeyFixture(server, tenant.tenant, { kind: 'api', role: 'admin', scope: 'read' })
    const res = await api(server, read.key).post('/webhooks/subscribe', { url: hook })
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('forbidden')
    expect((await api(server, read.key).get('/webhooks')).status).toBe(200)
  })

  test('is refused in demo mode', async () => {
    const demo = await createKeyFixture(server, server.demoTenant, { kind: 'api', role: 'admin', scope: 'read_write' })
    const res = await api(server, demo.key).post('/webhooks/subscribe', { url: hook })
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('demo_mode_read_only')
  })

  test('is limited to 25 subscriptions per tenant', async () => {
    const own = await restTenant(server)
    const c = api(server, own.token)
    for (let i = 0; i < 25; i++) expect((await c.post('/webhooks/subscribe', { url: `${hook}/${i}` })).status).toBe(201)
    const res = await c.post('/webhooks/subscribe', { url: hook })
    expect(res.status).toBe(409)
    expect(res.body.error.message).toContain('25')
  })
})

describe('webhook subscription management', () => {
  test('another tenant cannot read, test, rotate or delete a subscription (404)', async () => {
    const sub = await client.post('/webhooks/subscribe', { url: hook })
    const other = api(server, (await restTenant(server)).token)
    expect((await other.get(`/webhooks/${sub.body.id}`)).status).toBe(404)
    expect((await other.get(`/webhooks/${sub.body.id}/deliveries`)).status).toBe(404)
    expect((await other.post(`/webhooks/${sub.body.id}/test`)).status).toBe(404)
    expect((await other.post(`/webhooks/${sub.body.id}/rotate-secret`)).status).toBe(404)
    expect((await other.delete(`/webhooks/${sub.body.id}`)).status).toBe(404)
    expect((await client.get(`/webhooks/${sub.body.id}`)).status).toBe(200)
  })

  test('delete removes the subscription', async () => {
    const sub = await client.post('/webhooks/subscribe', { url: hook })
    const del = await client.delete(`/webhooks/${sub.body.id}`)
    expect(del.body).toEqual({ id: sub.body.id, deleted: true })
    expect((await client.get(`/webhooks/${sub.body.id}`)).status).toBe(404)
  })

  test('a test event to an unreachable endpoint is recorded as a failed attempt with a retry scheduled', async () => {
    const sub = await client.post('/webhooks/subscribe', { url: hook })
    const res = await client.post(`/webhooks/${sub.body.id}/test`)
    expect(res.status).toBe(200)
    expect(res.body.delivery).toMatchObject({ status: 'pending', attempts: 1, response_status: null })
    expect(res.body.delivery.last_error).toBeTruthy()
    expect(Date.parse(res.body.delivery.next_attempt_at)).toBeGreaterThan(Date.parse(res.body.delivery.last_attempt_at))
    const list = await client.get(`/webhooks/${sub.body.id}/deliveries?status=pending`)
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([res.body.delivery.id])
    expect(list.body.pagination).toMatchObject({ page: 1, total: 1, has_more: false })
  })
})

describe('GET /api/v1/webhooks/events', () => {
  test('lists the 32 events with descriptions, high-frequency flags and payload JSON schemas', async () => {
    const res = await client.get('/webhooks/events')
    expect(res.status).toBe(200)
    expect(res.body.events).toHaveLength(32)
    const approved = res.body.events.find((e: { name: string }) => e.name === 'timesheet.approved')
    expect(approved.high_frequency).toBe(false)
    expect(Object.keys(approved.payload_schema.properties).sort()).toEqual([
      'approvedAt',
      'approvedByEmail',
      'periodEnd',
      'periodStart',
      'totalHours',
      'userEmail',
    ])
    const hf = res.body.events.filter((e: { high_frequency: boolean }) => e.high_frequency).map((e: { name: string }) => e.name)
    expect(hf.sort()).toEqual([...HIGH_FREQUENCY_EVENTS].sort())
    expect(res.body.test_event.name).toBe('webhook.test')
  })
})

describe('the OpenAPI document', () => {
  test('describes every event as an OpenAPI 3.1 webhook with its envelope, headers and payload schema', async () => {
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { webhooks: Record<string, { post: any }>; paths: Record<string, unknown> }
    expect(Object.keys(doc.webhooks)).toHaveLength(33)
    const approved = doc.webhooks['timesheet.approved']!.post
    const envelope = approved.requestBody.content['application/json'].schema
    expect(envelope.required).toEqual(['id', 'event', 'timestamp', 'tenant', 'data'])
    expect(Object.keys(envelope.properties.data.properties)).toEqual(['userEmail', 'periodStart', 'periodEnd', 'totalHours', 'approvedByEmail', 'approvedAt'])
    expect(approved.parameters.map((p: { name: string }) => p.name)).toContain('webhook-signature')
    expect(doc.paths['/api/v1/webhooks/subscribe']).toBeDefined()
  })
})
