import { Elysia, type AnyElysia } from 'elysia'
import { DomainError } from '../kernel/errors'
import { readCounter } from '../modules/rate-limits/queries'
import { CLIENT_TENANT_BUDGET, rateLimitHeaders, uncountedState, windowsAt, type RateLimitState, type RestLimits } from '../modules/rate-limits/rest-limits'
import type { Runtime } from '../runtime'
import { REST_ROUTES } from './registry'
import { restDocsRoutes } from './rest-docs'
import { REST_PREFIX } from './openapi-document'
import { mountRoutes } from './rest-routes'
import { requestCtx } from './request-ctx'

/**
 * The window a valid token stands in, read without counting: what an unknown path answers in its
 * X-RateLimit-* headers (a 404 spends no budget, but it tells the truth about the budget).
 */
function peekedState(rt: Runtime, request: Request, client: boolean, limits: RestLimits, requestId: string): RateLimitState | null {
  const authorization = request.headers.get('authorization')
  if (!authorization) return null
  let ctx: ReturnType<typeof requestCtx>
  try {
    ctx = requestCtx(rt, { authorization, requestId, surface: client ? 'client' : 'rest', accepted: client ? ['live'] : ['api'] })
  } catch {
    return null // a key that is not valid identifies no budget: the untouched window stays
  }
  if (!ctx.tenant || ctx.actor.kind === 'anonymous' || ctx.actor.kind === 'system') return null
  const { hourStart, dayStart } = windowsAt(ctx.now)
  const read = (keyId: string) => ({
    hour: readCounter(rt.countersDb, ctx.tenant!.id, keyId, 'hour', hourStart),
    day: readCounter(rt.countersDb, ctx.tenant!.id, keyId, 'day', dayStart),
  })
  const own = read(ctx.actor.keyId)
  const state: RateLimitState = {
    ...uncountedState(ctx.now, limits),
    remainingHour: Math.max(0, limits.perHour - own.hour),
    remainingDay: Math.max(0, limits.perDay - own.day),
  }
  if (!client) return state
  const c = rt.config
  const shared = read(CLIENT_TENANT_BUDGET)
  return {
    ...state,
    tenant: {
      limitHour: c.clientTenantRateLimitPerHour,
      remainingHour: Math.max(0, c.clientTenantRateLimitPerHour - shared.hour),
      limitDay: c.clientTenantRateLimitPerDay,
      remainingDay: Math.max(0, c.clientTenantRateLimitPerDay - shared.day),
    },
  }
}

/**
 * Everything under /api/v1: each module contributes a route group (data) listed in registry.ts,
 * mounted with its surface's authentication and rate limit by `mountRoutes`; the OpenAPI
 * document, docs page and Postman collection come from rest-docs.ts.
 */
export function restApi(rt: Runtime) {
  const limits = { perHour: rt.config.rateLimitPerHour, perDay: rt.config.rateLimitPerDay }
  const clientLimits = { perHour: rt.config.clientRateLimitPerHour, perDay: rt.config.clientRateLimitPerDay }
  const isClient = (url: string) => new URL(url).pathname.startsWith(`${REST_PREFIX}/client/`)
  const app: AnyElysia = new Elysia({ name: 'rest-api', prefix: REST_PREFIX })
    // Every /api/v1 response carries the X-RateLimit-* headers, even a 401 or an unknown path:
    // these start as an untouched window and meterRestRequest overwrites them once a token is counted.
    .onRequest(({ request, set }) => {
      const path = request.url.slice(request.url.indexOf('/', request.url.indexOf('//') + 2))
      if (path === REST_PREFIX || path.startsWith(`${REST_PREFIX}/`) || path.startsWith(`${REST_PREFIX}?`)) {
        const client = path.startsWith(`${REST_PREFIX}/client/`)
        Object.assign(set.headers, rateLimitHeaders(uncountedState(Date.now(), client ? clientLimits : limits)))
      }
    })
  // Elysia registers on the instance itself: each `use` adds the group's routes to `app`.
  for (const group of REST_ROUTES) app.use(mountRoutes(rt, group))
  return app.use(restDocsRoutes(rt)).all(
    '/*',
    ({ request, set }) => {
      // No route matched (routes win over this wildcard): with a valid token, the headers show its real window.
      const client = isClient(request.url)
      const state = peekedState(rt, request, client, client ? clientLimits : limits, String(set.headers['x-request-id'] ?? crypto.randomUUID()))
      if (state) Object.assign(set.headers, rateLimitHeaders(state))
      throw new DomainError('not_found', 'No such endpoint.')
    },
    { detail: { hide: true } },
  )
}
