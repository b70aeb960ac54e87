import { Elysia } from 'elysia'
import { randomUUID } from 'node:crypto'
import { actorKeyId } from '../kernel/access'
import type { Ctx } from '../kernel/ctx'
import { isDomainError } from '../kernel/errors'
import { metrics } from '../kernel/metrics'
import { DEFAULT_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../kernel/version'
import { ToolCallLog } from '../modules/analytics/tool-call-log'
import type { Runtime } from '../runtime'
import { McpRateLimiter } from './mcp-rate-limit'
import { MCP_DESCRIPTION, RPC, dispatch, isObject, rpcError, toolsMeta, type DispatchEnv, type RpcId, type RpcResponse } from './mcp-rpc'
import { mcpOpenApiDocument } from './mcp-openapi'
import { CHANGE_PLAN_PATH, changePlanGuide } from '../modules/discovery/change-plan'
import { SessionStore, type McpSession, type SessionOwner } from './mcp-sessions'
import { allDescriptors, serializeRpc } from './mcp-tools'
import { checkHostAndOrigin } from './host-guard'
import { requestCtx } from './request-ctx'
import { noteOf, noteRequestCtx } from './observability'
import { bearerChallenge } from '../modules/oauth/metadata'
import { MISSING_KEY_MESSAGE } from '../kernel/access'
import { mcpTools } from './mcp-tools'
import { mcpCorsHeaders, mcpPreflight } from './oauth'
import { answerBody, jsonHeadersTaking, withSetHeaders, type SetHeaders } from './answer-body'

export const MCP_PATH = '/api/mcp/v1'
const SESSION_HEADER = 'mcp-session-id'
const VERSION_HEADER = 'mcp-protocol-version'
/** Batches were removed from the protocol in 2025-06-18. */
const BATCH_VERSIONS = new Set(['2025-03-26'])
/** Messages of one batch that are run; the rest are answered with a JSON-RPC error. */
export const MAX_BATCH_MESSAGES = 100
/** Once a batch answer holds this many bytes, the remaining messages are answered with an error. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024

export { MCP_DESCRIPTION } from './mcp-rpc'

interface Http {
  rt: Runtime
  sessions: SessionStore
  calls: ToolCallLog
  limiter: McpRateLimiter
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

const failure = (status: number, code: number, message: string, headers: Record<string, string> = {}) => json(status, rpcError(null, code, message), headers)

/** Common checks of every method: Origin, then the protocol version header. */
function precheck(rt: Runtime, request: Request, isInitialize = false): Response | null {
  // The kernel refuses these first (http.ts); checked here too when the kernel did not (the endpoint
  // is safe wherever it is mounted).
  // A request whose Host and Origin the HTTP kernel checked and accepted (http.ts `admit`, its note
  // says so) is not checked a second time.
  const refused = noteOf(request)?.admitted === true ? null : checkHostAndOrigin(rt.config, request.headers)
  if (refused) return json(403, rpcError(null, RPC.SERVER, refused.message, { error: refused.code }))
  const version = request.headers.get(VERSION_HEADER)
  if (!isInitialize && version !== null && !(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
    return failure(400, RPC.SERVER, `Unsupported MCP-Protocol-Version: ${version}. Supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`)
  }
  return null
}

/** The request context from the key; a present but unusable key is HTTP 401. */
function authenticate(h: Http, request: Request, requestId: string): Ctx | Response {
  try {
    const ctx = requestCtx(h.rt, { authorization: request.headers.get('authorization'), requestId, surface: 'mcp', accepted: ['live', 'demo'] })
    noteRequestCtx(request, ctx)
    return ctx
  } catch (e) {
    if (isDomainError(e) && e.code === 'unauthorized') {
      return json(401, rpcError(null, RPC.SERVER, e.message, { error: 'unauthorized' }), {
        'www-authenticate': bearerChallenge(issuerOf(h.rt), 'invalid_token'),
      })
    }
    throw e
  }
}

const issuerOf = (rt: Runtime): string => rt.config.publicUrl.replace(/\/+$/, '')

/**
 * A keyless tools/call of a tool that needs an identity is answered with HTTP 401 and the
 * WWW-Authenticate challenge (docs/oauth.md): that is what makes an OAuth-capable client (the
 * official SDK's transport with an authProvider) discover the authorization server, sign the
 * person in and retry. The body is still the JSON-RPC error saying how to get a key, for clients
 * without OAuth. initialize, tools/list, the public tools and GET /tools stay keyless.
 */
function signInRequired(h: Http, ctx: Ctx, body: unknown): Response | null {
  if (ctx.actor.kind !== 'anonymous' || !isObject(body) || body.method !== 'tools/call' || !isObject(body.params)) return null
  const tool = typeof body.params.name === 'string' ? mcpTools(h.rt.config.mcpExtendedTools).get(body.params.name) : undefined
  if (!tool || tool.op.access.role === 'public') return null
  const message = `${MISSING_KEY_MESSAGE} MCP clients that support OAuth sign in instead: this server's authorization server is described at ${issuerOf(h.rt)}/.well-known/oauth-authorization-server.`
  return json(401, rpcError(idOf(body), RPC.SERVER, message, { error: 'unauthorized' }), { 'www-authenticate': bearerChallenge(issuerOf(h.rt)) })
}

/**
 * The session named by the header, when it exists and belongs to this key. A session opened
 * without a key, presented now with an OAuth access token (the client signed in after a 401), is
 * replaced by a new session of that key with the same protocol version and client: its id goes
 * back in the Mcp-Session-Id header, which clients take from any response.
 */
function sessionOf(h: Http, request: Request, ctx: Ctx, headers?: Record<string, string>): McpSession | null | Response {
  const id = request.headers.get(SESSION_HEADER)
  if (!id) return null
  const owner = ownerOf(ctx)
  const session = h.sessions.get(id, owner, Date.now())
  if (session) return session
  // Only for OAuth tokens (grant ids oag_…): a key presenting a keyless session still gets 404.
  const signedIn = owner.keyId?.startsWith('oag_') === true && headers !== undefined
  const anonymous = signedIn ? h.sessions.get(id, { tenant: null, keyId: null }, Date.now()) : null
  if (anonymous) {
    const { protocolVersion, clientName, clientVersion } = anonymous
    const adopted = h.sessions.create(owner, { protocolVersion, clientName, clientVersion }, Date.now())
    headers![SESSION_HEADER] = adopted.id
    return adopted
  }
  return failure(404, RPC.SESSION_NOT_FOUND, 'Session not found: initialize a new session.')
}

/** The request id the HTTP kernel set for this request (a new one where no kernel ran). */
const requestIdOf = (headers: SetHeaders): string => String(headers['x-request-id'] ?? randomUUID())

const ownerOf = (ctx: Ctx): SessionOwner => ({ tenant: ctx.tenant, keyId: actorKeyId(ctx.actor) })

/**
 * Serialised answers; SSE when the client accepts only that. Parts are already JSON text. A JSON
 * answer takes the headers set for this request (request id, CORS) into its init.
 */
function encode(parts: string[], batch: boolean, acceptHeader: string | null, headers: Record<string, string>, set: { headers: SetHeaders }): Response {
  const accept = acceptHeader ?? ''
  if (accept.includes('text/event-stream') && !accept.includes('application/json') && !accept.includes('*/*')) {
    const body = parts.map((r) => `event: message\ndata: ${r}\n\n`).join('')
    return new Response(answerBody(body), { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers } })
  }
  const body = batch ? `[${parts.join(',')}]` : (parts[0] ?? '')
  return new Response(answerBody(body), { status: 200, headers: jsonHeadersTaking(set, headers) })
}

/** A message that gets no answer whatever happens to it: a notification or a client's response. */
const unanswered = (msg: unknown): boolean => isObject(msg) && (!('id' in msg) || !('method' in msg))

/** The id to answer a message with that was not run (null when it has no usable id). */
const idOf = (msg: unknown): RpcId | null =>
  isObject(msg) && (typeof msg.id === 'string' || (typeof msg.id === 'number' && Number.isInteger(msg.id))) ? (msg.id as RpcId) : null

/**
 * Runs the messages of a request. A batch is bounded three ways, each excess message answered with
 * a JSON-RPC error instead of being run: at most MAX_BATCH_MESSAGES are run; once the answer holds
 * MAX_ANSWER_BYTES nothing more is run; and with a key every request message of a batch counts
 * against the key's per-minute MCP limit (a single tools/call counts as before).
 */
async function runMessages(env: DispatchEnv, messages: unknown[], batch: boolean, now: number): Promise<{ parts: string[]; single: RpcResponse | null }> {
  const parts: string[] = []
  // The answer of a single message, kept as an object so that post need not parse its text back.
  let single: RpcResponse | null = null
  let bytes = 0
  const keyId = actorKeyId(env.ctx.actor)
  const tenant = env.ctx.tenant
  for (let i = 0; i < messages.length; i++) {
    const msg = messages[i]
    if (batch) {
      if (unanswered(msg) && i >= MAX_BATCH_MESSAGES) continue
      let refusal: RpcResponse | null = null
      if (i >= MAX_BATCH_MESSAGES) {
        refusal = rpcError(idOf(msg), RPC.SERVER, `Batch too large: only the first ${MAX_BATCH_MESSAGES} messages of a batch are run.`, {
          error: 'batch_too_large',
          max_messages: MAX_BATCH_MESSAGES,
        })
      } else if (bytes >= MAX_ANSWER_BYTES) {
        refusal = rpcError(idOf(msg), RPC.SERVER, `Answer too large: a batch answer stops growing at ${MAX_ANSWER_BYTES} bytes; send the rest again.`, {
          error: 'answer_too_large',
          max_bytes: MAX_ANSWER_BYTES,
        })
      } else if (keyId && tenant && !unanswered(msg) && isObject(msg)) {
        const rate = env.limiter.hit(tenant.id, keyId, now)
        if (rate && !(await rate.turn)[rate.index]!.allowed) {
          metrics.rateLimited('mcp')
          refusal = rpcError(idOf(msg), RPC.SERVER, `This key made more than ${rate.limit} MCP calls this minute. Try again in ${rate.retryAfterSeconds} s.`, {
            error: 'rate_limited',
            retry_after_seconds: rate.retryAfterSeconds,
          })
        }
        env.counted = true
      }
      if (refusal) {
        parts.push(JSON.stringify(refusal))
        continue
      }
    }
    const r = await dispatch(env, msg, batch)
    env.counted = false
    if (!r) continue
    const text = serializeRpc(r)
    if (batch) bytes += Buffer.byteLength(text)
    else single = r
    parts.push(text)
  }
  return { parts, single }
}

async function post(h: Http, request: Request, set: { headers: SetHeaders }): Promise<Response> {
  const requestId = requestIdOf(set.headers)
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.includes('application/json')) return failure(415, RPC.SERVER, 'Content-Type must be application/json.')
  const accept = request.headers.get('accept')
  if (accept && !/application\/json|text\/event-stream|\*\/\*/.test(accept))
    return failure(406, RPC.SERVER, 'Accept must allow application/json or text/event-stream.')
  let body: unknown
  try {
    body = JSON.parse(await request.text())
  } catch {
    return failure(400, RPC.PARSE_ERROR, 'Parse error: the body is not valid JSON.')
  }
  const batch = Array.isArray(body)
  const messages: unknown[] = Array.isArray(body) ? body : [body]
  const isInitialize = !batch && typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'initialize'
  const early = precheck(h.rt, request, isInitialize)
  if (early) return early
  const ctx = authenticate(h, request, requestId)
  if (ctx instanceof Response) return ctx
  const unsigned = batch ? null : signInRequired(h, ctx, body)
  if (unsigned) return unsigned
  const headers: Record<string, string> = {}
  const session = isInitialize ? null : sessionOf(h, request, ctx, headers)
  if (session instanceof Response) return session
  const version = request.headers.get(VERSION_HEADER) ?? session?.protocolVersion ?? DEFAULT_PROTOCOL_VERSION
  if (batch) {
    if (messages.length === 0) return failure(400, RPC.INVALID_REQUEST, 'Invalid request: empty batch.')
    if (!BATCH_VERSIONS.has(version))
      return failure(400, RPC.INVALID_REQUEST, `JSON-RPC batches are not part of protocol ${version}; send one message per request.`)
  }
  const owner = ownerOf(ctx)
  let modeBefore = session?.mode
  const env: DispatchEnv = {
    rt: h.rt,
    ctx,
    session,
    calls: h.calls,
    limiter: h.limiter,
    counted: false,
    startSession: (init) => {
      const created = h.sessions.create(owner, init, Date.now())
      headers[SESSION_HEADER] = created.id
      modeBefore = created.mode
      return created
    },
  }
  const { parts, single } = await runMessages(env, messages, batch, ctx.now)
  if (env.session && env.session.mode !== modeBefore) h.sessions.saveMode(env.session, owner, Date.now())
  if (parts.length === 0) return new Response(null, { status: 202, headers })
  if (single && 'error' in single && single.id === null) return json(400, single, headers)
  return encode(parts, batch, accept, headers, set)
}

function remove(h: Http, request: Request, requestId: string): Response {
  const early = precheck(h.rt, request)
  if (early) return early
  const ctx = authenticate(h, request, requestId)
  if (ctx instanceof Response) return ctx
  if (!request.headers.get(SESSION_HEADER)) return failure(400, RPC.SERVER, 'Mcp-Session-Id header is required to end a session.')
  const session = sessionOf(h, request, ctx)
  if (session instanceof Response) return session
  h.sessions.delete(session!, ownerOf(ctx), Date.now())
  return new Response(null, { status: 200 })
}

/** GET /api/mcp/v1/tools: all 24 tools (no key needed), identical to what tools/list can show. */
export const toolsListing = (extended = false) => ({ tools: allDescriptors(extended), meta: toolsMeta() })

/** The MCP surface: Streamable HTTP transport at /api/mcp/v1 plus the public tool listing. */
export function mcpSurface(rt: Runtime) {
  // Telemetry (tool-call records) goes through the runtime's side connection
  // without per-commit fsync, so its once-a-second flush never stalls requests; the rate-limit
  // counters have their own file (rt.rateLimitDb, modules/rate-limits/store.ts).
  const telemetry = rt.countersDb
  const h: Http = {
    rt,
    sessions: new SessionStore(telemetry, rt.secret),
    calls: new ToolCallLog(telemetry, rt.log, [telemetry, rt.db]),
    limiter: new McpRateLimiter(rt.rateLimitDb, rt.config.mcpRateLimitPerMinute),
  }
  const timer = setInterval(() => {
    h.calls.flush()
    h.sessions.sweep(Date.now())
    h.limiter.prune(Date.now())
  }, 1000)
  timer.unref()
  rt.onClose(() => {
    clearInterval(timer)
    h.calls.flush()
  })
  const listing = JSON.stringify(toolsListing(rt.config.mcpExtendedTools))
  const openapi = JSON.stringify(mcpOpenApiDocument(rt.config.publicUrl, MCP_DESCRIPTION))
  const changePlan = JSON.stringify(changePlanGuide(rt.config.publicUrl))
  const jsonBody = (body: string) => new Response(body, { headers: { 'content-type': 'application/json' } })
  // CORS for browser-based clients whose Origin passed the guard (surfaces/oauth.ts, docs/oauth.md).
  return (
    new Elysia({ name: 'mcp' })
      // A block body: Elysia reads `=> f(` as a promise and would await the hook on every request.
      .onBeforeHandle(({ request, set }) => {
        mcpCorsHeaders(request, set.headers as Record<string, string | number>)
      })
      .options(MCP_PATH, ({ request }) => mcpPreflight(request))
      .get(`${MCP_PATH}/tools`, () => jsonBody(listing), {
        detail: { summary: 'List the MCP tools (no key needed)', tags: ['mcp'] },
      })
      .get(`${MCP_PATH}/openapi.json`, () => jsonBody(openapi), {
        detail: { summary: 'OpenAPI 3.1.0 description of the MCP interface (no key needed)', tags: ['mcp'] },
      })
      .get(CHANGE_PLAN_PATH, () => jsonBody(changePlan), {
        detail: { summary: 'How to change plan on this appliance (no key needed)', tags: ['mcp'] },
      })
      .post(MCP_PATH, async ({ request, set }) => withSetHeaders(await post(h, request, set), set), {
        parse: 'none',
        detail: { summary: 'MCP JSON-RPC endpoint (Streamable HTTP)', tags: ['mcp'] },
      })
      .get(
        MCP_PATH,
        ({ request }) =>
          precheck(rt, request) ??
          failure(405, RPC.SERVER, 'This server sends no server-initiated messages: there is no SSE stream to open. POST JSON-RPC messages instead.', {
            allow: 'POST, DELETE',
          }),
      )
      .delete(MCP_PATH, ({ request, set }) => remove(h, request, requestIdOf(set.headers)))
  )
}
