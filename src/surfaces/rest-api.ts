import { Elysia } from 'elysia'
import { rateLimitHeaders, uncountedState } from '../modules/rate-limits/rest-limits'
import type { Runtime } from '../runtime'
import { REST_MODULES } from './registry'
import { restDocsRoutes } from './rest-docs'
import { REST_PREFIX } from './openapi-document'

/**
 * Everything under /api/v1: each module contributes a route plugin `(rt) => Elysia` listed in
 * registry.ts; auth and rate limits come with `restAuth` in each plugin, the OpenAPI document,
 * docs page and Postman collection from rest-docs.ts.
 */
export function restApi(rt: Runtime) {
  const limits = { perHour: rt.config.rateLimitPerHour, perDay: rt.config.rateLimitPerDay }
  let app = new Elysia({ name: 'rest-api', prefix: REST_PREFIX })
    // Every /api/v1 response carries the X-RateLimit-* headers, even a 401 or an unknown path:
    // these start as an untouched window and restAuth overwrites them once a token is counted.
    .onRequest(({ request, set }) => {
      const path = request.url.slice(request.url.indexOf('/', request.url.indexOf('//') + 2))
      if (path === REST_PREFIX || path.startsWith(`${REST_PREFIX}/`) || path.startsWith(`${REST_PREFIX}?`)) {
        Object.assign(set.headers, rateLimitHeaders(uncountedState(Date.now(), limits)))
      }
    })
  for (const mount of REST_MODULES) app = app.use(mount(rt)) as unknown as typeof app
  return app.use(restDocsRoutes(rt))
}
