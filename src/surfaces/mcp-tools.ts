import { t } from 'elysia'
import type { TSchema } from '@sinclair/typebox'
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler'
import { Value } from '@sinclair/typebox/value'
import { isOfferedTo } from '../kernel/access'
import type { Ctx } from '../kernel/ctx'
import { DomainError, ERROR_CODES, type ErrorCode } from '../kernel/errors'
import type { AnyOperation, ToolFailure } from '../kernel/operation'
import { mcpOperations } from './mcp-registry'
import { CHECK_RESPONSES, compileAnswerProblems } from './rest-validation'

/** structuredContent of a failed call (isError: true): a stable code and a sentence for the person. */
export const ToolError = t.Object(
  {
    error: t.Union(
      ERROR_CODES.map((c) => t.Literal(c)),
      { description: 'Stable error code (see docs/mcp-tools.md)' },
    ),
    message: t.String({ description: 'What went wrong and what to do, written for the person' }),
    fields: t.Optional(
      t.Array(t.Object({ field: t.String({ description: 'Argument path, e.g. page_size' }), message: t.String() }), {
        description: 'With invalid_argument: each argument that failed validation',
      }),
    ),
  },
  { description: 'Tool-level failure, returned with isError: true' },
)

export interface ToolDescriptor {
  name: string
  title: string
  description: string
  inputSchema: Record<string, unknown>
  outputSchema: Record<string, unknown>
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean }
}

export interface McpTool {
  op: AnyOperation
  descriptor: ToolDescriptor
  /** What a result must satisfy: the operation's output, or a ToolError. */
  outputSchema: TSchema
  checkInput: TypeCheck<TSchema>
  /**
   * What is wrong with a result (its schema's errors, or a field it does not declare), null when
   * nothing: under test only (CHECK_RESPONSES), as for REST answers. In production the schema
   * documents the result and the operation's types and tests keep it true; the check cost the
   * team hours answer ~35 µs a call (issue 18).
   */
  outputProblems: ((result: unknown) => string[] | null) | null
  /**
   * For an input of primitive properties only (see `flatInput`): each property's primitive default,
   * undefined for none. Null when the input has nested or other schemas (always the full path).
   */
  flatDefaults: Map<string, unknown> | null
}

/** Plain JSON Schema: TypeBox's symbol keys dropped, as clients receive it. */
const json = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>

/**
 * The published output schema is "the result, or a tool error" ({type: object, anyOf: [...]}):
 * the official SDK client validates structuredContent against outputSchema even when isError is
 * true, so the error shape has to be part of it.
 */
export function toolOutputSchema(op: AnyOperation): TSchema {
  return t.Union([op.output, ToolError], { type: 'object', description: `Result of ${op.name}, or a tool error (isError: true)` })
}

/** The values of a union of string constants (TypeBox's shape of an enum), or null for any other schema. */
export function enumValues(schema: unknown): string[] | null {
  const anyOf = (schema as { anyOf?: unknown } | null)?.anyOf
  if (!Array.isArray(anyOf) || anyOf.length === 0) return null
  const values = anyOf.map((s: { const?: unknown }) => s?.const)
  return values.every((v): v is string => typeof v === 'string') ? values : null
}

/** {anyOf: [{const: a}, {const: b}]} published as JSON Schema's own {type: string, enum: [a, b]}. */
function asEnum(prop: Record<string, unknown>): Record<string, unknown> {
  const values = enumValues(prop)
  if (!values) return prop
  const { anyOf: _anyOf, ...rest } = prop
  return { type: 'string', enum: values, ...rest }
}

/**
 * Arguments with a default are required in the TypeBox type (so handlers see a value) but
 * optional for the client: Value.Default fills them before the check. Publish them as optional.
 */
function publishedInput(schema: TSchema): Record<string, unknown> {
  const out = json(schema)
  const props = (out.properties ?? {}) as Record<string, { default?: unknown }>
  for (const [k, prop] of Object.entries(props)) props[k] = asEnum(prop as Record<string, unknown>) as { default?: unknown }
  if (Array.isArray(out.required)) {
    const required = (out.required as string[]).filter((k) => props[k]?.default === undefined)
    if (required.length > 0) out.required = required
    else delete out.required
  }
  return out
}

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null'])
const isPrimitive = (v: unknown): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v)

/** A property schema whose values are JSON primitives: a primitive type, a constant, or a union of them. */
function primitiveSchema(schema: Record<string, unknown>): boolean {
  if (schema.default !== undefined && !isPrimitive(schema.default)) return false
  if (Array.isArray(schema.anyOf))
    return schema.anyOf.every((s) => primitiveSchema(s as Record<string, unknown>) && (s as { default?: unknown }).default === undefined)
  if ('const' in schema) return isPrimitive(schema.const)
  return typeof schema.type === 'string' && PRIMITIVE_TYPES.has(schema.type)
}

/**
 * The defaults of an input that is an object of primitive properties (no additionalProperties,
 * no nested objects or arrays, primitive defaults), or null for any other input. For such an input
 * whose arguments name only its properties, Clone, Clean and Default come down to a shallow copy
 * with the missing defaults filled in: `parseArguments` takes that short way.
 */
export function flatInput(schema: TSchema): Map<string, unknown> | null {
  const s = schema as Record<string, unknown>
  if (s.type !== 'object' || 'additionalProperties' in s || 'patternProperties' in s || typeof s.properties !== 'object' || s.properties === null) return null
  const defaults = new Map<string, unknown>()
  for (const [key, prop] of Object.entries(s.properties as Record<string, Record<string, unknown>>)) {
    if (!primitiveSchema(prop)) return null
    defaults.set(key, prop.default)
  }
  return defaults
}

function build(op: AnyOperation): McpTool {
  const outputSchema = toolOutputSchema(op)
  const write = op.access.write === true
  return {
    op,
    outputSchema,
    checkInput: TypeCompiler.Compile(op.input),
    outputProblems: CHECK_RESPONSES ? compileAnswerProblems(op.output) : null,
    flatDefaults: flatInput(op.input),
    descriptor: {
      name: op.name,
      title: op.title,
      description: op.description,
      inputSchema: publishedInput(op.input),
      outputSchema: json(outputSchema),
      annotations: {
        title: op.title,
        readOnlyHint: !write,
        destructiveHint: write,
        idempotentHint: !write,
        openWorldHint: op.mcp?.openWorld === true,
      },
    },
  }
}

const tools = new Map<boolean, Map<string, McpTool>>()

/** The tools on offer: the specification's, plus the extended set when `extended` (the operator's switch). */
export function mcpTools(extended = false): Map<string, McpTool> {
  let found = tools.get(extended)
  if (!found) {
    found = new Map(mcpOperations(extended).map((op) => [op.name, build(op)]))
    tools.set(extended, found)
  }
  return found
}

/** Every tool on offer, for GET /tools and discovery. */
export const allDescriptors = (extended = false): ToolDescriptor[] => [...mcpTools(extended).values()].map((tool) => tool.descriptor)

/**
 * tools/list shows what the caller's key can use (as openstatus does), as the access policy
 * decides (isOfferedTo): keyless callers and plans without MCP see the public tools, and write
 * tools stay listed in demo mode so the assistant can explain why they are disabled. Calling an
 * unlisted tool is still answered: invoke enforces access.
 */
export const listedDescriptors = (ctx: Ctx): ToolDescriptor[] =>
  [...mcpTools(ctx.config.mcpExtendedTools).values()].filter(({ op }) => isOfferedTo(ctx, op.access)).map((tool) => tool.descriptor)

/** An enum argument's failure names the allowed values; other failures keep TypeBox's sentence. */
function messageOf(schema: unknown, value: unknown, message: string): string {
  const values = enumValues(schema)
  return values ? `must be one of: ${values.join(', ')} (got ${JSON.stringify(value)})` : message
}

/**
 * Arguments as DESIGN.md says: Clone, Clean (unknown keys dropped), Default, then a compiled
 * check, with no type coercion ("5" for an integer is refused). Failures are invalid_argument.
 */
export function parseArguments(tool: McpTool, args: unknown): unknown {
  const quick = quickArguments(tool, args)
  if (quick !== undefined) return quick
  const schema = tool.op.input
  const value = Value.Default(schema, Value.Clean(schema, Value.Clone(args ?? {})))
  if (tool.checkInput.Check(value)) return value
  const fields = [...tool.checkInput.Errors(value)]
    .slice(0, 10)
    .map((e) => ({ field: e.path.replace(/^\//, '').replaceAll('/', '.') || '(arguments)', message: messageOf(e.schema, e.value, e.message) }))
  const first = fields[0]
  throw new DomainError('invalid_argument', first ? `Invalid argument ${first.field}: ${first.message}.` : 'Invalid arguments.', { errors: fields })
}

/**
 * The same value as Clone + Clean + Default, without walking the schema three times, for a flat
 * input (`flatInput`) whose arguments name only its properties and pass the check once the
 * missing defaults are filled in; undefined otherwise (the full path then decides, with its
 * field-named errors). test/mcp/arguments-fast-path.unit.test.ts holds it to the full path for
 * every tool.
 */
export function quickArguments(tool: McpTool, args: unknown): Record<string, unknown> | undefined {
  const defaults = tool.flatDefaults
  if (defaults === null || typeof args !== 'object' || args === null || Array.isArray(args)) return undefined
  const value: Record<string, unknown> = {}
  for (const key of Object.keys(args)) {
    if (!defaults.has(key)) return undefined
    value[key] = (args as Record<string, unknown>)[key]
  }
  for (const [key, fallback] of defaults) if (fallback !== undefined && value[key] === undefined) value[key] = fallback
  return tool.checkInput.Check(value) ? value : undefined
}

export interface ToolResult {
  content: { type: 'text'; text: string }[]
  structuredContent: Record<string, unknown>
  isError?: true
}

/**
 * Results whose text copy is exactly `JSON.stringify(structuredContent)` (every result made by
 * okResult and errorResult): `serializeRpc` writes their structuredContent from that text instead
 * of serializing the same object a second time.
 */
const textIsStructured = new WeakSet<ToolResult>()

export function okResult(structured: Record<string, unknown>): ToolResult {
  const result: ToolResult = { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured }
  textIsStructured.add(result)
  return result
}

/**
 * The JSON text of a JSON-RPC answer, byte for byte `JSON.stringify(response)`. A tool result made
 * here is written around its text copy (stringified once, in okResult/errorResult) rather than
 * stringified again: `{content: [{type, text}], structuredContent, isError?}` in that key order.
 */
export function serializeRpc(response: { jsonrpc: '2.0'; id: string | number | null; result?: unknown; error?: unknown }): string {
  const result = response.result as ToolResult | undefined
  if (result === undefined || !textIsStructured.has(result)) return JSON.stringify(response)
  const text = result.content[0]!.text
  return `{"jsonrpc":"2.0","id":${JSON.stringify(response.id)},"result":{"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${text}${result.isError ? ',"isError":true' : ''}}}`
}

const invalidFields = (details: unknown): ToolFailure['fields'] => {
  const errors = details && typeof details === 'object' ? (details as { errors?: unknown }).errors : undefined
  if (!Array.isArray(errors)) return undefined
  return errors.map((e: { field?: unknown; message?: unknown }) => ({ field: String(e.field ?? ''), message: String(e.message ?? '') }))
}

const argsObject = (args: unknown): Record<string, unknown> => (typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {})

/** A failed call: { error, message, fields? }, shaped further by the tool's declared quirk. */
export function errorResult(tool: McpTool, code: ErrorCode, message: string, args: unknown, now: number, details?: unknown): ToolResult {
  const fields = code === 'invalid_argument' ? invalidFields(details) : undefined
  const standard: ToolFailure = { error: code, message, ...(fields ? { fields } : {}) }
  const shape = tool.op.mcp?.failure
  const structured: Record<string, unknown> = shape ? shape(standard, { args: argsObject(args), now, details }) : { ...standard }
  const result: ToolResult = { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured, isError: true }
  textIsStructured.add(result)
  return result
}
