import { t } from 'elysia'
import type { TSchema } from '@sinclair/typebox'
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler'
import { Value } from '@sinclair/typebox/value'
import { roleAtLeast, type Ctx } from '../kernel/ctx'
import { DomainError, ERROR_CODES, type ErrorCode } from '../kernel/errors'
import type { AnyOperation } from '../kernel/operation'
import { toIso } from '../kernel/time'
import { mcpOperations } from './mcp-registry'

/** structuredContent of a failed call (isError: true): a stable code and a sentence for the person. */
export const ToolError = t.Object(
  {
    error: t.Union(ERROR_CODES.map((c) => t.Literal(c)), { description: 'Stable error code (see docs/mcp-tools.md)' }),
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
  checkOutput: TypeCheck<TSchema>
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

/**
 * Arguments with a default are required in the TypeBox type (so handlers see a value) but
 * optional for the client: Value.Default fills them before the check. Publish them as optional.
 */
function publishedInput(schema: TSchema): Record<string, unknown> {
  const out = json(schema)
  const props = (out.properties ?? {}) as Record<string, { default?: unknown }>
  if (Array.isArray(out.required)) {
    const required = (out.required as string[]).filter((k) => props[k]?.default === undefined)
    if (required.length > 0) out.required = required
    else delete out.required
  }
  return out
}

function build(op: AnyOperation): McpTool {
  const outputSchema = toolOutputSchema(op)
  const write = op.access.write === true
  return {
    op,
    outputSchema,
    checkInput: TypeCompiler.Compile(op.input),
    checkOutput: TypeCompiler.Compile(outputSchema),
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
        // invite_staff sends an email into the world; every other tool stays inside the box.
        openWorldHint: op.name === 'invite_staff',
      },
    },
  }
}

let tools: Map<string, McpTool> | null = null

export function mcpTools(): Map<string, McpTool> {
  if (!tools) tools = new Map(mcpOperations().map((op) => [op.name, build(op)]))
  return tools
}

/** Every tool, for GET /tools and discovery. */
export const allDescriptors = (): ToolDescriptor[] => [...mcpTools().values()].map((tool) => tool.descriptor)

/**
 * tools/list shows what the caller's key can use (as openstatus does): keyless callers and plans
 * without MCP access see the public discovery tools, others the tools their role reaches. Write
 * tools stay listed in demo mode so the assistant can explain why they are disabled. Calling an
 * unlisted tool is still answered (invoke enforces access, whatever the list shows).
 */
export function listedDescriptors(ctx: Ctx): ToolDescriptor[] {
  const actor = ctx.actor
  const entitled = ctx.tenant?.mcpAccess === true
  return [...mcpTools().values()]
    .filter(({ op }) => {
      const role = op.access.role
      if (role === 'public') return true
      if (!entitled || actor.kind === 'anonymous' || actor.kind === 'system') return false
      return role === 'member' || roleAtLeast(actor.role, role)
    })
    .map((tool) => tool.descriptor)
}

/**
 * Arguments as DESIGN.md says: Clone, Clean (unknown keys dropped), Default, then a compiled
 * check, with no type coercion ("5" for an integer is refused). Failures are invalid_argument.
 */
export function parseArguments(tool: McpTool, args: unknown): unknown {
  const schema = tool.op.input
  const value = Value.Default(schema, Value.Clean(schema, Value.Clone(args ?? {})))
  if (tool.checkInput.Check(value)) return value
  const fields = [...tool.checkInput.Errors(value)].slice(0, 10).map((e) => ({ field: e.path.replace(/^\//, '').replaceAll('/', '.') || '(arguments)', message: e.message }))
  const first = fields[0]
  throw new DomainError('invalid_argument', first ? `Invalid argument ${first.field}: ${first.message}.` : 'Invalid arguments.', { errors: fields })
}

/**
 * Extra fields of a failure for the tools whose specified output itself carries error and
 * message (clock_in, clock_out, invite_staff, get_dashboard_summary).
 */
function failureExtras(name: string, args: unknown, now: number): Record<string, unknown> {
  const a = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>
  switch (name) {
    case 'clock_in':
    case 'clock_out':
      return { success: false }
    case 'invite_staff':
      return { email: typeof a.email === 'string' ? a.email : '', name: typeof a.name === 'string' ? a.name : null }
    case 'get_dashboard_summary':
      return { as_of: toIso(now) }
    default:
      return {}
  }
}

export interface ToolResult {
  content: { type: 'text'; text: string }[]
  structuredContent: Record<string, unknown>
  isError?: true
}

export const okResult = (structured: Record<string, unknown>): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(structured) }],
  structuredContent: structured,
})

export function errorResult(tool: McpTool, code: ErrorCode, message: string, args: unknown, now: number, details?: unknown): ToolResult {
  const fields = code === 'invalid_argument' && details && typeof details === 'object' && Array.isArray((details as { errors?: unknown }).errors)
    ? ((details as { errors: { field?: unknown; message?: unknown }[] }).errors.map((e) => ({ field: String(e.field ?? ''), message: String(e.message ?? '') })))
    : undefined
  const structured: Record<string, unknown> = { ...failureExtras(tool.op.name, args, now), error: code, message, ...(fields ? { fields } : {}) }
  if (tool.op.name === 'invite_staff') structured.status = code
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured, isError: true }
}
