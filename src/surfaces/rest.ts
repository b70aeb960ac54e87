import { Elysia, t } from 'elysia'
import type { TSchema } from '@sinclair/typebox'
import type { KeyKind, Surface } from '../kernel/ctx'
import { ERROR_CODES } from '../kernel/errors'
import { ErrorBody } from '../kernel/schemas'
import type { AnyOperation, Operation } from '../kernel/operation'
import type { Access } from '../kernel/access'
import type { Runtime } from '../runtime'
import { requestCtx } from './request-ctx'

/** Which keys each HTTP surface takes: REST tokens for integrators, user live keys for clients. */
export const ACCEPTED_KEYS: Record<'rest' | 'client', readonly KeyKind[]> = {
  rest: ['api'],
  client: ['live'],
}

/**
 * Elysia plugin that resolves `ctx` for every route registered after it. Route handlers then call
 * `invoke(op, ctx, input)`, which checks access: handlers never scope or authorize by hand.
 */
export function restAuth(rt: Runtime, surface: 'rest' | 'client' = 'rest') {
  return new Elysia({ name: `auth:${surface}` }).resolve({ as: 'scoped' }, ({ request, set }) => ({
    ctx: requestCtx(rt, {
      authorization: request.headers.get('authorization'),
      // httpKernel's derive put the request id on the response headers before this runs.
      requestId: String(set.headers['x-request-id'] ?? crypto.randomUUID()),
      surface: surface as Surface,
      accepted: ACCEPTED_KEYS[surface],
    }),
  }))
}

const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  429: ErrorBody,
}

export interface RestHookOptions {
  tags: string[]
  summary?: string
}

const docsOf = (op: AnyOperation, opts: RestHookOptions) => ({
  operationId: op.name,
  summary: opts.summary ?? op.title,
  description: `${op.description}\n\nAccess: ${describeAccess(op)}. Error codes: ${ERROR_CODES.join(', ')}.`,
  tags: opts.tags,
})

/**
 * The route hook of an operation whose input is the JSON body: the input schema validates the
 * request, the output schema the response, and both feed the OpenAPI document (one source).
 */
export function restHook<I extends TSchema, O extends TSchema>(op: Operation<I, O, Access>, opts: RestHookOptions) {
  return { body: op.input, response: { 200: op.output, ...errorResponses }, detail: docsOf(op, opts) }
}

/** The same for reads whose input is the query string. */
export function restQueryHook<I extends TSchema, O extends TSchema>(op: Operation<I, O, Access>, opts: RestHookOptions) {
  return { query: op.input, response: { 200: op.output, ...errorResponses }, detail: docsOf(op, opts) }
}

/** For routes whose input comes from path params (and maybe more): only response and docs. */
export function restDocs<I extends TSchema, O extends TSchema>(op: Operation<I, O, Access>, opts: RestHookOptions) {
  return { response: { 200: op.output, ...errorResponses }, detail: docsOf(op, opts) }
}

function describeAccess(op: AnyOperation): string {
  const a = op.access
  const who = a.role === 'public' ? 'no key needed' : a.role === 'member' ? 'any key of the tenant' : `role ${a.role} or above`
  return [who, a.write ? 'read_write scope, not in demo mode' : null, a.userScopedKey ? 'user-scoped key' : null].filter(Boolean).join('; ')
}

export const EmptyObject = t.Object({})
