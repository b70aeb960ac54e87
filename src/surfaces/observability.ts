import { Elysia } from 'elysia'
import type { Ctx } from '../kernel/ctx'
import { metrics } from '../kernel/metrics'
import { KEY_PREFIX, parseKey } from '../modules/api-keys/key-format'
import type { Runtime } from '../runtime'
import { metricsOf, metricsRoutes } from './metrics'
import { bearerKey } from './request-ctx'

/**
 * What the HTTP layer keeps about one request between its hooks, in ONE WeakMap entry (one entry
 * per request instead of one per fact: each WeakMap entry is a set, a lookup and GC work).
 */
export interface RequestNote {
  /** When it arrived (performance.now()), for the access line's duration. */
  arrived: number
  /** The database's total_changes() when it arrived (http.ts durability barrier). */
  changes: number
  /** The kernel checked its Host and Origin and accepted them (the MCP endpoint need not again). */
  admitted: boolean
  /** Answered by the global onError (its access line is the error's, never also the answer's). */
  errored: boolean
  /** Refused by the HTTP kernel itself (admission, a failed durability sync): JSON-RPC on the MCP path. */
  refusedByKernel: boolean
  /** The context of a surface that authenticates inside its handler (MCP), for the access line. */
  ctx: Ctx | undefined
}

const notes = new WeakMap<Request, RequestNote>()

/**
 * The note of a request, with its arrival time for the access line's duration: the HTTP kernel
 * calls it first thing, before its own admission checks, so that a request they refuse has a
 * duration too.
 */
export function noteArrival(request: Request): RequestNote {
  const note: RequestNote = { arrived: performance.now(), changes: 0, admitted: false, errored: false, refusedByKernel: false, ctx: undefined }
  notes.set(request, note)
  return note
}

/** The note of a request the HTTP kernel saw (undefined for one it did not). */
export const noteOf = (request: Request): RequestNote | undefined => notes.get(request)

/** Lets the access line name the tenant of a request authenticated outside Elysia's derive (MCP). */
export function noteRequestCtx(request: Request, ctx: Ctx): void {
  const note = notes.get(request)
  if (note) note.ctx = ctx
}

/**
 * The public part of a bearer key as `keys list` shows it (`wf_live_` + 8 characters of the
 * lookup), or null when no key or nothing shaped like one of ours was sent. Never the secret.
 */
export function keyPrefixOf(authorization: string | null): string | null {
  // The usual `Bearer <key>`: a key of ours has no white space, so the pattern below would give
  // the same key; anything else takes the general way.
  if (authorization?.startsWith('Bearer ')) {
    const usual = parseKey(authorization.slice(7))
    if (usual) return `${KEY_PREFIX[usual.kind]}${usual.lookup.slice(0, 8)}`
  }
  const key = bearerKey(authorization)
  const parsed = key ? parseKey(key) : null
  return parsed ? `${KEY_PREFIX[parsed.kind]}${parsed.lookup.slice(0, 8)}` : null
}

/** What the access line and the HTTP metrics need from one answered request. */
export interface AnsweredRequest {
  method: string
  /** The route pattern (`/api/v1/tasks/:id`), `unmatched` for a path no route serves. */
  route: string
  status: number
  seconds: number
}

export interface HttpObserver {
  observe(r: AnsweredRequest): void
}

const statusOf = (responseValue: unknown, setStatus: unknown): number => {
  if (responseValue instanceof Response) return responseValue.status
  const n = typeof setStatus === 'number' ? setStatus : Number(setStatus)
  return Number.isFinite(n) && n > 0 ? n : 200
}

/** The surface a route belongs to, for the rate-limit refusal counter. */
const surfaceOf = (route: string): string =>
  route.startsWith('/api/mcp/') ? 'mcp' : route.startsWith('/api/v1/client/') ? 'client' : route.startsWith('/api/') ? 'rest' : 'other'

/** What the access line reads of one request, from Elysia's context as its hooks see it. */
interface Answered {
  request: Request
  set: { status?: number | string; headers: Record<string, unknown> }
  route?: string
  responseValue?: unknown
  /** The request context of a surface that authenticates in a derive (REST). */
  ctx?: Ctx
}

/**
 * One access line per request at info, once its answer is decided: method, route pattern (never
 * the raw path with ids), status, duration, request id, tenant readable id and key prefix. The same
 * observation feeds the HTTP metrics, served with the rest at GET /metrics (surfaces/metrics.ts).
 * Runs for matched and unmatched routes and for errors.
 *
 * Not Elysia's onAfterResponse: registered globally it puts a `setImmediate(async () => …)` into
 * every route's generated handler (elysia/dist/compose.mjs `afterResponse`), a macrotask and a
 * closure over the context per request. Instead the line is written in a microtask queued by the
 * global onAfterHandle (a handler's answer, also an early answer of a beforeHandle) and by the
 * global onError (every refusal, unmatched paths included). The microtask runs once the generated
 * code has finished the answer synchronously: after the kernel's onError has set the status, and
 * after a response-schema check that throws after onAfterHandle, in which case the error's line
 * is the one written (a request errored is never also logged as answered).
 */
export function observability(rt: Runtime) {
  const m = metricsOf(rt)
  const write = ({ request, set, route: matched, responseValue, ctx: derived }: Answered): void => {
    // Must never throw: it runs in a microtask of its own.
    try {
      const route = matched || 'unmatched'
      const status = statusOf(responseValue, set.status)
      const note = notes.get(request)
      const ms = note === undefined || Number.isNaN(note.arrived) ? null : Math.round((performance.now() - note.arrived) * 10) / 10
      const ctx = derived ?? note?.ctx
      m.http.observe({ method: request.method, route, status, seconds: (ms ?? 0) / 1000 })
      if (status === 429) metrics.rateLimited(surfaceOf(route))
      // Fixed field names, none a secret: no redaction pass (Logger.infoFixedFields). Not built at
      // all when info lines are not written (--log-level warn and above).
      if (!rt.log.infoEnabled) return
      rt.log.infoFixedFields('request', {
        // A handler that builds its own Response (the REST answer cache) moves the header into it.
        requestId: String(set.headers['x-request-id'] ?? (responseValue instanceof Response ? responseValue.headers.get('x-request-id') : null) ?? ''),
        method: request.method,
        route,
        status,
        ms,
        tenant: ctx?.tenant?.readableId ?? null,
        keyPrefix: keyPrefixOf(request.headers.get('authorization')),
      })
    } catch {
      // logging is best effort
    }
  }
  return (
    new Elysia({ name: 'observability' })
      // The hooks name the fields they read (Elysia's inference fills only those: passing the whole
      // context on would make every route parse its headers, query and cookies). No `=> f(` or
      // `return f(` in their bodies: Elysia's isAsync reads either as a promise and would await the
      // hook (elysia/dist/compose.mjs `matchFnReturn`). The status is read from `set` when the
      // microtask runs, after the kernel's onError has set it.
      .onAfterHandle({ as: 'global' }, ({ request, set, route, responseValue, ctx }: Answered) => {
        queueMicrotask(() => {
          if (notes.get(request)?.errored !== true) write({ request, set, route, responseValue, ctx })
        })
      })
      .onError({ as: 'global' }, ({ request, set, route, responseValue, ctx }: Answered) => {
        const note = notes.get(request)
        if (note) note.errored = true
        else notes.set(request, { arrived: Number.NaN, changes: 0, admitted: false, errored: true, refusedByKernel: false, ctx: undefined })
        queueMicrotask(() => {
          write({ request, set, route, responseValue, ctx })
        })
      })
      .use(metricsRoutes(rt, m))
  )
}
