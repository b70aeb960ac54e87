import { Elysia, type AnyElysia } from 'elysia'
import type { Ctx } from '../kernel/ctx'
import { invoke } from '../kernel/operation'
import { INPUT_SOURCE, type OperationRoute, type RouteGroup } from '../kernel/route'
import type { Runtime } from '../runtime'
import { surfaceSteps } from './rest-auth'
import { cachedRead } from './rest-cache'
import { routeHook } from './rest-hook'

interface RouteContext {
  ctx: Ctx
  query: unknown
  body: unknown
  params: unknown
  set: { headers: Record<string, string | number | undefined> }
}

const fields = (v: unknown): object => (v && typeof v === 'object' ? v : {})

/**
 * The one handler of every route: the path parameters and the method's input (query string for
 * reads, body for writes, both validated by the hook) merged back into the operation's input,
 * then `invoke`, which checks access. No module writes a handler.
 */
function handlerOf(rt: Runtime, route: OperationRoute) {
  const from = INPUT_SOURCE[route.method]
  const cached = route.options.cache ? cachedRead(rt, route.op, route.options.cache) : null
  // async on purpose: Elysia awaits a handler's result only when it can tell the handler is async.
  return async ({ ctx, query, body, params, set }: RouteContext) => {
    const input = { ...fields(from === 'query' ? query : body), ...fields(params) }
    return cached ? cached({ ctx, input, set }) : invoke(route.op, ctx, input)
  }
}

/** A module's route group as an Elysia plugin: the surface's steps (auth, rate limit), then each route. */
export function mountRoutes(rt: Runtime, group: RouteGroup): AnyElysia {
  const app = new Elysia({ prefix: group.prefix }).use(surfaceSteps(rt, group.surface))
  for (const route of group.routes) app.route(route.method, route.path, handlerOf(rt, route), routeHook(route, group))
  return app
}
