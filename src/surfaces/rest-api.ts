import { Elysia } from 'elysia'
import type { Runtime } from '../runtime'
import { REST_MODULES } from './registry'

/**
 * Everything under /api/v1: each module contributes a route plugin `(rt) => Elysia` listed in
 * registry.ts. OpenAPI, rate limits and auth hang off this one place.
 */
export function restApi(rt: Runtime) {
  let app = new Elysia({ name: 'rest-api', prefix: '/api/v1' })
  for (const mount of REST_MODULES) app = app.use(mount(rt)) as unknown as typeof app
  return app
}
