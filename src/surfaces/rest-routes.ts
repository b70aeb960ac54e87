import { Elysia, type AnyElysia } from 'elysia'
import type { Ctx, KeyKind } from '../kernel/ctx'
import { invoke } from '../kernel/operation'
import { INPUT_SOURCE, type OperationRoute, type RouteGroup } from '../kernel/route'
import { consumeClientRequest, consumeRestRequest, rateLimitedError, rateLimitHeaders } from '../modules/rate-limits/rest-limits'
import type { Runtime } from '../runtime'
import { jsonAnswer, type SetHeaders } from './answer-body'
import { requestCtx } from './request-ctx'
import { cachedRead } from './rest-cache'
import { routeHook } from './rest-hook'
import { CHECK_RESPONSES, compileResponseCheck, pureSchema } from './rest-validation'

type HttpSurface = RouteGroup['surface']

/** Which keys each HTTP surface takes: REST tokens for integrators, user live keys for clients. */
const ACCEPTED_KEYS: Record<HttpSurface, readonly KeyKind[]> = {
  rest: ['api'],
  client: ['live'],
}

/**
 * Counts a request against its key's budget and puts the X-RateLimit-* headers on the response
 * (success or error): a REST token's hourly and daily windows; on the client API a live key's own
 * windows and its tenant's shared ones (X-RateLimit-Tenant-*). Requests without a valid key
 * identify no budget and are not counted; rest-api.ts gives them the headers of an untouched window.
 */
export async function meterRestRequest(rt: Runtime, surface: HttpSurface, ctx: Ctx, headers: Record<string, string | number>): Promise<void> {
  if (!ctx.tenant || ctx.actor.kind === 'anonymous' || ctx.actor.kind === 'system') return
  const c = rt.config
  const state =
    surface === 'client'
      ? await consumeClientRequest(rt.rateLimitDb, ctx.tenant.id, ctx.actor.keyId, ctx.now, {
          key: { perHour: c.clientRateLimitPerHour, perDay: c.clientRateLimitPerDay },
          tenant: { perHour: c.clientTenantRateLimitPerHour, perDay: c.clientTenantRateLimitPerDay },
        })
      : await consumeRestRequest(rt.rateLimitDb, ctx.tenant.id, ctx.actor.keyId, ctx.now, { perHour: c.rateLimitPerHour, perDay: c.rateLimitPerDay })
  Object.assign(headers, rateLimitHeaders(state))
  if (!state.allowed) {
    headers['retry-after'] = String(state.retryAfter)
    throw rateLimitedError(state)
  }
}

/**
 * The steps every route of a surface takes before its own: `authenticate` resolves `ctx` from the
 * bearer key (a bad key is 401), then `meterRestRequest` counts the request against the key's
 * (and, on the client API, the tenant's) windows (429 when one is spent). Both run at the transform stage, before the route's validation,
 * so the order of answers is 401 → 429 → 400 → the operation's own checks in `invoke`.
 */
function surfaceSteps(rt: Runtime, surface: HttpSurface) {
  const steps = new Elysia({ name: `auth:${surface}` }).derive({ as: 'scoped' }, function authenticate({ request, set }) {
    const ctx = requestCtx(rt, {
      authorization: request.headers.get('authorization'),
      // httpKernel's derive put the request id on the response headers before this runs.
      requestId: String(set.headers['x-request-id'] ?? crypto.randomUUID()),
      surface,
      accepted: ACCEPTED_KEYS[surface],
    })
    return { ctx }
  })
  // async: the answer waits for the commit that holds this request's count (rest-limits.ts).
  return steps.onTransform({ as: 'scoped' }, async function meterRestRequests({ ctx, set }) {
    await meterRestRequest(rt, surface, ctx, set.headers)
  })
}

interface RouteContext {
  ctx: Ctx
  query: unknown
  body: unknown
  params: unknown
  set: { headers: SetHeaders }
}

const fields = (v: unknown): object => (v && typeof v === 'object' ? v : {})

/**
 * The one handler of every route: the path parameters and the method's input (query string for
 * reads, body for writes, both validated by the hook) merged back into the operation's input,
 * then `invoke`, which checks access. No module writes a handler. Under test a JSON answer is
 * checked against the operation's output schema (CHECK_RESPONSES). A JSON answer is serialized
 * here (answer-body.ts: a large one goes out as a stream); a file's, by the route's afterHandle.
 */
function handlerOf(rt: Runtime, route: OperationRoute) {
  const from = INPUT_SOURCE[route.method]
  const cached = route.options.cache ? cachedRead(rt, route.op, route.options.cache) : null
  const check = CHECK_RESPONSES && !route.options.file ? compileResponseCheck(pureSchema(route.op.output)) : null
  // async on purpose: Elysia awaits a handler's result only when it can tell the handler is async.
  return async ({ ctx, query, body, params, set }: RouteContext) => {
    const input = { ...fields(from === 'query' ? query : body), ...fields(params) }
    if (cached) return cached({ ctx, input, set })
    const out = await invoke(route.op, ctx, input)
    check?.(out)
    return route.options.file ? out : jsonAnswer(JSON.stringify(out), set, route.options.status)
  }
}

/** A module's route group as an Elysia plugin: the surface's steps (auth, rate limit), then each route. */
export function mountRoutes(rt: Runtime, group: RouteGroup): AnyElysia {
  const app = new Elysia({ prefix: group.prefix }).use(surfaceSteps(rt, group.surface))
  for (const route of group.routes) app.route(route.method, route.path, handlerOf(rt, route), routeHook(route, group))
  return app
}
