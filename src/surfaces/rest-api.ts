import { Elysia, type AnyElysia } from 'elysia'
import { rateLimitHeaders, uncountedState } from '../modules/rate-limits/rest-limits'
import type { Runtime } from '../runtime'
import { REST_ROUTES } from './registry'
import { restDocsRoutes } from './rest-docs'
import { REST_PREFIX } from './openapi-document'
import { mountRoutes } from './rest-routes'

/**
 * Everything under /api/v1: each module contributes a route group (data) listed in registry.ts,
 * mounted with its surface's authentication and rate limit by `mountRoutes`; the OpenAPI
 * document, docs page and Postman collection come from rest-docs.ts.
 */
export function restApi(rt: Runtime) {
  const limits = { perHour: rt.config.rateLimitPerHour, perDay: rt.config.rateLimitPerDay }
  const clientLimits = { perHour: rt.config.clientRateLimitPerHour, perDay: rt.config.clientRateLimitPerDay }
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
  return app.use(restDocsRoutes(rt))
}
