/**
 * Issue 18: the REST answer cache (src/surfaces/rest-cache.ts). Requests that find an answer
 * missing together (they go on together once their turn's rate-limit counts commit) get ONE
 * computation of it, and an answer is never served after the data it came from changed. Real
 * server, real HTTP; the computations are read from GET /metrics with a Prometheus text parser.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { answerCacheCounts } from '../helpers/answer-cache'
import { restTenant } from '../rest/helpers/api'
import { agentClient, at, daysAgo, uploadSamples } from '../rest/helpers/people'
import { seedOrg, type Org } from '../rest/helpers/org'
import { startServer, type TestServer } from '../helpers/server'

// Real servers and CLI processes on a shared machine: room for the hooks (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>
let org: Org
/** A finished day: its answer depends on the data only, so it is kept until the data changes. */
const Y = daysAgo(1)

beforeAll(async () => {
  server = await startServer()
  acme = await restTenant(server)
  org = seedOrg(server, acme.tenant)
  const alice = await agentClient(server, acme.tenant, org.users.alice)
  await uploadSamples(alice, [{ application: 'Visual Studio Code', at: at(Y, '09:00'), seconds: 600 }])
})
afterAll(() => server.stop())

/** This server's count of activity-summary requests by result: hit, computed or joined. */
async function cacheCounts(): Promise<Record<'hit' | 'computed' | 'joined', number>> {
  const res = await fetch(`${server.url}/metrics`)
  expect(res.status).toBe(200)
  return answerCacheCounts(await res.text(), 'get_activity_summary')
}

/** `n` requests for the day's summary sent at once: their statuses and bodies. */
async function together(n: number): Promise<{ statuses: number[]; bodies: string[] }> {
  const answers = await Promise.all(
    Array.from({ length: n }, () => fetch(`${server.url}/api/v1/activity/summary?date=${Y}`, { headers: { authorization: `Bearer ${acme.readKey}` } })),
  )
  return { statuses: answers.map((a) => a.status), bodies: await Promise.all(answers.map((a) => a.text())) }
}

const deltaOf = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]))

describe('REST answer cache', () => {
  test('requests that find the answer missing together get one computation of it, and the same bytes', async () => {
    const before = await cacheCounts()
    const { statuses, bodies } = await together(24)
    const delta = deltaOf(before, await cacheCounts())
    expect(statuses).toEqual(Array.from({ length: 24 }, () => 200))
    expect(new Set(bodies).size).toBe(1)
    expect(JSON.parse(bodies[0]!).users.find((u: { name: string }) => u.name === 'Alice').productive_seconds).toBe(600)
    // One computation; every other request was given it (joined) or found it kept (hit).
    expect(delta.computed).toBe(1)
    expect(delta.joined! + delta.hit!).toBe(23)
  })

  test('a change to the data is in the very next answers, computed once again', async () => {
    const alice = await agentClient(server, acme.tenant, org.users.alice)
    await uploadSamples(alice, [{ application: 'Visual Studio Code', at: at(Y, '11:00'), seconds: 300 }])
    const before = await cacheCounts()
    const { statuses, bodies } = await together(24)
    const delta = deltaOf(before, await cacheCounts())
    expect(statuses.every((s) => s === 200)).toBe(true)
    expect(new Set(bodies).size).toBe(1)
    expect(JSON.parse(bodies[0]!).users.find((u: { name: string }) => u.name === 'Alice').productive_seconds).toBe(900)
    expect(delta.computed).toBe(1)
    expect(delta.joined! + delta.hit!).toBe(23)
  })
})
