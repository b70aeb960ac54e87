import { Value } from '@sinclair/typebox/value'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { ValueErrorType } from '@sinclair/typebox/errors'
import { FormatRegistry, TransformKind, type TObject, type TSchema } from '@sinclair/typebox'
import { ValidationError } from 'elysia'
import { fullFormats } from 'elysia/type-system/format'
import { DomainError } from '../kernel/errors'

export type InputLocation = 'body' | 'query' | 'params'
/**
 * What happens to fields a schema does not name: the integrator REST API refuses them (a typo must
 * not be silently ignored); the client API strips them before anything reads the input, so an
 * older server accepts a newer agent and extra data (URLs, titles) is never stored.
 */
export type UnknownFields = 'refuse' | 'strip'

/** Removes, in place and at every depth, the fields a schema does not name. */
export function stripUnknown(schema: TSchema, value: unknown): void {
  const s = schema as SchemaLike
  const props = s.properties as Record<string, TSchema> | undefined
  if (props && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of Object.keys(value)) {
      if (!props[key]) delete (value as Record<string, unknown>)[key]
      else stripUnknown(props[key]!, (value as Record<string, unknown>)[key])
    }
  }
  if (s.type === 'array' && Array.isArray(value) && s.items) for (const v of value) stripUnknown(s.items as TSchema, v)
}

export interface FieldError {
  field: string
  message: string
}

type SchemaLike = TSchema & Record<string, unknown>

const range = (s: SchemaLike): string => {
  const parts: string[] = []
  if (typeof s.minimum === 'number') parts.push(`at least ${s.minimum}`)
  if (typeof s.maximum === 'number') parts.push(`at most ${s.maximum}`)
  return parts.length ? ` ${parts.join(' and ')}` : ''
}

const length = (s: SchemaLike, unit: string): string => {
  const parts: string[] = []
  if (typeof s.minLength === 'number' && s.minLength > 0) parts.push(`at least ${s.minLength} ${unit}`)
  if (typeof s.maxLength === 'number') parts.push(`at most ${s.maxLength} ${unit}`)
  if (typeof s.minItems === 'number' && s.minItems > 0) parts.push(`at least ${s.minItems} items`)
  if (typeof s.maxItems === 'number') parts.push(`at most ${s.maxItems} items`)
  return parts.length ? ` of ${parts.join(' and ')}` : ''
}

/** What a field must look like, in words, from its JSON Schema: the message of a validation error. */
export function describeExpected(schema: TSchema): string {
  const s = schema as SchemaLike
  const anyOf = s.anyOf as SchemaLike[] | undefined
  if (anyOf) {
    if (anyOf.every((o) => 'const' in o)) return `must be one of: ${anyOf.map((o) => String(o.const)).join(', ')}`
    const nonNull = anyOf.filter((o) => o.type !== 'null')
    if (nonNull.length === 1) return `${describeExpected(nonNull[0]!)} or null`
  }
  if ('const' in s) return `must be ${JSON.stringify(s.const)}`
  switch (s.type) {
    case 'integer':
      return `must be an integer${range(s)}`
    case 'number':
      return `must be a number${range(s)}`
    case 'boolean':
      return 'must be true or false'
    case 'array':
      return `must be an array${length(s, 'items')}`
    case 'object':
      return 'must be an object'
    case 'string':
      if (s.format === 'uuid') return 'must be a UUID'
      if (s.format === 'date-time') return 'must be an ISO 8601 instant such as 2026-01-31T09:00:00Z'
      if (s.format === 'email') return 'must be an email address'
      if (s.format === 'uri') return 'must be a URL'
      if (typeof s.pattern === 'string' && s.pattern.includes('\\d{4}-\\d{2}-\\d{2}')) return 'must be a date YYYY-MM-DD'
      if (typeof s.pattern === 'string' && s.pattern.includes('\\d{2}:\\d{2}')) return 'must be a time HH:MM'
      return `must be a string${length(s, 'characters')}`
  }
  return 'is invalid'
}

const isNumericString = (o: SchemaLike) => o.type === 'string' && (o.format === 'integer' || o.format === 'numeric')

/**
 * The plain JSON Schema of a TypeBox schema: Elysia's `t.Integer`/`t.Numeric` are transforms that
 * also accept numeric strings (anyOf [string, integer]); REST documents and validates the number
 * itself and converts query strings up front (see `convertQuery`).
 */
export function pureSchema<T extends TSchema>(schema: T): T {
  const s = schema as SchemaLike
  let out: SchemaLike = { ...s }
  const anyOf = s.anyOf as SchemaLike[] | undefined
  if (anyOf && anyOf.length === 2 && anyOf.some(isNumericString)) {
    const number = anyOf.find((o) => !isNumericString(o))!
    const { anyOf: _drop, ...outer } = s
    out = { ...outer, ...number }
  } else if (anyOf) out.anyOf = anyOf.map(pureSchema)
  if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties as Record<string, TSchema>).map(([k, v]) => [k, pureSchema(v)]))
  if (s.items) out.items = pureSchema(s.items as TSchema)
  Reflect.deleteProperty(out, TransformKind)
  return out as T
}

const DECIMAL_INTEGER = /^[+-]?\d+$/

/**
 * Query and path strings converted to the types of the schema ("2" → 2, "true" → true). TypeBox
 * converts integers with parseInt ("1e21" → 1, "1.5" → 1, "0x10" → 16): an integer field takes only
 * decimal digits, anything else stays a string and fails the check, naming the field.
 */
function convertStrings(schema: TObject, raw: Record<string, unknown>): Record<string, unknown> {
  // No parameters (most list calls): nothing to convert, and TypeBox's interpreted Convert and
  // Clone of the object cost more than the rest of the check.
  if (Object.keys(raw).length === 0) return {}
  const converted = Value.Convert(schema, Value.Clone(raw)) as Record<string, unknown>
  const props = (schema as SchemaLike).properties as Record<string, SchemaLike> | undefined
  for (const [k, v] of Object.entries(raw)) {
    if (props?.[k]?.type === 'integer' && typeof v === 'string' && !DECIMAL_INTEGER.test(v.trim())) converted[k] = v
  }
  return converted
}

/** Query strings converted in place to the types of the schema ("2" → 2, "true" → true). */
export function convertQuery(schema: TObject, query: Record<string, unknown>): void {
  const converted = convertStrings(schema, { ...query })
  for (const [k, v] of Object.entries(converted)) query[k] = v
}

const fieldName = (path: string): string => path.replace(/^\//, '').replaceAll('/', '.')

const isDatePattern = (schema: SchemaLike): boolean => typeof schema.pattern === 'string' && schema.pattern.includes('\\d{4}-\\d{2}-\\d{2}')

/** Whether a string the date pattern accepted is a real calendar date (2026-02-30 is not). */
function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value
}

/** Visits a value for its date fields; `at` holds the keys and indexes from the input's root. */
type DateWalk = (value: unknown, at: (string | number)[], out: FieldError[]) => void

const dateWalks = new WeakMap<TSchema, DateWalk | null>()

/**
 * Calendar sanity the date pattern cannot express (2026-02-30 matches \d{4}-\d{2}-\d{2}), compiled
 * once per schema: the walk visits only the parts of the schema that hold a date field, and names a
 * field only when its date is not a real one. Null when the schema has no date field at all, as
 * most inputs (a batch of 100 activity samples walked field by field cost ~70 µs for nothing;
 * issue 18).
 */
function dateWalkOf(schema: TSchema): DateWalk | null {
  const known = dateWalks.get(schema)
  if (known !== undefined) return known
  const s = schema as SchemaLike
  const datePattern = isDatePattern(s)
  const fields = new Map<string, DateWalk>()
  for (const [key, prop] of Object.entries((s.properties ?? {}) as Record<string, TSchema>)) {
    const walk = dateWalkOf(prop)
    if (walk) fields.set(key, walk)
  }
  const members = ((s.anyOf ?? []) as SchemaLike[]).filter((o) => o.type === 'string').flatMap((o) => dateWalkOf(o) ?? [])
  const items = s.type === 'array' && s.items ? dateWalkOf(s.items as TSchema) : null
  const walk: DateWalk | null =
    !datePattern && fields.size === 0 && members.length === 0 && items === null
      ? null
      : (value, at, out) => {
          if (datePattern && typeof value === 'string') {
            if (!isRealDate(value)) out.push({ field: at.join('.'), message: 'is not a real calendar date' })
            return
          }
          if (fields.size > 0 && value && typeof value === 'object' && !Array.isArray(value)) {
            for (const key of Object.keys(value)) {
              const field = fields.get(key)
              if (!field) continue
              at.push(key)
              field((value as Record<string, unknown>)[key], at, out)
              at.pop()
            }
          }
          if (value !== null) for (const member of members) member(value, at, out)
          if (items !== null && Array.isArray(value)) {
            for (let i = 0; i < value.length; i++) {
              at.push(i)
              items(value[i], at, out)
              at.pop()
            }
          }
        }
  dateWalks.set(schema, walk)
  return walk
}

/** The fields of `value` whose date is not a real calendar date, found by a schema's walk. */
function walkedBadDates(walk: DateWalk, value: unknown): FieldError[] {
  const out: FieldError[] = []
  walk(value, [], out)
  return out
}

/** The fields of `value` whose date is not a real calendar date. */
function badDates(schema: TSchema, value: unknown): FieldError[] {
  const walk = dateWalkOf(schema)
  return walk ? walkedBadDates(walk, value) : []
}

/** Whether `value` holds a date that is not a real one; null when the schema has no date field (nothing to check). */
export function compileDateCheck(schema: TSchema): ((value: unknown) => boolean) | null {
  const walk = dateWalkOf(schema)
  return walk && ((value) => walkedBadDates(walk, value).length > 0)
}

/** Unknown fields are refused (a typo must not be silently ignored), at every depth. */
function unknownFields(schema: SchemaLike, value: unknown, path: string, out: FieldError[]): void {
  const props = schema.properties as Record<string, SchemaLike> | undefined
  if (props && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (!props[k]) out.push({ field: fieldName(`${path}/${k}`), message: 'is not a known field' })
      else unknownFields(props[k]!, v, `${path}/${k}`, out)
    }
  }
  if (schema.type === 'array' && Array.isArray(value) && schema.items) {
    for (const [i, v] of value.entries()) unknownFields(schema.items as SchemaLike, v, `${path}/${i}`, out)
  }
}

/** Every problem of a request part, one per field, with messages that name the field. */
export function inputErrors(schema: TObject, raw: unknown, location: InputLocation, unknown: UnknownFields = 'refuse'): FieldError[] {
  if (location === 'body' && (raw === null || raw === undefined || typeof raw !== 'object' || Array.isArray(raw))) {
    if ((raw === null || raw === undefined) && !(schema.required ?? []).length) return []
    return [{ field: 'body', message: 'must be a JSON object' }]
  }
  // Query and path values arrive as strings; convert them the way the route schema will.
  const value: unknown = location === 'body' ? raw : convertStrings(schema, (raw ?? {}) as Record<string, unknown>)
  const errors: FieldError[] = []
  if (unknown === 'refuse') unknownFields(schema as SchemaLike, value, '', errors)
  const seen = new Set(errors.map((e) => e.field))
  for (const e of Value.Errors(schema, value)) {
    const field = fieldName(e.path) || location
    if (seen.has(field) || [...seen].some((f) => field.startsWith(`${f}.`))) continue
    seen.add(field)
    const message = e.type === ValueErrorType.ObjectRequiredProperty ? 'is required' : describeExpected(e.schema)
    errors.push({ field, message })
  }
  return [...errors, ...badDates(schema, value).filter((d) => !seen.has(d.field))]
}

/** Throws invalid_argument naming every bad field, or returns when the input is valid. */
export function assertValidInput(schema: TObject, raw: unknown, location: InputLocation, unknown: UnknownFields = 'refuse'): void {
  const errors = inputErrors(schema, raw, location, unknown)
  if (errors.length === 0) return
  const first = errors[0]!
  const where = location === 'params' ? 'path' : location
  throw new DomainError('invalid_argument', `Invalid ${where}: ${first.field} ${first.message}.`, { location: where, errors })
}

/**
 * The per-route input check of routeHook, compiled once: a valid request costs one compiled check
 * (and, for a query, one conversion of its strings); only an invalid one pays for the
 * interpreted walk that names every bad field (assertValidInput). Returns the input to use:
 * converted to the schema's types for query and path strings.
 */
export function compileInputCheck(schema: TObject, location: InputLocation, unknown: UnknownFields = 'refuse') {
  const compiled = TypeCompiler.Compile(schema)
  const badDate = compileDateCheck(schema)
  return (raw: unknown): unknown => {
    const value = location === 'body' ? raw : convertStrings(schema, { ...(raw as Record<string, unknown> | undefined) })
    if (!compiled.Check(value) || badDate?.(value)) assertValidInput(schema, raw, location, unknown)
    return value
  }
}

/**
 * Importing @elysiajs/openapi (through its bundled @sinclair/typemap) replaces TypeBox's global
 * string formats (uuid, email, date, time, url, …) with checks that build a new Zod schema on
 * every call. Every validated UUID then cost tens of microseconds: about a quarter of the time of
 * a REST list answer. This puts Elysia's own checks (regular expressions and small functions)
 * back; call it after that import. Formats Elysia does not know keep the plugin's checks.
 */
export function restoreFastFormats(): void {
  for (const [name, format] of Object.entries(fullFormats)) {
    if (format instanceof RegExp) FormatRegistry.Set(name, (value) => format.test(value))
    else if (typeof format === 'function') FormatRegistry.Set(name, format as (value: string) => boolean)
  }
  const dateTime = FormatRegistry.Get('date-time')
  if (dateTime) FormatRegistry.Set('date-time', usualDateTimeFirst(dateTime))
}

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const isLeapYear = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)

/** The number of the two decimal digits at `at` (-1 when either is not a digit). */
function twoDigits(s: string, at: number): number {
  const a = s.charCodeAt(at) - 48
  const b = s.charCodeAt(at + 1) - 48
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1
}

/**
 * Whether `s` is an instant as clients write it, every field in range: `2026-01-31T09:00:00Z`,
 * with or without a fraction of a second (up to nine digits), or with an offset such as `+02:00`.
 */
function isUsualDateTime(s: string): boolean {
  const n = s.length
  if (n < 20 || s[4] !== '-' || s[7] !== '-' || s[10] !== 'T' || s[13] !== ':' || s[16] !== ':') return false
  const century = twoDigits(s, 0)
  const yy = twoDigits(s, 2)
  const month = twoDigits(s, 5)
  const day = twoDigits(s, 8)
  if (century < 0 || yy < 0 || month < 1 || month > 12 || day < 1) return false
  if (day > (month === 2 && isLeapYear(century * 100 + yy) ? 29 : DAYS_IN_MONTH[month]!)) return false
  const hour = twoDigits(s, 11)
  const minute = twoDigits(s, 14)
  const second = twoDigits(s, 17)
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return false
  let i = 19
  if (s[i] === '.') {
    do i++
    while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57)
    // One to nine digits. Elysia reads the seconds as a number, and 59 with sixteen nines or more
    // rounds to 60, which it refuses outside 23:59 UTC: long fractions are left to its check.
    if (i === 20 || i > 29) return false
  }
  if (s[i] === 'Z') return i + 1 === n
  if ((s[i] !== '+' && s[i] !== '-') || i + 6 !== n || s[i + 3] !== ':') return false
  const offsetHours = twoDigits(s, i + 1)
  const offsetMinutes = twoDigits(s, i + 4)
  return offsetHours >= 0 && offsetHours <= 23 && offsetMinutes >= 0 && offsetMinutes <= 59
}

/**
 * Elysia's date-time check, answered without regular expressions for the usual shape. Elysia's
 * splits the string at `T` and runs two expressions and a closure (~0.25 µs a value, against
 * ~0.04 here; an activity batch has 100 of them: issue 18). Exact: every string isUsualDateTime
 * accepts is one Elysia's check accepts; any other (a leap second, an impossible date, a space
 * for the `T`, a lower-case `z`) is answered by Elysia's check itself
 * (test/rest/validation.unit.test.ts compares the two over 997,920 generated strings).
 */
export function usualDateTimeFirst(elysiaCheck: (value: string) => boolean): (value: string) => boolean {
  return (value) => isUsualDateTime(value) || elysiaCheck(value)
}

/**
 * Whether REST answers are checked against their operation's output schema before they are sent:
 * under `bun test` (NODE_ENV=test, which the servers the tests spawn inherit), not in production.
 * In production the schema documents the answer (OpenAPI) and the operation's own types and tests
 * keep it true; the check cost a list answer as much as its SQL (docs/performance-records.md, perf-rest-rl).
 */
export const CHECK_RESPONSES = process.env.NODE_ENV === 'test'

/** Whether `value` has, at any depth, a field its schema does not name (what Elysia's Clean used to drop). */
export function hasUnknownFields(schema: TSchema, value: unknown): boolean {
  const s = schema as SchemaLike
  if (value === null || typeof value !== 'object') return false
  const anyOf = s.anyOf as TSchema[] | undefined
  if (anyOf) {
    const objects = anyOf.filter((o) => (o as SchemaLike).properties || (o as SchemaLike).items)
    return objects.length > 0 && objects.every((o) => hasUnknownFields(o, value))
  }
  if (Array.isArray(value)) return s.type === 'array' && !!s.items && value.some((v) => hasUnknownFields(s.items as TSchema, v))
  const props = s.properties as Record<string, TSchema> | undefined
  if (!props || s.additionalProperties === true) return false
  for (const [key, v] of Object.entries(value)) {
    const prop = props[key]
    if (!prop || hasUnknownFields(prop, v)) return true
  }
  return false
}

/**
 * The test-mode check of a REST answer, compiled once per schema: the schema's own check, and no
 * field the schema does not name (the answer is sent as the operation returned it, so a field the
 * OpenAPI document does not declare must fail a test rather than reach an integrator). A failure
 * is Elysia's response ValidationError: logged, and answered 500 internal_error, as before.
 */
export function compileResponseCheck(schema: TSchema): (value: unknown) => void {
  const problems = compileAnswerProblems(schema)
  return (value) => {
    if (problems(value)) throw new ValidationError('response', schema, value)
  }
}

/**
 * The strict test-mode check of an answer (a REST body, an MCP tool result), compiled once per
 * schema: what is wrong with it (the schema's first errors, or a field it does not declare), null
 * when nothing.
 */
export function compileAnswerProblems(schema: TSchema): (value: unknown) => string[] | null {
  const compiled = TypeCompiler.Compile(schema)
  return (value) => {
    if (compiled.Check(value) && !hasUnknownFields(schema, value)) return null
    const errors = [...compiled.Errors(value)].slice(0, 5).map((e) => `${e.path}: ${e.message}`)
    return errors.length > 0 ? errors : ['a field the output schema does not declare']
  }
}
