import { Elysia } from 'elysia'
import type { Ctx, KeyKind } from '../kernel/ctx'
import type { RouteGroup } from '../kernel/route'
import { consumeRestRequest, rateLimitedError, rateLimitHeaders } from '../modules/rate-limits/rest-limits'
import type { Runtime } from '../runtime'
import { requestCtx } from './request-ctx'

type HttpSurface = RouteGroup['surface']

/** Which keys each HTTP surface takes: REST tokens for integrators, user live keys for clients. */
const ACCEPTED_KEYS: Record<HttpSurface, readonly KeyKind[]> = {
  rest: ['api'],
  client: ['live'],
}

/**
 * Counts a REST request against its token's hourly and daily windows and puts the X-RateLimit-*
 * headers on the response (success or error). Requests without a valid token identify no budget
 * and are not counted; rest-api.ts gives them the headers of an untouched window.
 */
function meterRestRequest(rt: Runtime, ctx: Ctx, headers: Record<string, string | number>): void {
  if (!ctx.tenant || ctx.actor.kind === 'anonymous' || ctx.actor.kind === 'system') return
  const state = consumeRestRequest(rt.countersDb, ctx.tenant.id, ctx.actor.keyId, ctx.now, {
    perHour: rt.config.rateLimitPerHour,
    perDay: rt.config.rateLimitPerDay,
  })
  Object.assign(headers, rateLimitHeaders(state))
  if (!state.allowed) {
    headers['retry-after'] = String(state.retryAfter)
    throw rateLimitedError(state)
  }
}

/**
 * The steps every route of a surface takes before its own: `authenticate` resolves `ctx` from the
 * bearer key (a bad key is 401), then, on the REST API, `meterRestRequest` counts the request
 * (429 when a window is spent). Both run at the transform stage, before the route's validation,
 * so the order of answers is 401 → 429 → 400 → the operation's own checks in `invoke`.
 */
export function surfaceSteps(rt: Runtime, surface: HttpSurface) {
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
  if (surface === 'client') return steps
  return steps.onTransform({ as: 'scoped' }, function meterRestRequests({ ctx, set }) {
    meterRestRequest(rt, ctx, set.headers)
  })
}
