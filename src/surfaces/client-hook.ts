import { t } from 'elysia'
import type { Static, TObject, TSchema } from '@sinclair/typebox'
import type { Access } from '../kernel/access'
import type { Ctx } from '../kernel/ctx'
import { invoke, type AnyOperation, type Operation } from '../kernel/operation'
import { restDocs } from './rest'

/** Every client API route is documented under this OpenAPI tag. */
export const CLIENT_TAG = 'client'

export interface ClientHookOptions {
  /** Input fields that come from the path (`/timesheets/:timesheet_id/approve`). */
  params?: string[]
  from?: 'body' | 'query'
  summary?: string
}

/**
 * restHook for the client API, where some input fields are path parameters: the operation's one
 * input schema is split into `params` (those fields) and `body`/`query` (the rest), so validation
 * and the OpenAPI document still come from the operation.
 */
export function clientHook(op: AnyOperation, opts: ClientHookOptions = {}): ClientHook {
  const from = opts.from ?? 'body'
  const { response, detail } = restDocs(op, { tags: [CLIENT_TAG], ...(opts.summary ? { summary: opts.summary } : {}) })
  const input = op.input as TObject
  const params = opts.params?.length ? opts.params : null
  const rest = params ? t.Omit(input, params) : input
  // Public operations (accepting an invitation) declare that they need no bearer key.
  const security = op.access.role === 'public' ? { security: [] } : {}
  return { ...(params ? { params: t.Pick(input, params) } : {}), ...(from === 'body' ? { body: rest } : { query: rest }), response, detail: { ...detail, ...security } }
}

/** One loose shape for every hook, so Elysia accepts it on any route. */
export interface ClientHook {
  body?: TSchema
  query?: TSchema
  params?: TSchema
  response: Record<number, TSchema>
  detail: { operationId: string; summary: string; description: string; tags: string[]; security?: never[] }
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
