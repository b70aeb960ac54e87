import type { Static, TSchema } from '@sinclair/typebox'
import type { Access } from '../kernel/access'
import type { Ctx } from '../kernel/ctx'
import { invoke, type Operation } from '../kernel/operation'
import { restHook } from './rest'

/** Every client API route is documented under this OpenAPI tag. */
export const CLIENT_TAG = 'client'

export interface ClientHookOptions {
  /** Input fields that come from the path (`/timesheets/:timesheet_id/approve`). */
  params?: string[]
  from?: 'body' | 'query'
  summary?: string
}

/**
 * restHook for the client API: the same one-source hook (validation, response, OpenAPI), under
 * the `client` tag, with some input fields taken from the path.
 */
export function clientHook<I extends TSchema, O extends TSchema, A extends Access>(op: Operation<I, O, A>, opts: ClientHookOptions = {}) {
  const hook = restHook(op, {
    tags: [CLIENT_TAG],
    from: opts.from ?? 'body',
    // Agents of a newer version may send fields this server does not know: dropped, never stored.
    unknownFields: 'strip',
    ...(opts.params ? { path: opts.params } : {}),
    ...(opts.summary ? { summary: opts.summary } : {}),
  })
  // Public operations (accepting an invitation) declare that they need no bearer key.
  return op.access.role === 'public' ? { ...hook, detail: { ...hook.detail, security: [] } } : hook
}

interface RouteInput {
  ctx: Ctx
  body?: unknown
  query?: unknown
  params?: unknown
}

const fields = (v: unknown): object => (v && typeof v === 'object' ? v : {})

/**
 * The route handler of an operation: path parameters, query and body (validated by the hook)
 * merged back into the operation's input, then `invoke`, which checks access.
 */
export const handle =
  <I extends TSchema, O extends TSchema, A extends Access>(op: Operation<I, O, A>) =>
  ({ ctx, body, query, params }: RouteInput): Promise<Static<O>> =>
    invoke(op, ctx, { ...fields(query), ...fields(body), ...fields(params) } as Static<I>)
