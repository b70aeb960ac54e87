import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture, createTenantFixture } from '../helpers/fixtures'
import { restClient, type RestClient } from './helpers/api'

// Real server and CLI processes on a shared machine: room for hooks (not a timing assertion).
setDefaultTimeout(120_000)

/** Every paginated REST list (the shared PageQuery). */
const LISTS = [
  '/teams',
  '/users',
  '/projects',
  '/tasks',
  '/timesheets',
  '/activity/records?user_id=00000000-0000-4000-8000-000000000000',
  '/teams/00000000-0000-4000-8000-000000000000/members',
]

let server: TestServer
let api: RestClient

beforeAll(async () => {
  server = await startServer()
  const { tenant } = await createTenantFixture(server)
  api = restClient(server, (await createKeyFixture(server, tenant, { kind: 'api', role: 'admin', scope: 'read' })).key)
}, 120_000)
afterAll(async () => {
  await server.stop()
})

describe('paging parameters are bounded and parsed strictly', () => {
  const bad: [string, string][] = [
    ['page', '9223372036854775807'],
    ['page', '1e21'],
    ['page', '1000001'],
    ['page', '1.5'],
    ['page', '0x10'],
    ['page', '0'],
    ['page_size', '1e2'],
    ['page_size', '101'],
    ['page_size', '18446744073709551616'],
  ]
  for (const [field, value] of bad) {
    test(`${field}=${value} answers 400 invalid_argument naming ${field} on every list`, async () => {
      for (const path of LISTS) {
        const res = await api.get(`${path}${path.includes('?') ? '&' : '?'}${field}=${value}`)
        expect({ path, status: res.status }).toEqual({ path, status: 400 })
        expect(res.body.error.code).toBe('invalid_argument')
        expect(res.body.error.message).toContain(field)
        expect(res.body.error.details.errors).toEqual([expect.objectContaining({ field })])
      }
    })
  }

  test('the largest page answers 200 with an empty page; plain integers still work', async () => {
    const last = await api.get('/teams?page=1000000&page_size=100')
    expect(last.status).toBe(200)
    expect(last.body.data).toEqual([])
    expect(last.body.pagination).toMatchObject({ page: 1000000, page_size: 100, has_more: false })
    const second = await api.get('/users?page=2&page_size=1')
    expect(second.status).toBe(200)
    expect(second.body.pagination).toMatchObject({ page: 2, page_size: 1 })
  })
})
