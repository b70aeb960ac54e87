import { Elysia, type AnyElysia } from 'elysia'
import { DomainError } from '../kernel/errors'
import { rateLimitHeaders, uncountedState } from '../modules/rate-limits/rest-limits'
import type { Runtime } from '../runtime'
import { REST_ROUTES } from './registry'
import { restDocsRoutes } from './rest-docs'
import { REST_PREFIX } from './openapi-document'
import { meterRestRequest, mountRoutes } from './rest-routes'
import { requestCtx } from './request-ctx'

/**
 * An unknown path under /api/v1 is a request like any other: with a valid token it counts against
 * the token's windows (429 when one is spent) and its X-RateLimit-* headers show where the token
 * stands. Without a token, or with one that is not valid, it identifies no budget: the untouched
 * window stays and the answer is still 404.
 */
async function meterUnknownPath(rt: Runtime, request: Request, headers: Record<string, string | number>): Promise<void> {
  const client = new URL(request.url).pathname.startsWith(`${REST_PREFIX}/client/`)
  const authorization = request.headers.get('authorization')
  if (!authorization) return
  let ctx: ReturnType<typeof requestCtx>
  try {
    const requestId = String(headers['x-request-id'] ?? crypto.randomUUID())
    ctx = requestCtx(rt, { authorization, requestId, surface: client ? 'client' : 'rest', accepted: client ? ['live'] : ['api'] })
  } catch {
    return
  }
  await meterRestRequest(rt, client ? 'client' : 'rest', ctx, headers)
}

/**
 * Everything under /api/v1: each module contributes a route group (data) listed in registry.ts,
 * mounted with its surface's authentication and rate limit by `mountRoutes`; the OpenAPI
 * document, docs page and Postman collection come from rest-docs.ts.
 */
export function restApi(rt: Runtime) {
  const limits = { perHour: rt.config.rateLimitPerHour, perDay: rt.config.rateLimitPerDay }
  const clientLimits = { perHour: rt.config.clientRateLimitPerHour, perDay: rt.config.clientRateLimitPerDay }
  // The untouched window's headers change only with the window (whole seconds at most): made once a
  // second per surface, not once a request.
  let second = -1
  let restHeaders: Record<string, string> = {}
  let clientHeaders: Record<string, string> = {}
  const untouched = (client: boolean): Record<string, string> => {
    const now = Date.now()
    const s = Math.floor(now / 1000)
    if (s !== second) {
      second = s
      restHeaders = rateLimitHeaders(uncountedState(now, limits))
      clientHeaders = rateLimitHeaders(uncountedState(now, clientLimits))
    }
    return client ? clientHeaders : restHeaders
  }
  const app: AnyElysia = new Elysia({ name: 'rest-api', prefix: REST_PREFIX })
    // Every /api/v1 response carries the X-RateLimit-* headers, even a 401 or an unknown path:
    // these start as an untouched window and meterRestRequest overwrites them once a token is counted.
    // Elysia runs onRequest for every request of the app (MCP, console too): anything not under
    // /api/v1 leaves at the first test, without slicing its URL.
    .onRequest(({ request, set }) => {
      const url = request.url
      const at = url.indexOf('/', url.indexOf('//') + 2)
      if (at < 0 || !url.startsWith(REST_PREFIX, at)) return
      const path = url.slice(at)
      if (path === REST_PREFIX || path.startsWith(`${REST_PREFIX}/`) || path.startsWith(`${REST_PREFIX}?`)) {
        Object.assign(set.headers, untouched(path.startsWith(`${REST_PREFIX}/client/`)))
      }
    })
  // Elysia registers on the instance itself: each `use` adds the group's routes to `app`.
  for (const group of REST_ROUTES) app.use(mountRoutes(rt, group))
  return app.use(restDocsRoutes(rt)).all(
    '/*',
    async ({ request, set }) => {
      // Reached only when no route matched: routes always win over this wildcard.
      await meterUnknownPath(rt, request, set.headers as Record<string, string | number>)
      throw new DomainError('not_found', 'No such endpoint.')
    },
    { detail: { hide: true } },
  )
}
