import type { Static, TSchema } from '@sinclair/typebox'
import type { Access } from './access'
import type { TenantBoundCtx } from './ctx'
import type { AnyOperation, Operation } from './operation'

/** The HTTP methods a route may answer; each one says where the input comes from (INPUT_SOURCE). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Where a method's input comes from, besides the path: reads take the query string, writes a JSON body. */
export const INPUT_SOURCE = { GET: 'query', DELETE: 'query', POST: 'body', PUT: 'body', PATCH: 'body' } as const satisfies Record<HttpMethod, 'query' | 'body'>

/** The names of a path's `:params`: `PathParams<'/teams/:team_id/members'>` is `'team_id'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/**
 * The path itself when each of its `:params` is a field of the operation's input, else a message
 * naming the stray ones: `get('/:team_id', op)` does not compile unless `team_id` is an input field.
 */
export type CheckedPath<P extends string, I extends TSchema> = [Exclude<PathParams<P>, keyof Static<I>>] extends [never]
  ? P
  : `path parameter :${Exclude<PathParams<P>, keyof Static<I>> & string} is not a field of the operation's input`

/** What a route may add to its operation; everything else (schemas, docs, access) comes from the operation. */
export interface RouteOptions<In = unknown> {
  /** Success status: 201 for creations, 202 for accepted background work (200 by default). */
  status?: 201 | 202
  /** A file download: the operation returns `{ filename, content }`, the route answers the content as an attachment. */
  file?: 'text/csv'
  /** The OpenAPI summary, when the operation's title does not fit the route. */
  summary?: string
  /**
   * Reuse the serialized answer of a read between two changes of the database, for as long as
   * `maxAgeMs` says it stays true (Infinity when it depends on nothing but the data).
   */
  cache?: { maxAgeMs(ctx: TenantBoundCtx, input: In): number }
}

/** One route: method and path (relative to its group's prefix), the operation it runs, and its options. */
export interface OperationRoute {
  method: HttpMethod
  path: string
  op: AnyOperation
  options: RouteOptions
}

/** A route declaration helper for one method: `(path, operation, options?)`, the path checked against the input. */
const route =
  (method: HttpMethod) =>
  <const P extends string, I extends TSchema, O extends TSchema, A extends Access>(
    path: CheckedPath<P, I>,
    op: Operation<I, O, A>,
    options: RouteOptions<Static<I>> = {},
  ): OperationRoute => ({ method, path, op, options })

/** GET: input from the query string and the path. */
export const get = route('GET')
/** POST: input from the JSON body (empty body = `{}`) and the path. */
export const post = route('POST')
/** PUT: input from the JSON body and the path. */
export const put = route('PUT')
/** PATCH: input from the JSON body and the path. */
export const patch = route('PATCH')
/** DELETE: input from the query string and the path. */
export const del = route('DELETE')

/**
 * The routes of one module on one HTTP surface: the integrators' REST API (`rest`: wf_api_ tokens,
 * unknown fields refused, rate limited) or the client API (`client`: user wf_live_ keys, unknown
 * fields dropped, every route under the `client` tag).
 */
export type RouteGroup =
  | { surface: 'rest'; prefix: string; tags: [string]; routes: readonly OperationRoute[] }
  | { surface: 'client'; prefix: string; routes: readonly OperationRoute[] }

type GroupMeta = { surface: 'rest'; prefix: string; tags: [string] } | { surface: 'client'; prefix: string }

/** Declares a module's routes as data; src/surfaces mounts them (validation, handler, OpenAPI). */
export const defineRoutes = (meta: GroupMeta, routes: readonly OperationRoute[]): RouteGroup => ({ ...meta, routes })
