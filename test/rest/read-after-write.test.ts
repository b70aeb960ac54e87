import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { restTenant } from './helpers/api'

// Real server and CLI processes on a shared machine: room for hooks (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>

beforeAll(async () => {
  server = await startServer({ env: { WORKFORCE_RATE_LIMIT_HOUR: '1000000', WORKFORCE_RATE_LIMIT_DAY: '1000000' } })
  acme = await restTenant(server)
})
afterAll(() => server.stop())

const total = async (): Promise<number> => {
  const res = await acme.ro.get('/tasks?page_size=1')
  expect(res.status).toBe(200)
  return res.body.pagination.total
}

/**
 * The server's reads of one event-loop turn share a read snapshot (kernel/turn-snapshot.ts). Under
 * a load of concurrent reads, so that snapshots are shared and held across turns all the time, a
 * read sent after a write was acknowledged must see it: by this server, and by another process
 * (the CLI) committing to the same database.
 */
describe('a read sent after a write was acknowledged sees it, while other reads share snapshots', () => {
  test('REST writes of this server, then CLI writes of another process', async () => {
    let stop = false
    let background = 0
    const readers = Array.from({ length: 16 }, async () => {
      while (!stop) {
        const res = await acme.ro.get('/tasks')
        expect(res.status).toBe(200)
        background += 1
      }
    })
    try {
      let expected = await total()
      for (let i = 0; i < 25; i++) {
        const created = await acme.rw.post('/tasks', { title: `Concurrent ${i}` })
        expect(created.status).toBe(201)
        expected += 1
        // Right after the answer, from another connection: the list and its total include it.
        expect(await total()).toBe(expected)
        const page = await acme.ro.get('/tasks?page_size=1')
        expect(page.body.data[0].id).toBe(created.body.id)
      }
      for (let i = 0; i < 3; i++) {
        const cli = await server.cli(['users', 'add', '--tenant', acme.tenant, '--email', `late${i}@example.com`, '--name', `Late Joiner ${i}`])
        expect(cli.code).toBe(0)
        const users = await acme.ro.get(`/users?search=late${i}%40example.com`)
        expect(users.status).toBe(200)
        expect(users.body.data.map((u: { email: string }) => u.email)).toEqual([`late${i}@example.com`])
      }
    } finally {
      stop = true
      await Promise.all(readers)
    }
    // The reads ran alongside, so snapshots were shared under load (not a count to assert on).
    expect(background).toBeGreaterThan(0)
  })
})
