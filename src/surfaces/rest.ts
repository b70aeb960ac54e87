import { Elysia, t } from 'elysia'
import type { TObject, TProperties, TSchema } from '@sinclair/typebox'
import type { Ctx, KeyKind, Surface } from '../kernel/ctx'
import { ErrorBody } from '../kernel/schemas'
import type { Access } from '../kernel/access'
import type { AnyOperation, Operation } from '../kernel/operation'
import { consumeRestRequest, rateLimitedError, rateLimitHeaders } from '../modules/rate-limits/rest-limits'
import type { Runtime } from '../runtime'
import { requestCtx } from './request-ctx'
import { compileInputCheck, pureSchema, stripUnknown, type UnknownFields } from './rest-validation'
import { DomainError } from '../kernel/errors'

/** JSON bodies; an empty body is an empty object, so POSTs without input need no `{}`. */
async function parseJsonBody({ request }: { request: Request }): Promise<unknown> {
  const text = await request.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new DomainError('invalid_argument', 'The request body is not valid JSON.', { location: 'body' })
  }
}

/** Which keys each HTTP surface takes: REST tokens for integrators, user live keys for clients. */
export const ACCEPTED_KEYS: Record<'rest' | 'client', readonly KeyKind[]> = {
  rest: ['api'],
  client: ['live'],
}

/**
 * Counts a REST request against its token's hourly and daily windows and puts the X-RateLimit-*
 * headers on the response (success or error). Requests without a valid token identify no budget
 * and are not counted; rest-api.ts gives them the headers of an untouched window.
 */
function enforceRestRateLimit(rt: Runtime, ctx: Ctx, headers: Record<string, unknown>): void {
  if (!ctx.tenant || (ctx.actor.kind !== 'apiKey' && ctx.actor.kind !== 'user' && ctx.actor.kind !== 'demo')) return
  const state = consumeRestRequest(rt.countersDb, ctx.tenant.id, ctx.actor.keyId, ctx.now, {
    perHour: rt.config.rateLimitPerHour,
    perDay: rt.config.rateLimitPerDay,
  })
  Object.assign(headers, rateLimitHeaders(state))
  if (!state.allowed) {
    headers['retry-after'] = String(state.retryAfter)
    throw rateLimitedError(state)
  }
}

/**
 * Elysia plugin that resolves `ctx` for every route registered after it. It runs at the transform
 * stage, before validation, so the order of answers is: 401 (key) → 429 (rate limit) → 400
 * (validation) → the operation's own checks in `invoke`. Handlers never scope or authorize by hand.
 */
export function restAuth(rt: Runtime, surface: 'rest' | 'client' = 'rest') {
  return new Elysia({ name: `auth:${surface}` }).derive({ as: 'scoped' }, ({ request, set }) => {
    const ctx = requestCtx(rt, {
      authorization: request.headers.get('authorization'),
      // httpKernel's derive put the request id on the response headers before this runs.
      requestId: String(set.headers['x-request-id'] ?? crypto.randomUUID()),
      surface: surface as Surface,
      accepted: ACCEPTED_KEYS[surface],
    })
    if (surface === 'rest') enforceRestRateLimit(rt, ctx, set.headers as Record<string, unknown>)
    return { ctx }
  })
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
  /** Where the operation input comes from: the JSON body (writes) or the query string (reads). */
  from?: 'body' | 'query'
  /** Input fields taken from the path instead, e.g. ['task_id'] for /tasks/:task_id. */
  path?: string[]
  summary?: string
  /** Fields the schema does not name: refused (default) or stripped (client API). */
  unknownFields?: UnknownFields
  /** Success status: 201 for creations, 202 for accepted background work. */
  status?: 200 | 201 | 202
  /**
   * A file download: the operation returns `{ filename, content }` and the route answers the
   * content itself with this media type, as an attachment.
   */
  file?: 'text/csv'
}

/** Turns an operation's `{ filename, content }` into the file response of a download route. */
function fileResponse(mediaType: string) {
  return ({ response, set }: { response: unknown; set: { headers: Record<string, unknown> } }) => {
    const { filename, content } = response as { filename: string; content: string }
    set.headers['content-type'] = `${mediaType}; charset=utf-8`
    set.headers['content-disposition'] = `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`
    return content
  }
}

function asObject(schema: TSchema, name: string): TObject {
  if ((schema as { type?: unknown }).type !== 'object') throw new TypeError(`Operation ${name}: REST input must be a t.Object`)
  return schema as TObject
}

/** Splits an operation's input into the path part and the query/body part (unknown fields refused). */
function splitInput(op: AnyOperation, pathFields: string[]): { params: TObject | null; rest: TObject } {
  const input = asObject(op.input, op.name)
  const pick = (keep: (k: string) => boolean): TProperties =>
    Object.fromEntries(Object.entries(input.properties).filter(([k]) => keep(k)))
  const params = pathFields.length ? t.Object(pick((k) => pathFields.includes(k)), { additionalProperties: false }) : null
  const rest = t.Object(pick((k) => !pathFields.includes(k)), { additionalProperties: false, ...(input.description ? { description: input.description } : {}) })
  return { params: params && pureSchema(params), rest: pureSchema(rest) }
}

/**
 * The route hook of an operation: its input schema validates the request (path, query or body),
 * its output schema the response, and both feed the OpenAPI document. One source, as DESIGN.md asks.
 */
export function restHook<I extends TSchema, O extends TSchema, A extends Access>(op: Operation<I, O, A>, opts: RestHookOptions): RestHook<I, O> {
  const from = opts.from ?? 'body'
  const unknown = opts.unknownFields ?? 'refuse'
  const { params, rest } = splitInput(op as unknown as AnyOperation, opts.path ?? [])
  const status = opts.status ?? 200
  const checkParams = params ? compileInputCheck(params, 'params') : null
  const checkInput = compileInputCheck(rest, from, unknown)
  const hook = {
    ...(from === 'body' ? { body: rest, parse: parseJsonBody } : { query: rest }),
    ...(params ? { params } : {}),
    // Our own check first: field-named messages, unknown fields refused (or stripped), real dates.
    transform(c: { body: unknown; query: Record<string, unknown>; params: Record<string, unknown> }) {
      checkParams?.(c.params)
      const input = from === 'body' ? c.body : c.query
      if (unknown === 'strip') stripUnknown(rest, input)
      const checked = checkInput(input)
      // Query strings become the schema's types ("2" -> 2) in place, before Elysia's own check.
      if (from === 'query') Object.assign(c.query, checked)
    },
    ...(status !== 200 ? { beforeHandle: ({ set }: { set: { status?: number | string } }) => void (set.status = status) } : {}),
    ...(opts.file ? { afterHandle: fileResponse(opts.file) } : {}),
    response: { [status]: opts.file ? t.String({ description: `The file (${opts.file})` }) : pureSchema(op.output), ...errorResponses },
    detail: {
      operationId: op.name,
      summary: opts.summary ?? op.title,
      description: `${op.description}\n\nAccess: ${describeAccess(op)}.`,
      tags: opts.tags,
      'x-access': op.access,
      ...(opts.file ? { 'x-produces': opts.file } : {}),
      // Our own body parser (empty body = {}) hides the media type from the generator: say it here.
      ...(from === 'body'
        ? { 'x-request-body': { required: (rest.required ?? []).length > 0, content: { 'application/json': { schema: rest } } } }
        : {}),
    },
  }
  // At runtime the schemas are split between path and query/body; for the handler's types each
  // part is typed as the whole input, so `{ ...query, ...params }` is exactly the operation input.
  return hook as unknown as RestHook<I, O>
}

/** The static shape Elysia sees: see the comment at the end of restHook. */
export interface RestHook<I extends TSchema, O extends TSchema> {
  query: I
  body: I
  params: I
  response: { 200: O }
  detail: { operationId: string; summary: string; description: string; tags: string[] }
}

export function describeAccess(op: { access: Access }): string {
  const a = op.access
  const who = a.role === 'public' ? 'no key needed' : a.role === 'member' ? 'any token of the tenant' : `a token with role ${a.role} or above`
  return [who, a.write ? 'read_write scope; refused in demo mode' : 'read scope is enough'].filter(Boolean).join('; ')
}

export const EmptyObject = t.Object({})
