/**
 * A minimal valid example value for a published JSON Schema (request bodies, query and path
 * parameters, MCP tool arguments). The common route tests need inputs that pass validation so the
 * access checks behind it (plan, demo, role, scope, the operation's own not_found) are reached.
 * Only required object fields are filled; an id field takes the value `idFor` gives it.
 */
import { randomUUID } from 'node:crypto'

export interface JsonSchema {
  type?: string | string[]
  format?: string
  pattern?: string
  enum?: unknown[]
  const?: unknown
  default?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minItems?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  minLength?: number
  maxLength?: number
}

export interface ExampleOptions {
  /** The id to put in a uuid field of this name, when the caller has a real one; else a random UUID. */
  idFor?: (field: string) => string | undefined
  /** Also fill optional fields whose schema is a uuid (to probe every id argument). */
  withOptionalIds?: boolean
}

let serial = 0
const today = () => new Date().toISOString().slice(0, 10)
/** An hour ago: recent enough for ingestion windows, never in the future. */
const recentInstant = () => new Date(Date.now() - 3_600_000).toISOString()

/** True when the schema (or one branch of it) is a uuid string: an id argument. */
export function isUuidSchema(schema: JsonSchema): boolean {
  if (schema.format === 'uuid') return true
  return (schema.anyOf ?? schema.oneOf ?? []).some(isUuidSchema)
}

/** An id of the shape this schema asks for (uuid, `whk_…`) that exists nowhere: random. */
export function randomId(schema: JsonSchema, field: string): string {
  if (isUuidSchema(schema)) return randomUUID()
  return (schema.pattern ? stringMatching(schema.pattern) : undefined) ?? String(exampleValue(schema, field))
}

export function exampleValue(schema: JsonSchema, field: string, opts: ExampleOptions = {}): unknown {
  if (schema.const !== undefined) return schema.const
  if (schema.enum && schema.enum.length > 0) return schema.enum[0]
  if (isUuidSchema(schema)) return opts.idFor?.(field) ?? randomUUID()
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) {
    // Prefer a branch that is not null: null is rarely what a minimal useful input looks like.
    const branch = branches.find((b) => b.type !== 'null') ?? branches[0]
    if (!branch) throw new Error(`${field}: empty anyOf`)
    return exampleValue(branch, field, opts)
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => exampleValue(s, field, opts)))
  switch (typeOf(schema)) {
    case 'object':
      return exampleObject(schema, field, opts)
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, (_, i) => exampleValue(schema.items ?? {}, `${field}[${i}]`, opts))
    case 'integer':
    case 'number':
      return exampleNumber(schema)
    case 'boolean':
      return false
    case 'string':
      return exampleString(schema, field)
    case 'null':
      return null
    default:
      throw new Error(`${field}: no example for schema ${JSON.stringify(schema).slice(0, 200)}`)
  }
}

/** Required fields, plus every uuid field when asked to probe ids. */
export function exampleObject(schema: JsonSchema, field: string, opts: ExampleOptions = {}): Record<string, unknown> {
  const required = new Set(schema.required ?? [])
  const out: Record<string, unknown> = {}
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (required.has(name) || (opts.withOptionalIds && isUuidSchema(prop))) out[name] = exampleValue(prop, field ? `${field}.${name}` : name, opts)
  }
  return out
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') ?? 'null'
  if (schema.type) return schema.type
  if (schema.properties) return 'object'
  return undefined
}

function exampleNumber(schema: JsonSchema): number {
  if (schema.minimum !== undefined) return schema.minimum
  if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + 1
  return Math.min(1, schema.maximum ?? 1)
}

/** Strings by format first, then by pattern (tried against a few plausible shapes), then by length. */
function exampleString(schema: JsonSchema, field: string): string {
  switch (schema.format) {
    case 'date':
      return today()
    case 'date-time':
      return recentInstant()
    case 'email':
      return `common${++serial}.${Date.now()}@example.test`
    case 'uri':
    case 'url':
      return 'https://example.test/hook'
  }
  const min = schema.minLength ?? 1
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY
  const padded = (s: string) => (s.length >= min ? s : s + 'x'.repeat(min - s.length))
  if (!schema.pattern) return padded(`example${++serial}`).slice(0, max)
  const pattern = new RegExp(schema.pattern)
  // Plausible shapes first (a date pattern also wants a real date), then a string built from the pattern.
  const candidates = [today(), recentInstant(), '123456', padded(`example${++serial}`), stringMatching(schema.pattern)]
  const fit = candidates.find((c): c is string => c !== undefined && pattern.test(c) && c.length >= min && c.length <= max)
  if (fit === undefined) throw new Error(`${field}: no example matches the pattern ${schema.pattern}; teach exampleString this shape`)
  return fit
}

const DIGITS = '0123456789'
const WORD = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}_`
const pick = (pool: string) => pool[Math.floor(Math.random() * pool.length)] ?? ''

/**
 * A random string matching a simple pattern (literals, \d, \w, character classes, quantifiers
 * ? * + {n} {n,m}), such as `^whk_[0-9A-Za-z]{1,64}$`; undefined for anything richer.
 */
export function stringMatching(pattern: string): string | undefined {
  const src = pattern.replace(/^\^/, '').replace(/\$$/, '')
  let out = ''
  let i = 0
  while (i < src.length) {
    const atom = readAtom(src, i)
    if (!atom) return undefined
    i = atom.next
    const q = /^(?:\{(\d+)(?:(,)(\d*))?\}|([?*+]))/.exec(src.slice(i))
    let [least, most] = [1, 1]
    if (q) {
      i += q[0].length
      if (q[4]) [least, most] = q[4] === '?' ? [0, 1] : q[4] === '*' ? [0, 8] : [1, 8]
      else [least, most] = [Number(q[1]), q[2] ? (q[3] ? Number(q[3]) : least + 8) : Number(q[1])]
    }
    const n = least + Math.floor(Math.random() * (Math.min(most, least + 8) - least + 1))
    for (let k = 0; k < n; k++) out += pick(atom.pool)
  }
  return new RegExp(pattern).test(out) ? out : undefined
}

function readAtom(src: string, i: number): { pool: string; next: number } | undefined {
  const c = src[i]!
  if ('()|'.includes(c)) return undefined
  if (c === '\\') return { pool: escapePool(src[i + 1] ?? ''), next: i + 2 }
  if (c === '.') return { pool: WORD, next: i + 1 }
  if (c !== '[') return { pool: c, next: i + 1 }
  const end = src.indexOf(']', i + 1)
  if (end < 0 || src[i + 1] === '^') return undefined
  return { pool: expandClass(src.slice(i + 1, end)), next: end + 1 }
}

const escapePool = (e: string) => (e === 'd' ? DIGITS : e === 'w' ? WORD : e)

/** `a-z0-9_.-` -> every character it names. */
function expandClass(body: string): string {
  let pool = ''
  for (let j = 0; j < body.length; j++) {
    if (body[j] === '\\') {
      pool += escapePool(body[++j] ?? '')
    } else if (body[j + 1] === '-' && j + 2 < body.length) {
      for (let code = body.charCodeAt(j); code <= body.charCodeAt(j + 2); code++) pool += String.fromCharCode(code)
      j += 2
    } else {
      pool += body[j]
    }
  }
  return pool
}
