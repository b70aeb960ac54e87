import { DEFAULT_PROTOCOL_VERSION, SERVER_NAME, SERVER_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../kernel/version'
import { callTool, type CallEnv } from './mcp-call'
import type { McpSession } from './mcp-sessions'
import { listedDescriptors, mcpTools } from './mcp-tools'
import { ctxForSession } from './mcp-mode'

/**
 * A small JSON-RPC 2.0 dispatcher for the stateless POSTs of MCP Streamable HTTP. The SDK's
 * transport does the same job at about a quarter of the throughput when mounted in Elysia (see
 * scripts/bench-mcp.ts), so the hot path is ours; the official SDK Client is the test of it.
 */
export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
  SERVER: -32000,
  SESSION_NOT_FOUND: -32001,
} as const

export type RpcId = string | number
export interface RpcError {
  jsonrpc: '2.0'
  id: RpcId | null
  error: { code: number; message: string; data?: unknown }
}
export interface RpcSuccess {
  jsonrpc: '2.0'
  id: RpcId
  result: unknown
}
export type RpcResponse = RpcError | RpcSuccess

export const rpcError = (id: RpcId | null, code: number, message: string, data?: unknown): RpcError => ({
  jsonrpc: '2.0',
  id,
  error: { code, message, ...(data !== undefined ? { data } : {}) },
})

export interface DispatchEnv extends CallEnv {
  /** Creates the session of an initialize request; returns it so the transport can send its id. */
  startSession(init: { protocolVersion: string; clientName: string | null; clientVersion: string | null }): McpSession
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const validId = (v: unknown): v is RpcId => typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v))

export const INSTRUCTIONS =
  'Workforce monitoring data of one company: attendance, timesheets, productivity, teams and plans. Call get_started_guide first. Read tools are safe to call; clock_in, clock_out and invite_staff change data: confirm with the user first. Without a key only get_capabilities, get_pricing_and_plans and start_free_trial work.'

/** With the operator's extended tools on, two more write tools to confirm. */
const INSTRUCTIONS_EXTENDED = INSTRUCTIONS.replace(
  'clock_in, clock_out and invite_staff change data',
  'clock_in, clock_out, invite_staff, approve_timesheet and reject_timesheet change data',
)

export const MCP_DESCRIPTION =
  'Workforce monitoring over MCP: attendance, timesheets, productivity, teams, plans and three write actions (clock_in, clock_out, invite_staff). JSON-RPC 2.0 over Streamable HTTP at POST /api/mcp/v1 with "Authorization: Bearer <key>".'

/** The meta of a tool list, the same in tools/list and GET /tools (the spec's tool list response). */
export const toolsMeta = () => ({ server: SERVER_NAME, version: SERVER_VERSION, protocol: DEFAULT_PROTOCOL_VERSION, description: MCP_DESCRIPTION })

function negotiate(requested: unknown): string {
  return typeof requested === 'string' && (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(requested) ? requested : DEFAULT_PROTOCOL_VERSION
}

function initialize(env: DispatchEnv, id: RpcId, params: Record<string, unknown>, inBatch: boolean): RpcResponse {
  if (inBatch) return rpcError(id, RPC.INVALID_REQUEST, 'initialize must not be part of a JSON-RPC batch.')
  if (typeof params.protocolVersion !== 'string') return rpcError(id, RPC.INVALID_PARAMS, 'initialize needs params.protocolVersion (a string).')
  const protocolVersion = negotiate(params.protocolVersion)
  const info = isObject(params.clientInfo) ? params.clientInfo : {}
  const session = env.startSession({
    protocolVersion,
    clientName: typeof info.name === 'string' ? info.name.slice(0, 100) : null,
    clientVersion: typeof info.version === 'string' ? info.version.slice(0, 50) : null,
  })
  env.session = session
  return {
    jsonrpc: '2.0',
    id,
    result: {
      protocolVersion,
      capabilities: { tools: { listChanged: false } },
      serverInfo: { name: SERVER_NAME, title: 'Workforce', version: SERVER_VERSION },
      instructions: env.rt.config.mcpExtendedTools ? INSTRUCTIONS_EXTENDED : INSTRUCTIONS,
    },
  }
}

async function toolsCall(env: DispatchEnv, id: RpcId, params: Record<string, unknown>): Promise<RpcResponse> {
  if (typeof params.name !== 'string') return rpcError(id, RPC.INVALID_PARAMS, 'tools/call needs params.name (a tool name).')
  const tool = mcpTools(env.rt.config.mcpExtendedTools).get(params.name)
  if (!tool) return rpcError(id, RPC.INVALID_PARAMS, `Unknown tool: ${params.name}. tools/list names the available tools.`)
  if (params.arguments !== undefined && !isObject(params.arguments)) return rpcError(id, RPC.INVALID_PARAMS, 'params.arguments must be an object.')
  return { jsonrpc: '2.0', id, result: await callTool(env, tool, params.arguments ?? {}) }
}

/** Handles one message; null when nothing is to be answered (notifications, client responses). */
export async function dispatch(env: DispatchEnv, msg: unknown, inBatch: boolean): Promise<RpcResponse | null> {
  if (!isObject(msg) || msg.jsonrpc !== '2.0')
    return rpcError(isObject(msg) && validId(msg.id) ? msg.id : null, RPC.INVALID_REQUEST, 'Not a JSON-RPC 2.0 message.')
  if (!('method' in msg)) {
    // A response from the client (we never send requests): accepted and ignored.
    if (validId(msg.id) && ('result' in msg || 'error' in msg)) return null
    return rpcError(null, RPC.INVALID_REQUEST, 'A JSON-RPC message needs a method.')
  }
  const { method } = msg
  if (typeof method !== 'string') return rpcError(validId(msg.id) ? msg.id : null, RPC.INVALID_REQUEST, 'method must be a string.')
  const isNotification = !('id' in msg)
  if (!isNotification && !validId(msg.id)) return rpcError(null, RPC.INVALID_REQUEST, 'id must be a string or an integer.')
  if (msg.params !== undefined && !isObject(msg.params)) {
    return isNotification ? null : rpcError(msg.id as RpcId, RPC.INVALID_PARAMS, 'params must be an object.')
  }
  const params = (msg.params ?? {}) as Record<string, unknown>
  if (isNotification) {
    if (method === 'notifications/initialized' && env.session) env.session.initialized = true
    return null
  }
  const id = msg.id as RpcId
  switch (method) {
    case 'initialize':
      return initialize(env, id, params, inBatch)
    case 'ping':
      return { jsonrpc: '2.0', id, result: {} }
    case 'tools/list':
      return { jsonrpc: '2.0', id, result: { tools: listedDescriptors(ctxForSession(env.rt, env.ctx, env.session)), meta: toolsMeta() } }
    case 'tools/call':
      return toolsCall(env, id, params)
    default:
      return rpcError(id, RPC.METHOD_NOT_FOUND, `Method not found: ${method}. This server implements initialize, ping, tools/list and tools/call.`)
  }
}
