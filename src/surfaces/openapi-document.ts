import type { AnyElysia } from 'elysia'
import { toOpenAPISchema } from '@elysiajs/openapi'
import { codeDescriptions, codeToStatus, ERROR_CODES, type ErrorCode } from '../kernel/errors'
import { SERVER_VERSION } from '../kernel/version'
import type { RuntimeConfig } from '../kernel/config'
import { REST_INTRO, TAG_DESCRIPTIONS } from './rest-guide'
import { webhooksOpenApi } from '../modules/webhooks/openapi'
import { restoreFastFormats } from './rest-validation'
import { documentedResponses } from './rest-hook'

// The import above replaced TypeBox's string formats with slow ones: put the fast ones back.
restoreFastFormats()

export const REST_PREFIX = '/api/v1'

/** The parts of an OpenAPI 3.1 document this code reads and writes. */
export interface OpenApiOperation {
  operationId?: string
  summary?: string
  description?: string
  tags?: string[]
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Record<string, unknown> }[]
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> }
  responses?: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Record<string, unknown> }> }>
  security?: Record<string, string[]>[]
  'x-access'?: { role: string; write?: boolean }
  'x-produces'?: string
  [k: string]: unknown
}
export type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>
export interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string; description: string }
  servers: { url: string; description?: string }[]
  tags: { name: string; description: string }[]
  security: Record<string, string[]>[]
  paths: OpenApiPaths
  /** What the server POSTs to webhook subscribers (OpenAPI 3.1), one entry per event. */
  webhooks?: Record<string, unknown>
  components: Record<string, Record<string, unknown>>
}

const RATE_HEADERS: Record<string, string> = {
  'X-RateLimit-Limit-Hour': 'Requests allowed per token per UTC hour.',
  'X-RateLimit-Remaining-Hour': 'Requests left in the current UTC hour.',
  'X-RateLimit-Reset-Hour': 'When the hourly window resets, Unix seconds.',
  'X-RateLimit-Limit-Day': 'Requests allowed per token per UTC day.',
  'X-RateLimit-Remaining-Day': 'Requests left in the current UTC day.',
  'X-RateLimit-Reset-Day': 'When the daily window resets (next 00:00 UTC), Unix seconds.',
}

const headerRefs = Object.fromEntries(Object.keys(RATE_HEADERS).map((h) => [h, { $ref: `#/components/headers/${h}` }]))

/** Which codes each error status can carry, for the response descriptions. */
const codesByStatus = (status: number): ErrorCode[] => ERROR_CODES.filter((c) => codeToStatus[c] === status)

function errorResponseDescription(status: string): string {
  const codes = codesByStatus(Number(status))
  return codes.length ? codes.map((c) => `\`${c}\`: ${codeDescriptions[c]}`).join(' ') : `Response for status ${status}`
}

const ERROR_STATUSES = ['400', '401', '403', '404', '409', '413', '429', '500']

/** One shared response per error status: the envelope, what codes it carries, and its headers. */
function errorResponses(): Record<string, unknown> {
  return Object.fromEntries(
    ERROR_STATUSES.map((status) => [
      `Error${status}`,
      {
        description: errorResponseDescription(status),
        headers: {
          ...headerRefs,
          ...(status === '429' ? { 'Retry-After': { description: 'Seconds until the exhausted window resets.', schema: { type: 'integer' } } } : {}),
          ...(status === '401'
            ? {
                'WWW-Authenticate': {
                  description: 'Bearer challenge; error="invalid_token" for a key that is unknown, revoked or expired.',
                  schema: { type: 'string' },
                },
              }
            : {}),
        },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  )
}

/** Media types, security and headers the generator cannot know: added per operation. */
function finishOperation(op: OpenApiOperation): void {
  // The docs routes (tag meta) and public operations (x-access role public) need no key.
  const isMeta = op.tags?.includes('meta') ?? false
  op.security = isMeta || op['x-access']?.role === 'public' ? [] : [{ bearerAuth: [] }]
  op.responses ??= { 200: { description: 'OK' } }
  if (!isMeta) op.responses['500'] = { description: '' }
  for (const [status, response] of Object.entries(op.responses)) {
    const code = Number(status)
    if (code >= 400) {
      ;(op.responses as Record<string, unknown>)[status] = { $ref: `#/components/responses/Error${status}` }
      continue
    }
    if (!response.description || response.description.startsWith('Response for status'))
      response.description = code === 202 ? 'Accepted' : code === 201 ? 'Created' : 'OK'
    response.headers = headerRefs
  }
  const file = op['x-produces']
  if (file && op.responses['200']) op.responses['200'].content = { [file]: { schema: { type: 'string' } } }
  // routeHook parses bodies itself (an empty body is {}), so it states the JSON request body here.
  const body = (op as { 'x-request-body'?: OpenApiOperation['requestBody'] })['x-request-body']
  if (body) op.requestBody = body
  delete (op as Record<string, unknown>)['x-request-body']
  if (op.requestBody?.content['application/json']) op.requestBody.content = { 'application/json': op.requestBody.content['application/json'] }
}

function components() {
  return {
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'wf_api_…',
        description: 'A REST token: `workforce keys create --tenant T --kind api --role admin --scope read|read_write`.',
      },
    },
    headers: Object.fromEntries(Object.entries(RATE_HEADERS).map(([h, d]) => [h, { description: d, schema: { type: 'integer' } }])),
    responses: errorResponses(),
    schemas: {
      ErrorCode: { type: 'string', enum: [...ERROR_CODES], description: 'Stable error codes; see the table in the API description.' },
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message', 'details'],
            properties: {
              code: { $ref: '#/components/schemas/ErrorCode' },
              message: { type: 'string', description: 'What went wrong, for a person' },
              details: {
                type: ['object', 'null'],
                description: 'Structured details, null when there are none: for invalid_argument `{ location, errors: [{ field, message }] }`',
              },
            },
          },
        },
      },
    },
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const isParameter = (p: unknown): boolean => isRecord(p) && typeof p.name === 'string' && typeof p.in === 'string'

/**
 * The generator declares its paths as OpenAPI 3.0 objects, where a parameter or a response may be
 * a `$ref`; for our routes it writes each method's operation inline. Checked, not assumed.
 */
function isOperationMap(item: unknown): item is Record<string, OpenApiOperation> {
  return (
    isRecord(item) &&
    Object.values(item).every(
      (op) =>
        isRecord(op) &&
        (op.parameters === undefined || (Array.isArray(op.parameters) && op.parameters.every(isParameter))) &&
        (op.responses === undefined || (isRecord(op.responses) && Object.values(op.responses).every(isRecord))) &&
        (op.requestBody === undefined || (isRecord(op.requestBody) && isRecord(op.requestBody.content))),
    )
  )
}

/**
 * What the generator reads of the app (its routes and definitions), with each JSON route's success
 * schema added to its responses: routeHook keeps those out of Elysia's hook so that answers are
 * not checked on every request (rest-hook.ts `documentedResponses`). Copies: the app's routes stay
 * as they are.
 */
function withDocumentedResponses(app: AnyElysia): AnyElysia {
  // Protected in Elysia's types; the generator calls it (on a plugin it answers the root's routes).
  const globalRoutes: () => AnyElysia['routes'] = Reflect.get(app, 'getGlobalRoutes').bind(app)
  const routes = globalRoutes().map((route) => {
    const operationId = route.hooks?.detail?.operationId
    const success = typeof operationId === 'string' ? documentedResponses(operationId) : undefined
    if (!success) return route
    const response: Record<string, unknown> = { ...(route.hooks.response as Record<string, unknown> | undefined) }
    for (const [status, schema] of Object.entries(success)) response[status] = schema
    return { ...route, hooks: { ...route.hooks, response } }
  })
  const view: AnyElysia = Object.create(app)
  Object.defineProperty(view, 'getGlobalRoutes', { value: () => routes })
  return view
}

/**
 * The OpenAPI 3.1 document of /api/v1, generated by @elysiajs/openapi from the routes' own
 * schemas (the ones that validate requests), then completed with security, rate-limit headers,
 * error descriptions and media types.
 */
export function buildOpenApiDocument(
  app: AnyElysia,
  config: Pick<RuntimeConfig, 'publicUrl' | 'rateLimitPerHour' | 'rateLimitPerDay' | 'bodyLimitBytes'>,
): OpenApiDocument {
  const generated = toOpenAPISchema(withDocumentedResponses(app), { staticFile: false, paths: [/^(?!\/api\/v1(\/|$))/] }, undefined, undefined, '3.1.0')
  const schemas: Record<string, unknown> = generated.components.schemas
  const paths: OpenApiPaths = {}
  for (const [path, ops] of Object.entries(generated.paths)) {
    if (!isOperationMap(ops)) throw new TypeError(`OpenAPI generator: unexpected path item for ${path}`)
    const clean = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
    for (const op of Object.values(ops)) finishOperation(op)
    paths[clean] = { ...paths[clean], ...ops }
  }
  const usedTags = new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((o) => o.tags ?? [])))
  return {
    openapi: '3.1.0',
    info: { title: 'workforce REST API', version: SERVER_VERSION, description: REST_INTRO(config) },
    servers: [{ url: config.publicUrl, description: 'This appliance' }],
    tags: Object.entries(TAG_DESCRIPTIONS)
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    security: [{ bearerAuth: [] }],
    paths,
    webhooks: webhooksOpenApi(),
    components: { ...components(), schemas: { ...schemas, ...components().schemas } },
  }
}
