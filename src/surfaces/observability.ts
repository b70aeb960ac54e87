import { Elysia } from 'elysia'
import type { Ctx } from '../kernel/ctx'
import { metrics } from '../kernel/metrics'
import { KEY_PREFIX, parseKey } from '../modules/api-keys/key-format'
import type { Runtime } from '../runtime'
import { metricsOf, metricsRoutes } from './metrics'
import { bearerKey } from './request-ctx'

/** When each request arrived (performance.now()), for the duration of the access line. */
const arrivals = new WeakMap<Request, number>()

/** The context of requests whose surface authenticates inside its handler (MCP), for the access line. */
const noted = new WeakMap<Request, Ctx>()

/** Lets the access line name the tenant of a request authenticated outside Elysia's derive (MCP). */
export function noteRequestCtx(request: Request, ctx: Ctx): void {
  noted.set(request, ctx)
}

/**
 * The public part of a bearer key as `keys list` shows it (`wf_live_` + 8 characters of the
 * lookup), or null when no key or nothing shaped like one of ours was sent. Never the secret.
 */
export function keyPrefixOf(authorization: string | null): string | null {
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

/**
 * One access line per request at info, after the response is sent: method, route pattern (never
 * the raw path with ids), status, duration, request id, tenant readable id and key prefix. The same
 * observation feeds the HTTP metrics, served with the rest at GET /metrics (surfaces/metrics.ts).
 * Runs for matched and unmatched routes and for errors.
 */
export function observability(rt: Runtime) {
  const m = metricsOf(rt)
  return new Elysia({ name: 'observability' })
    .onRequest(({ request }) => void arrivals.set(request, performance.now()))
    .onAfterResponse({ as: 'global' }, (c) => {
      // Runs after the response is sent: it must never throw, or Bun would end the process.
      try {
        const { request, set } = c
        const extra: { route?: string; ctx?: Ctx; responseValue?: unknown } = c
        const route = extra.route || 'unmatched'
        const status = statusOf(extra.responseValue, set.status)
        const arrived = arrivals.get(request)
        const ms = arrived === undefined ? null : Math.round((performance.now() - arrived) * 10) / 10
        const ctx = extra.ctx ?? noted.get(request)
        m.http.observe({ method: request.method, route, status, seconds: (ms ?? 0) / 1000 })
        if (status === 429) metrics.rateLimited(surfaceOf(route))
        // Fixed field names, none a secret: no redaction pass (Logger.infoFixedFields).
        rt.log.infoFixedFields('request', {
          requestId: String(set.headers['x-request-id'] ?? ''),
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
    })
    .use(metricsRoutes(rt, m))
}
