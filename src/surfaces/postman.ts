import type { OpenApiDocument, OpenApiOperation } from './openapi-document'

type JsonSchema = Record<string, unknown>

/** A plausible value for a schema, for example bodies: defaults, first enum value, or a typed stand-in. */
export function exampleFor(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null
  if ('default' in schema) return schema.default
  if ('const' in schema) return schema.const
  const anyOf = schema.anyOf as JsonSchema[] | undefined
  if (anyOf?.length) return exampleFor(anyOf.find((s) => s.type !== 'null') ?? anyOf[0], depth + 1)
  switch (schema.type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>
      const required = new Set((schema.required ?? []) as string[])
      return Object.fromEntries(
        Object.entries(props)
          .filter(([k]) => required.has(k))
          .map(([k, v]) => [k, exampleFor(v, depth + 1)]),
      )
    }
    case 'array':
      return [exampleFor(schema.items as JsonSchema, depth + 1)]
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0
    case 'boolean':
      return false
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000'
      if (schema.format === 'date-time') return '2026-01-31T09:00:00Z'
      if (typeof schema.pattern === 'string' && schema.pattern.includes('\\d{4}-')) return '2026-01-31'
      return 'string'
  }
  return null
}

function request(path: string, method: string, op: OpenApiOperation) {
  const segments = path
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/^\{(.+)\}$/, ':$1'))
  const params = op.parameters ?? []
  const query = params
    .filter((p) => p.in === 'query')
    .map((p) => ({ key: p.name, value: '', description: p.description ?? (p.schema?.description as string | undefined) ?? '', disabled: !p.required }))
  const variable = params
    .filter((p) => p.in === 'path')
    .map((p) => ({ key: p.name, value: '', description: (p.schema?.description as string | undefined) ?? p.name }))
  const body = op.requestBody?.content['application/json']?.schema
  const isPublic = op.security?.length === 0
  return {
    name: op.summary ?? `${method.toUpperCase()} ${path}`,
    request: {
      method: method.toUpperCase(),
      description: op.description ?? '',
      ...(isPublic ? { auth: { type: 'noauth' } } : {}),
      header: body ? [{ key: 'Content-Type', value: 'application/json' }] : [],
      url: {
        raw: `{{baseUrl}}/${segments.join('/')}${
          query.length
            ? `?${query
                .filter((q) => !q.disabled)
                .map((q) => `${q.key}=`)
                .join('&')}`
            : ''
        }`,
        host: ['{{baseUrl}}'],
        path: segments,
        ...(query.length ? { query } : {}),
        ...(variable.length ? { variable } : {}),
      },
      ...(body ? { body: { mode: 'raw', raw: JSON.stringify(exampleFor(body), null, 2), options: { raw: { language: 'json' } } } } : {}),
    },
  }
}

/**
 * A Postman collection (v2.1) generated from the OpenAPI document: one folder per tag, one
 * request per operation, bearer auth from the {{token}} variable and {{baseUrl}} for the server.
 * Written here rather than with openapi-to-postmanv2, which would add a large dependency tree
 * for a mapping this small.
 */
export function toPostmanCollection(doc: OpenApiDocument) {
  const folders = new Map<string, ReturnType<typeof request>[]>()
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'other'
      folders.set(tag, [...(folders.get(tag) ?? []), request(path, method, op)])
    }
  }
  const describe = new Map(doc.tags.map((t) => [t.name, t.description]))
  return {
    info: {
      name: doc.info.title,
      description: doc.info.description,
      version: doc.info.version,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] },
    variable: [
      { key: 'baseUrl', value: doc.servers[0]?.url ?? 'http://127.0.0.1:8080', type: 'string' },
      { key: 'token', value: 'wf_api_…', type: 'string' },
    ],
    item: [...folders.entries()].map(([name, item]) => ({ name, description: describe.get(name) ?? '', item })),
  }
}
