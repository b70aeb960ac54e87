import { t } from 'elysia'
import type { TObject, TProperties, TSchema } from '@sinclair/typebox'
import { authenticated, type Access } from '../kernel/access'
import type { Ctx } from '../kernel/ctx'
import { DomainError } from '../kernel/errors'
import { INPUT_SOURCE, type OperationRoute, type RouteGroup } from '../kernel/route'
import { ErrorBody } from '../kernel/schemas'
import { compileInputCheck, pureSchema, stripUnknown, type UnknownFields } from './rest-validation'

/** Every client API route is documented under this OpenAPI tag. */
const CLIENT_TAG = 'client'

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

const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  429: ErrorBody,
}

interface FileDownload {
  filename: string
  content: string
}

const isFileDownload = (v: unknown): v is FileDownload =>
  typeof v === 'object' && v !== null && 'filename' in v && typeof v.filename === 'string' && 'content' in v && typeof v.content === 'string'

/** Turns an operation's `{ filename, content }` into the file response of a download route. */
function fileResponse(mediaType: string) {
  return ({ response, set }: { response: unknown; set: SetHeaders }) => {
    if (!isFileDownload(response)) return
    set.headers['content-type'] = `${mediaType}; charset=utf-8`
    set.headers['content-disposition'] = `attachment; filename="${response.filename.replace(/[^\w.-]/g, '_')}"`
    return response.content
  }
}

/** Splits an operation's input into the path part and the query/body part (unknown fields refused). */
function splitInput(route: OperationRoute): { params: TObject | null; rest: TObject } {
  const input = route.op.input
  if (input.type !== 'object' || !input.properties) throw new TypeError(`Operation ${route.op.name}: route input must be a t.Object`)
  const properties: TProperties = input.properties
  const pathFields = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
  const pick = (keep: (k: string) => boolean): TProperties => Object.fromEntries(Object.entries(properties).filter(([k]) => keep(k)))
  const params = pathFields.length
    ? t.Object(
        pick((k) => pathFields.includes(k)),
        { additionalProperties: false },
      )
    : null
  const description = typeof input.description === 'string' ? { description: input.description } : {}
  const rest = t.Object(
    pick((k) => !pathFields.includes(k)),
    { additionalProperties: false, ...description },
  )
  return { params: params && pureSchema(params), rest: pureSchema(rest) }
}

/**
 * The schema as Elysia gets it: its defaults, cleaning and OpenAPI parameters as before, its own
 * check skipped (`noValidate`, read by Elysia's compose.mjs). The route's transform has checked the
 * same input against the same schema already (compileInputCheck) and refused it otherwise, so
 * Elysia's check could only repeat a pass: for an activity batch, 100 samples walked a second
 * time (~4% of the batch's CPU; issue 18). test/rest/validation.unit.test.ts shows Elysia skips it.
 */
export const checkedAlready = <T extends TSchema>(schema: T): T => ({ ...schema, noValidate: true })

/** Who may call an operation, in words, for its OpenAPI description. */
function describeAccess(op: { access: Access }): string {
  const a = op.access
  const who = a.role === 'public' ? 'no key needed' : a.role === 'member' ? 'any token of the tenant' : `a token with role ${a.role} or above`
  return [who, a.write ? 'read_write scope; refused in demo mode' : 'read scope is enough'].filter(Boolean).join('; ')
}

interface RequestParts {
  ctx: Ctx
  body: unknown
  query: Record<string, unknown>
  params: Record<string, unknown>
}

type SetHeaders = { headers: Record<string, string | number> }

/** What `routeHook` gives Elysia's `route`: schemas, our validation and response steps, and the OpenAPI detail. */
interface RouteHook {
  body?: TObject
  query?: TObject
  params?: TObject
  parse?: (c: { request: Request }) => Promise<unknown>
  transform: (c: RequestParts) => void
  beforeHandle?: (c: { set: { status?: number | string } }) => void
  afterHandle?: (c: { response: unknown; set: SetHeaders }) => string | undefined
  response: Record<number, TSchema>
  detail: Record<string, unknown> & { operationId: string; summary: string; description: string; tags: string[] }
}

/** The success schema of each JSON route by operation id (its operationId): for the OpenAPI document only. */
const documented = new Map<string, Record<number, TSchema>>()

/** The success response schema of a route's operation, as routeHook registered it (undefined for file downloads). */
export const documentedResponses = (operationId: string): Record<number, TSchema> | undefined => documented.get(operationId)

/**
 * The Elysia hook of a route, all from its operation: the input schema validates the request
 * (path, then query or body by method), the output schema documents the response (checked under
 * test, rest-routes.ts), and both feed the OpenAPI document. One source, as DESIGN.md asks.
 */
export function routeHook(route: OperationRoute, group: RouteGroup): RouteHook {
  const { op, options } = route
  const from = INPUT_SOURCE[route.method]
  // The client API drops fields it does not know: agents of a newer version may send them.
  const unknown: UnknownFields = group.surface === 'client' ? 'strip' : 'refuse'
  const { params, rest } = splitInput(route)
  const status = options.status ?? 200
  const checkParams = params ? compileInputCheck(params, 'params') : null
  const checkInput = compileInputCheck(rest, from, unknown)
  const success = options.file ? t.String({ description: `The file (${options.file})` }) : pureSchema(op.output)
  // A JSON answer's schema is documented, not given to Elysia: Elysia would Clean and check every
  // answer against it (as much CPU as a list's SQL). rest-routes.ts checks it under test
  // (CHECK_RESPONSES); the OpenAPI document takes it from here (documentedResponses).
  if (!options.file) documented.set(op.name, { [status]: success })
  const response: Record<number, TSchema> = options.file ? { [status]: success, ...errorResponses } : { ...errorResponses }
  return {
    ...(from === 'body' ? { body: checkedAlready(rest), parse: parseJsonBody } : { query: checkedAlready(rest) }),
    ...(params ? { params: checkedAlready(params) } : {}),
    // Our own check first: field-named messages, unknown fields refused (or stripped), real dates.
    transform: (c) => {
      authenticated(c.ctx, op.access)
      checkParams?.(c.params)
      const input = from === 'body' ? c.body : c.query
      if (unknown === 'strip') stripUnknown(rest, input)
      const checked = checkInput(input)
      // Query strings become the schema's types ("2" -> 2) in place, before Elysia's defaults and cleaning.
      if (from === 'query') Object.assign(c.query, checked)
    },
    ...(status !== 200 ? { beforeHandle: ({ set }) => void (set.status = status) } : {}),
    ...(options.file ? { afterHandle: fileResponse(options.file) } : {}),
    response,
    detail: {
      operationId: op.name,
      summary: options.summary ?? op.title,
      description: `${op.description}\n\nAccess: ${describeAccess(op)}.`,
      tags: group.surface === 'client' ? [CLIENT_TAG] : group.tags,
      'x-access': op.access,
      ...(options.file ? { 'x-produces': options.file } : {}),
      // Our own body parser (empty body = {}) hides the media type from the generator: say it here.
      ...(from === 'body' ? { 'x-request-body': { required: (rest.required ?? []).length > 0, content: { 'application/json': { schema: rest } } } } : {}),
      // Public operations (accepting an invitation) need no bearer key.
      ...(op.access.role === 'public' ? { security: [] } : {}),
    },
  }
}
