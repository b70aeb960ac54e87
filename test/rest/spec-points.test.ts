import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { rateHeaders, restClient, restTenant } from './helpers/api'

// Real servers and CLI processes on a shared machine: room for hooks (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>

beforeAll(async () => {
  server = await startServer()
  acme = await restTenant(server)
})
afterAll(() => server.stop())

describe('issue 13: REST errors always carry details', () => {
  test('every error envelope has details, null when there are no structured facts', async () => {
    const answers = [
      await restClient(server).get('/teams'), // 401, no key
      await acme.ro.get('/nothing-here'), // 404, unknown path
      await acme.rw.post('/tasks', '{"title": "x",,}'), // 400, not JSON
      await acme.ro.get('/teams/00000000-0000-4000-8000-000000000000'), // 404 of an operation
      await acme.rw.post('/tasks', { title: 5 }), // 400 validation, details is an object
    ]
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(Object.keys(res.body.error).sort()).toEqual(['code', 'details', 'message'])
      const d = res.body.error.details
      expect(d === null || (typeof d === 'object' && !Array.isArray(d))).toBe(true)
    }
    expect(answers[0]!.body.error.details).toBeNull()
    expect(answers[1]!.body.error.details).toBeNull()
    expect(answers[4]!.body.error.details).toMatchObject({ errors: expect.any(Array) })
  })
})

describe('issue 13: rate-limit headers of an unknown path', () => {
  test("with a valid token they show the token's real window: the request counts like any other", async () => {
    const token = restClient(server, acme.readKey)
    await token.get('/teams')
    await token.get('/teams')
    const counted = rateHeaders((await token.get('/teams')).headers)
    expect(counted.remainingHour).toBeLessThan(counted.limitHour)
    const unknown = await token.get('/nothing-here')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'No such endpoint.', details: null })
    const h = rateHeaders(unknown.headers)
    expect(h.remainingHour).toBe(counted.remainingHour - 1)
    expect(h.remainingDay).toBe(counted.remainingDay - 1)
    expect(h.resetHour).toBe(counted.resetHour)
    const next = rateHeaders((await token.get('/teams')).headers)
    expect(next.remainingHour).toBe(counted.remainingHour - 2)
  })

  test('a client API unknown path with a live key shows the key and tenant windows', async () => {
    const live = restClient(server, acme.ownerKey)
    const res = await live.get('/client/nothing-here')
    expect(res.status).toBe(404)
    const h = rateHeaders(res.headers)
    expect(h.remainingHour).toBe(h.limitHour - 1)
    expect(res.headers.get('x-ratelimit-tenant-remaining-hour')).not.toBeNull()
  })

  test('without a key, or with a key that is not valid, the untouched window stays', async () => {
    for (const res of [await restClient(server).get('/nothing-here'), await restClient(server, 'wf_api_not_a_real_key').get('/nothing-here')]) {
      expect(res.status).toBe(404)
      const h = rateHeaders(res.headers)
      expect(h.remainingHour).toBe(h.limitHour)
    }
  })
})
