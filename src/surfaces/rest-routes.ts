import { Elysia, type AnyElysia } from 'elysia'
import type { Ctx } from '../kernel/ctx'
import { invoke } from '../kernel/operation'
import type { Route, RouteGroup } from '../kernel/route'
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
 * The one handler of every route: path parameters, query and body (validated by the hook) merged
 * back into the operation's input, then `invoke`, which checks access. No module writes a handler.
 */
function handlerOf(rt: Runtime, route: Route) {
  const cached = route.options.cache ? cachedRead(rt, route.op, route.options.cache) : null
  return ({ ctx, query, body, params, set }: RouteContext) => {
    const input = { ...fields(query), ...fields(body), ...fields(params) }
    return cached ? cached({ ctx, input, set }) : invoke(route.op, ctx, input)
  }
}

/** A module's route group as an Elysia plugin: the surface's steps (auth, rate limit), then each route. */
export function mountRoutes(rt: Runtime, group: RouteGroup): AnyElysia {
  const app = new Elysia({ prefix: group.prefix }).use(surfaceSteps(rt, group.surface))
  for (const route of group.routes) app.route(route.method, route.path, handlerOf(rt, route), routeHook(route, group))
  return app
}
