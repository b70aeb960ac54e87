/**
 * Common checks of every REST and client API operation, generated from the OpenAPI document the
 * server publishes (as unkey's runCommonRouteTests): a route added to the server gets them
 * without anyone writing a test. Order of checks on the server: 401 -> 429 -> 400 -> plan ->
 * demo -> role and scope -> the operation (404 …), so the 403 and demo cases send a valid input
 * built from the operation's own schemas.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { randomId } from './helpers-example'
import { callOperation, invalidInputOf, type ApiAnswer, type RestOperation } from './helpers-openapi'
import { idOf, startWorld, type TenantKeys } from './helpers-world'

const world = await startWorld()
afterAll(() => world.server.stop())

const { operations, acme, other, demo, server } = world
const keyed = operations.filter((op) => !op.isPublic)
const writes = keyed.filter((op) => op.isWrite)

/** The key kind each surface takes: REST tokens (wf_api_) or client live keys (wf_live_). */
const PREFIX = { rest: 'wf_api_', client: 'wf_live_' } as const
const ownKey = (op: RestOperation) => (op.surface === 'rest' ? acme.restWrite : acme.owner)
const readKey = (op: RestOperation) => (op.surface === 'rest' ? acme.restRead : acme.clientRead)
const demoTenantKey = (op: RestOperation) => (op.surface === 'rest' ? demo.restWrite : demo.live)
/** Well formed (prefix, 12-character lookup, 32-character secret) but issued to no one. */
const unknownKey = (op: RestOperation) => `${PREFIX[op.surface]}${'Q'.repeat(12)}${'z'.repeat(32)}`
const idsOf = (t: TenantKeys) => (field: string) => idOf(t, field)

/** A generated case, named by rule and route, so a failure says which route broke which rule. */
function rule(name: string, op: RestOperation, fn: () => Promise<void>): void {
  test(`${name}: ${op.label}`, fn)
}

/** The JSON error envelope `{"error":{"code","message","details"?}}` with this status and code. */
function expectError(res: ApiAnswer, status: number, code: string): void {
  expect({ status: res.status, body: res.body }).toMatchObject({ status, body: { error: { code, message: expect.any(String) } } })
  const body = res.body as { error: Record<string, unknown> }
  expect(Object.keys(body)).toEqual(['error'])
  for (const key of Object.keys(body.error)) expect(['code', 'message', 'details']).toContain(key)
}

describe('public operations answer without a key', () => {
  for (const op of operations.filter((o) => o.isPublic)) {
    rule('public', op, async () => {
      const res = await callOperation(server, op)
      // A made-up input may name nothing (an invitation token no one was sent): then the answer is
      // the operation's own not_found, never a refusal for the missing key.
      if (res.status === 200) return
      expectError(res, 404, 'not_found')
    })
  }
})

describe('no key: 401 unauthorized', () => {
  for (const op of keyed) {
    rule('no key', op, async () => expectError(await callOperation(server, op), 401, 'unauthorized'))
  }
})

describe('no key and an invalid input: 401 before 400, as the documented order says', () => {
  for (const op of keyed.filter((o) => invalidInputOf(o) !== null)) {
    rule('no key, invalid input', op, async () => expectError(await callOperation(server, op, { invalid: true }), 401, 'unauthorized'))
  }
})

describe('a wrong key: 401 unauthorized', () => {
  for (const op of keyed) {
    rule('unknown key', op, async () => expectError(await callOperation(server, op, { key: unknownKey(op) }), 401, 'unauthorized'))
    rule('malformed key', op, async () => expectError(await callOperation(server, op, { key: 'not-a-workforce-key' }), 401, 'unauthorized'))
    // The public demo key (wf_demo_) is for MCP: neither REST nor the client API takes it.
    rule('public demo key', op, async () => expectError(await callOperation(server, op, { key: demo.publicKey }), 401, 'unauthorized'))
  }
})

describe("another tenant's id: 404, the same answer as for an id that exists nowhere", () => {
  for (const op of keyed) {
    for (const param of op.pathParams) {
      rule(`other tenant's ${param.name}`, op, async () => {
        const otherId = idOf(other, param.name)
        if (!otherId) throw new Error(`no id of the other tenant for {${param.name}}: teach helpers-world.ts to create one`)
        const params = Object.fromEntries(op.pathParams.map((p) => [p.name, idOf(acme, p.name) ?? randomId(p.schema, p.name)]))
        const nowhere = randomId(param.schema, param.name)
        const as = (id: string) => callOperation(server, op, { key: ownKey(op), params: { ...params, [param.name]: id }, idFor: idsOf(acme) })
        const [foreign, missing] = [await as(otherId), await as(nowhere)]
        expectError(foreign, 404, 'not_found')
        // Identical but for the id itself (a message may name the id it did not find).
        expect(foreign.text.replaceAll(otherId, '<id>')).toBe(missing.text.replaceAll(nowhere, '<id>'))
      })
    }
  }
})

describe("another tenant's id in a query filter: the same answer as for an id that exists nowhere", () => {
  for (const op of keyed.filter((o) => o.method === 'GET')) {
    for (const param of op.idQuery) {
      rule(`other tenant's ${param.name} (query)`, op, async () => {
        const otherId = idOf(other, param.name)
        if (!otherId) throw new Error(`no id of the other tenant for ?${param.name}: teach helpers-world.ts to create one`)
        const nowhere = randomId(param.schema, param.name)
        // The other id filters are acme's own, so a filter that needs a companion (a period) gets one.
        const own: Record<string, string> = {}
        for (const p of op.idQuery) {
          const id = idOf(acme, p.name)
          if (id) own[p.name] = id
        }
        const as = (id: string) => callOperation(server, op, { key: ownKey(op), query: { ...own, [param.name]: id }, idFor: idsOf(acme) })
        const [foreign, missing] = [await as(otherId), await as(nowhere)]
        // Past validation, or the case proves nothing about the filter.
        expect({ status: missing.status, body: missing.body }).not.toMatchObject({ status: 400 })
        // A filter may answer 404 or an empty page: either way nothing of the other tenant shows.
        expect(foreign.status).toBe(missing.status)
        expect(foreign.text.replaceAll(otherId, '<id>')).toBe(missing.text.replaceAll(nowhere, '<id>'))
      })
    }
  }
})

describe('a read-scope key on a write: 403 forbidden', () => {
  for (const op of writes) {
    rule('read scope', op, async () => expectError(await callOperation(server, op, { key: readKey(op), idFor: idsOf(acme) }), 403, 'forbidden'))
  }
})

describe('a key of the demo tenant on a write: 403 demo_mode_read_only', () => {
  for (const op of writes) {
    rule('demo tenant', op, async () => expectError(await callOperation(server, op, { key: demoTenantKey(op) }), 403, 'demo_mode_read_only'))
  }
})
