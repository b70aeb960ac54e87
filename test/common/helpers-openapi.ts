/**
 * The REST operations as the running server publishes them (GET /api/v1/openapi.json), and one
 * request helper that fills every operation's path, query and body from its own schemas. Nothing
 * here knows a route by name: a route added to the server appears in the common tests by itself.
 */
import type { TestServer } from '../helpers/server'
import { exampleObject, exampleValue, isUuidSchema, randomId, type JsonSchema } from './helpers-example'

interface OpenApiParameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema: JsonSchema
}

interface OpenApiOperation {
  operationId?: string
  security?: Record<string, string[]>[]
  parameters?: OpenApiParameter[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}

export interface OpenApiDocument {
  security?: Record<string, string[]>[]
  paths: Record<string, Record<string, OpenApiOperation>>
}

export interface RestOperation {
  /** `POST /api/v1/tasks/{task_id}`: how tests name the route. */
  label: string
  method: string
  path: string
  /** REST API (wf_api_ tokens) or client API under /api/v1/client (wf_live_ keys). */
  surface: 'rest' | 'client'
  /** The operation declares `security: []`: callable without a key. */
  isPublic: boolean
  /** Changes state (POST, PUT, PATCH, DELETE): read tokens and demo mode are refused. */
  isWrite: boolean
  pathParams: OpenApiParameter[]
  requiredQuery: OpenApiParameter[]
  /** Query parameters that take an id (uuid), required or not: filters another tenant's id must not pass. */
  idQuery: OpenApiParameter[]
  body: JsonSchema | null
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
export const CLIENT_PREFIX = '/api/v1/client/'

export async function fetchOpenApi(server: TestServer): Promise<OpenApiDocument> {
  const res = await fetch(`${server.url}/api/v1/openapi.json`)
  if (res.status !== 200) throw new Error(`openapi.json answered ${res.status}`)
  return (await res.json()) as OpenApiDocument
}

export function restOperations(doc: OpenApiDocument): RestOperation[] {
  const out: RestOperation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const verb = method.toUpperCase()
      const params = op.parameters ?? []
      const security = op.security ?? doc.security ?? []
      out.push({
        label: `${verb} ${path}`,
        method: verb,
        path,
        surface: path.startsWith(CLIENT_PREFIX) ? 'client' : 'rest',
        isPublic: security.length === 0,
        isWrite: WRITE_METHODS.has(verb),
        pathParams: params.filter((p) => p.in === 'path'),
        requiredQuery: params.filter((p) => p.in === 'query' && p.required),
        idQuery: params.filter((p) => p.in === 'query' && isUuidSchema(p.schema)),
        body: op.requestBody?.content['application/json']?.schema ?? null,
      })
    }
  }
  return out
}

export interface ApiAnswer {
  status: number
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: unknown
  text: string
}

export interface CallOptions {
  key?: string
  /** Values for path parameters; a missing one is a random id of its shape (exists nowhere). */
  params?: Record<string, string>
  /** Real ids for uuid fields of the query and body (by field name). */
  idFor?: (field: string) => string | undefined
  /** Query parameters to set besides the required ones. */
  query?: Record<string, string>
  /** Send an input validation refuses (see invalidInputOf) instead of a valid one. */
  invalid?: boolean
}

/** What makes a request to this operation invalid, if anything can: a body, a path id or a required query. */
export function invalidInputOf(op: RestOperation): 'body' | 'path' | 'query' | null {
  if (op.body) return 'body'
  if (op.pathParams.length > 0) return 'path'
  if (op.requiredQuery.length > 0) return 'query'
  return null
}

/** The URL of an operation with its path filled in and its required query parameters set. */
export function urlOf(server: TestServer, op: RestOperation, opts: CallOptions = {}): string {
  const invalid = opts.invalid ? invalidInputOf(op) : null
  let path = op.path
  for (const p of op.pathParams) {
    const value = invalid === 'path' ? 'not an id' : (opts.params?.[p.name] ?? randomId(p.schema, p.name))
    path = path.replace(`{${p.name}}`, encodeURIComponent(value))
  }
  const query = new URLSearchParams()
  if (invalid !== 'query') for (const p of op.requiredQuery) query.set(p.name, String(exampleValue(p.schema, p.name, { idFor: opts.idFor })))
  for (const [name, value] of Object.entries(opts.query ?? {})) query.set(name, value)
  const qs = query.toString()
  return `${server.url}${path}${qs ? `?${qs}` : ''}`
}

/** Calls an operation with a minimal valid input built from its published schemas. */
export async function callOperation(server: TestServer, op: RestOperation, opts: CallOptions = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = {}
  if (opts.key !== undefined) headers.authorization = `Bearer ${opts.key}`
  let body: string | undefined
  if (op.body) {
    headers['content-type'] = 'application/json'
    // A JSON array where an object is expected is invalid whatever the schema asks for.
    body = JSON.stringify(opts.invalid ? [] : exampleObject(op.body, '', { idFor: opts.idFor }))
  }
  const res = await fetch(urlOf(server, op, opts), { method: op.method, headers, body })
  const text = await res.text()
  const json = (res.headers.get('content-type') ?? '').includes('json')
  return { status: res.status, body: json ? (JSON.parse(text) as unknown) : text, text }
}
