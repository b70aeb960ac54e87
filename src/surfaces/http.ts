import { Elysia } from 'elysia'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { DomainError } from '../kernel/errors'
import { SERVER_VERSION } from '../kernel/version'
import type { Runtime } from '../runtime'
import { toRestError } from './http-errors'
import { restApi } from './rest-api'
import { mcpSurface } from './mcp'
import { observability } from './observability'

const isInvalidToken = (e: unknown): boolean => e instanceof DomainError && typeof e.details === 'object' && e.details !== null && 'invalid_token' in e.details

/** Shared request bookkeeping: request id, body cap, access log and the one error envelope. */
export function httpKernel(rt: Runtime) {
  return (
    new Elysia({ name: 'http-kernel' })
      .error({ DomainError })
      // onRequest runs for every request, matched route or not: request id and body cap live here.
      .onRequest(({ request, set }) => {
        set.headers['x-request-id'] = request.headers.get('x-request-id')?.slice(0, 100) || randomUUID()
        const length = Number(request.headers.get('content-length') ?? 0)
        if (length > rt.config.bodyLimitBytes) {
          throw new DomainError('payload_too_large', `The request body exceeds ${rt.config.bodyLimitBytes} bytes.`, { limit_bytes: rt.config.bodyLimitBytes })
        }
      })
      .derive({ as: 'global' }, ({ set }) => ({ requestId: String(set.headers['x-request-id']), receivedAt: performance.now() }))
      // The access line and HTTP metrics (after the response is sent), and GET /metrics.
      .use(observability(rt))
      .onError({ as: 'global' }, ({ error, code, set }) => {
        const id = String(set.headers['x-request-id'] ?? randomUUID())
        const { status, body } = toRestError(error, code, rt.log, id)
        set.status = status
        set.headers['content-type'] = 'application/json'
        if (status === 401) set.headers['www-authenticate'] = isInvalidToken(error) ? 'Bearer error="invalid_token"' : 'Bearer realm="workforce"'
        return body
      })
  )
}

export function healthRoutes(rt: Runtime) {
  const check = () => {
    let database: 'reachable' | 'unreachable' = 'reachable'
    try {
      rt.db.get(sql`select 1`)
    } catch {
      database = 'unreachable'
    }
    return { status: database === 'reachable' ? 'ok' : 'degraded', version: SERVER_VERSION, database, time: new Date().toISOString() }
  }
  return new Elysia({ name: 'health' })
    .get('/api/mcp/v1/health', check, { detail: { summary: 'Health of the MCP server', tags: ['mcp'] } })
    .get('/api/v1/health', check, { detail: { summary: 'Health of the REST API', tags: ['meta'] } })
}

/** The whole HTTP application: kernel, health, and every surface mounted on it. */
export function createHttpApp(rt: Runtime) {
  return new Elysia({ serve: { maxRequestBodySize: rt.config.bodyLimitBytes * 2 } })
    .use(httpKernel(rt))
    .use(healthRoutes(rt))
    .use(restApi(rt))
    .use(mcpSurface(rt))
}

export type HttpApp = ReturnType<typeof createHttpApp>
