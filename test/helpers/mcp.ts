import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Value } from '@sinclair/typebox/value'
import type { TSchema } from '@sinclair/typebox'
import { mcpOperations } from '../../src/surfaces/mcp-registry'
import { toolOutputSchema } from '../../src/surfaces/mcp-tools'

/** The official SDK client connected to a test server, optionally with a key. */
export async function mcpClient(baseUrl: string, key?: string, clientName = 'workforce-tests'): Promise<Client> {
  const client = new Client({ name: clientName, version: '1.0.0' })
  const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {}
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp/v1`), { requestInit: { headers } }))
  return client
}

const schemas = new Map<string, TSchema>(mcpOperations(true).map((op) => [op.name, toolOutputSchema(op)]))

export interface CallOutcome {
  isError: boolean
  structured: Record<string, unknown>
  /** The text content, parsed: must equal structured. */
  text: unknown
}

/** Calls a tool and checks what the SDK does not: structuredContent against outputSchema (TypeBox). */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallOutcome> {
  const result = await client.callTool({ name, arguments: args })
  const structured = result.structuredContent as Record<string, unknown>
  const schema = schemas.get(name)
  if (!schema) throw new Error(`unknown tool ${name}`)
  if (!Value.Check(schema, structured)) {
    const errors = [...Value.Errors(schema, structured)].slice(0, 5).map((e) => `${e.path} ${e.message}`)
    throw new Error(`${name}: structuredContent does not match outputSchema: ${errors.join('; ')}\n${JSON.stringify(structured).slice(0, 500)}`)
  }
  const content = result.content as { type: string; text: string }[]
  return { isError: result.isError === true, structured, text: JSON.parse(content[0]!.text) }
}

/**
 * The error code of a call, or 'ok'. A keyless call that needs an identity is refused with HTTP 401
 * (so OAuth-capable clients sign in: docs/oauth.md); the SDK throws it, and it counts as 'unauthorized'.
 */
export async function outcomeOf(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  try {
    const r = await callTool(client, name, args)
    return r.isError ? String(r.structured.error) : 'ok'
  } catch (e) {
    if ((e as { code?: unknown }).code === 401 && String(e).includes('"unauthorized"')) return 'unauthorized'
    throw e
  }
}

/** Raw JSON-RPC POST to the MCP endpoint (for transport tests). */
export async function rpc(baseUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/api/mcp/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
