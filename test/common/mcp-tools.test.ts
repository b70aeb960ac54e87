/**
 * Common checks of every MCP tool, generated from what tools/list publishes (names, inputSchema,
 * outputSchema, annotations): a tool added to the server gets them without anyone writing a test.
 * Arguments are built from each tool's inputSchema; every structuredContent received is checked
 * against the tool's published outputSchema, which the tests do themselves rather than trust the
 * SDK client to.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types'
import { mcpClient, rpc } from '../helpers/mcp'
import { exampleObject, isUuidSchema, randomId, type JsonSchema } from './helpers-example'
import { idOf, startWorld, type TenantKeys } from './helpers-world'

const world = await startWorld()
const { server, acme, other, demo } = world
const clients = {
  /** The OwnerAdmin of acme (user-scoped live key): reaches every tool. */
  admin: await mcpClient(server.url, acme.owner, 'common-tests'),
  anonymous: await mcpClient(server.url, undefined, 'common-tests'),
  /** The public demo key (wf_demo_). */
  demoKey: await mcpClient(server.url, demo.publicKey, 'common-tests'),
  /** A production-kind key (wf_live_) of the demo tenant: demo mode comes from the tenant. */
  demoTenant: await mcpClient(server.url, demo.live, 'common-tests'),
}
afterAll(async () => {
  for (const client of Object.values(clients)) await client.close()
  await server.stop()
})

interface PublishedTool {
  name: string
  inputSchema: JsonSchema
  outputSchema?: JsonSchemaType
  annotations?: { readOnlyHint?: boolean }
}

const tools = (await clients.admin.listTools()).tools as PublishedTool[]
/** Public tools are the ones listed to a caller without a key. */
const publicTools = new Set((await clients.anonymous.listTools()).tools.map((t) => t.name))
const writeTools = tools.filter((t) => t.annotations?.readOnlyHint === false)

const idsOf = (t: TenantKeys) => (field: string) => idOf(t, field)
/** Required arguments, and every id argument with a real id of acme (the caller). */
const argsFor = (tool: PublishedTool, ids = idsOf(acme)) => exampleObject(tool.inputSchema, '', { idFor: ids, withOptionalIds: true })
const idArguments = (tool: PublishedTool) => Object.entries(tool.inputSchema.properties ?? {}).filter(([, s]) => isUuidSchema(s))

const validator = new AjvJsonSchemaValidator()

interface Outcome {
  isError: boolean
  structured: Record<string, unknown>
}

/** Calls a tool and checks its structuredContent against the published outputSchema, and the text against it. */
async function call(client: Client, tool: PublishedTool, args: Record<string, unknown>): Promise<Outcome> {
  const result = await client.callTool({ name: tool.name, arguments: args })
  const structured = result.structuredContent as Record<string, unknown>
  if (!tool.outputSchema) throw new Error(`${tool.name} publishes no outputSchema`)
  const check = validator.getValidator(tool.outputSchema)(structured)
  expect({ tool: tool.name, schemaErrors: check.errorMessage ?? null, structured }).toMatchObject({ tool: tool.name, schemaErrors: null })
  const content = result.content as { type: string; text: string }[]
  expect(JSON.parse(content[0]!.text)).toEqual(structured)
  return { isError: result.isError === true, structured }
}

const expectToolError = (o: Outcome, code: string) => expect({ isError: o.isError, error: o.structured.error }).toEqual({ isError: true, error: code })

describe('every tool answers its outputSchema', () => {
  for (const tool of tools) {
    test(`output schema: ${tool.name}`, async () => {
      const outcome = await call(clients.admin, tool, argsFor(tool))
      expect({ tool: tool.name, isError: outcome.isError, structured: outcome.structured }).toMatchObject({ tool: tool.name, isError: false })
    })
  }
})

describe('no key: refused with HTTP 401 (so OAuth clients sign in: docs/oauth.md), except the public tools', () => {
  test('some tools are public and most are not (the split below is real)', () => {
    expect(publicTools.size).toBeGreaterThan(0)
    expect(publicTools.size).toBeLessThan(tools.length)
  })
  for (const tool of tools) {
    test(`no key: ${tool.name}`, async () => {
      if (publicTools.has(tool.name)) {
        const outcome = await call(clients.anonymous, tool, argsFor(tool))
        expect({ tool: tool.name, isError: outcome.isError }).toEqual({ tool: tool.name, isError: false })
      } else {
        const res = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool.name, arguments: argsFor(tool) } })
        const body = (await res.json()) as { error?: { message?: string; data?: { error?: unknown } } }
        expect({ status: res.status, error: body.error?.data?.error }).toEqual({ status: 401, error: 'unauthorized' })
        expect(body.error?.message).toContain('wf_demo_')
        expect(res.headers.get('www-authenticate')).toStartWith('Bearer resource_metadata="')
      }
    })
  }
})

describe('a wrong key: HTTP 401 before any tool runs', () => {
  const wrongKeys = {
    'unknown key': `wf_live_${'Q'.repeat(12)}${'z'.repeat(32)}`,
    'malformed key': 'not-a-workforce-key',
  }
  for (const tool of tools) {
    for (const [rule, key] of Object.entries(wrongKeys)) {
      test(`${rule}: ${tool.name}`, async () => {
        const res = await rpc(
          server.url,
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool.name, arguments: argsFor(tool) } },
          { authorization: `Bearer ${key}` },
        )
        const body = (await res.json()) as { error?: { data?: { error?: unknown } } }
        expect({ status: res.status, error: body.error?.data?.error }).toEqual({ status: 401, error: 'unauthorized' })
        expect(res.headers.get('www-authenticate')).toStartWith('Bearer error="invalid_token", resource_metadata="')
      })
    }
  }
})

describe("another tenant's id: not_found, the same answer as for an id that exists nowhere", () => {
  for (const tool of tools) {
    for (const [arg, schema] of idArguments(tool)) {
      test(`other tenant's ${arg}: ${tool.name}`, async () => {
        const otherId = idsOf(other)(arg)
        if (!otherId) throw new Error(`no id of the other tenant for ${arg}: teach helpers-world.ts (kindOf, createUnlisted) to find one`)
        const nowhere = randomId(schema, arg)
        const [foreign, missing] = [
          await call(clients.admin, tool, { ...argsFor(tool), [arg]: otherId }),
          await call(clients.admin, tool, { ...argsFor(tool), [arg]: nowhere }),
        ]
        expectToolError(foreign, 'not_found')
        // Identical but for the id itself (a message may name the id it did not find).
        expect(JSON.stringify(foreign.structured).replaceAll(otherId, '<id>')).toBe(JSON.stringify(missing.structured).replaceAll(nowhere, '<id>'))
      })
    }
  }
})

describe('demo mode on a write tool: demo_mode_read_only', () => {
  test('some tools write (the rules below are generated for them)', () => expect(writeTools.length).toBeGreaterThan(0))
  for (const tool of writeTools) {
    test(`public demo key: ${tool.name}`, async () => expectToolError(await call(clients.demoKey, tool, argsFor(tool)), 'demo_mode_read_only'))
    test(`demo tenant: ${tool.name}`, async () => expectToolError(await call(clients.demoTenant, tool, argsFor(tool)), 'demo_mode_read_only'))
  }
})
