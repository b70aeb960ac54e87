import { Command, Option } from 'commander'
import type { Static, TObject, TSchema } from '@sinclair/typebox'
import type { Access } from '../kernel/access'
import { invoke, type Operation } from '../kernel/operation'
import { DomainError } from '../kernel/errors'
import { systemCtxFor, type Runtime } from '../runtime'
import type { TenantBoundCtx } from '../kernel/ctx'
import { inputErrors, pureSchema } from '../surfaces/rest-validation'
import { CliError, dataOption, printJson, resolveTenant, withRuntime, type DataOpts } from './common'
import { resolveReference } from './references'

/**
 * An operator command made from an operation, the way a REST route is: the options come from the
 * operation's input schema (`start_date` → `--start-date <value>`, described by the field's
 * description), the input is checked by the same validation as the REST API (field-named errors,
 * nothing written), and the operation runs through `invoke` as the operator (the system actor,
 * OwnerAdmin of the tenant). `--json` prints the operation's output as it is.
 */
export interface CommandSpec<I extends TObject, O extends TSchema, A extends Access> {
  /** Subcommand name, e.g. `add`. */
  name: string
  op: Operation<I, O, A>
  /** Input fields taken as positional arguments, in order (the rest are options). */
  args?: readonly (keyof Static<I> & string)[]
  /** One-line summary for `--help`; defaults to the operation's title. */
  summary?: string
  /** The human-readable answer; defaults to a generic rendering of the output. */
  print?: (out: Static<O>) => string
}

type SchemaLike = TSchema & Record<string, unknown>
type Kind = 'string' | 'number' | 'boolean' | 'list' | 'json'

const kebab = (field: string) => field.replaceAll('_', '-')
const camel = (field: string) => field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** What a field's value is on the command line, from its schema (nullable and numeric-string unions unwrapped). */
function kindOf(schema: SchemaLike): Kind {
  const s = pureSchema(schema) as SchemaLike
  const anyOf = s.anyOf as SchemaLike[] | undefined
  if (anyOf) {
    const nonNull = anyOf.filter((o) => o.type !== 'null')
    if (nonNull.every((o) => 'const' in o && typeof o.const === 'string')) return 'string'
    if (nonNull.length === 1) return kindOf(nonNull[0]!)
    return 'json'
  }
  switch (s.type) {
    case 'integer':
    case 'number':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'array': {
      const items = s.items as SchemaLike | undefined
      const literals = (items?.anyOf as SchemaLike[] | undefined)?.every((o) => typeof o.const === 'string')
      return items?.type === 'string' || literals ? 'list' : 'json'
    }
    case 'object':
      return 'json'
    default:
      return 'string'
  }
}

const nullable = (schema: SchemaLike): boolean => ((schema.anyOf as SchemaLike[] | undefined) ?? []).some((o) => o.type === 'null')

const choices = (schema: SchemaLike): string[] | null => {
  const anyOf = (schema.anyOf as SchemaLike[] | undefined)?.filter((o) => o.type !== 'null')
  return anyOf?.every((o) => 'const' in o) ? anyOf.map((o) => String(o.const)) : null
}

function helpOf(schema: SchemaLike, kind: Kind): string {
  const parts = [typeof schema.description === 'string' ? schema.description : '']
  const values = choices(schema)
  if (values) parts.push(`(one of: ${values.join(', ')})`)
  if (kind === 'list') parts.push('(comma-separated)')
  if (kind === 'json') parts.push('(JSON)')
  if (nullable(schema)) parts.push('("null" clears it)')
  return parts.filter(Boolean).join(' ')
}

/** A command-line string as the value the schema expects; what cannot convert stays a string so validation names the field. */
function convert(raw: string, kind: Kind, schema: SchemaLike): unknown {
  if (raw === 'null' && nullable(schema)) return null
  switch (kind) {
    case 'number': {
      const n = Number(raw)
      return raw.trim() !== '' && Number.isFinite(n) ? n : raw
    }
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw
    case 'list':
      return raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    case 'json':
      try {
        return JSON.parse(raw)
      } catch {
        throw new CliError(`value "${raw}" is not valid JSON`)
      }
    default:
      return raw
  }
}

function renderValue(v: unknown): string {
  if (v === null || v === undefined) return '-'
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

/** A generic human rendering: a table for lists (`data`, or the only array field), else one `key: value` line per field. */
export function renderOutput(out: unknown): string {
  if (!out || typeof out !== 'object') return renderValue(out)
  const record = out as Record<string, unknown>
  const arrays = Object.entries(record).filter(([, v]) => Array.isArray(v))
  if (arrays.length === 1) {
    const [name, rows] = arrays[0] as [string, Record<string, unknown>[]]
    if (rows.length === 0) return `No ${name.replaceAll('_', ' ')}.`
    const columns = Object.keys(rows[0]!).filter((k) => rows.every((r) => r[k] === null || typeof r[k] !== 'object'))
    const table = [columns, ...rows.map((r) => columns.map((c) => renderValue(r[c])))]
    const widths = columns.map((_, i) => Math.max(...table.map((row) => row[i]!.length)))
    const lines = table.map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    const rest = Object.entries(record).filter(([k, v]) => k !== name && (v === null || typeof v !== 'object'))
    return [...lines, ...rest.map(([k, v]) => `${k}: ${renderValue(v)}`)].join('\n')
  }
  return Object.entries(record)
    .map(([k, v]) => `${k}: ${renderValue(v)}`)
    .join('\n')
}

/** Field errors of the input as the operator typed them: `--start-date must be a date YYYY-MM-DD`. */
function refuseInvalid(schema: TObject, input: Record<string, unknown>): void {
  const errors = inputErrors(pureSchema(schema), input, 'body')
  if (errors.length === 0) return
  const named = errors.map((e) => {
    const [head, ...rest] = e.field.split('.')
    return { option: `--${kebab(head!)}${rest.length ? `.${rest.join('.')}` : ''}`, message: e.message }
  })
  throw new DomainError('invalid_argument', named.map((e) => `${e.option} ${e.message}`).join('; '), { errors: named })
}

/** The operation as a subcommand: options from its input, validation, the operator's context, output. */
export function operationCommand<I extends TObject, O extends TSchema, A extends Access>(spec: CommandSpec<I, O, A>): Command {
  const { op } = spec
  const props = (op.input.properties ?? {}) as Record<string, SchemaLike>
  const required = new Set<string>((op.input.required as string[] | undefined) ?? [])
  const positional = new Set<string>(spec.args ?? [])
  const cmd = new Command(spec.name).description(`${spec.summary ?? op.title}. ${op.description}`)
  for (const field of spec.args ?? []) {
    const schema = props[field]!
    cmd.argument(required.has(field) ? `<${kebab(field)}>` : `[${kebab(field)}]`, helpOf(schema, kindOf(schema)))
  }
  for (const [field, schema] of Object.entries(props)) {
    if (positional.has(field)) continue
    const kind = kindOf(schema)
    const flags = kind === 'boolean' ? `--${kebab(field)} [true|false]` : `--${kebab(field)} <value>`
    const option = new Option(flags, helpOf(schema, kind) + (required.has(field) ? ' (required)' : ''))
    cmd.addOption(option)
  }
  cmd.requiredOption('--tenant <id>', 'tenant readable id (WF-123456) or slug').option('--json', 'print the result as JSON').addOption(dataOption())
  cmd.action(async (...received: unknown[]) => {
    const opts = received[(spec.args ?? []).length] as DataOpts & Record<string, unknown> & { tenant: string; json?: boolean }
    await withRuntime(opts, async (rt) => {
      const ctx = systemCtxFor(rt, resolveTenant(rt, opts.tenant))
      const input = readInput(rt, ctx, spec, props, received, opts)
      refuseInvalid(op.input, input)
      const out = await invoke(op, ctx, input as Static<I>)
      console.log(opts.json ? JSON.stringify(out, null, 2) : (spec.print ?? renderOutput)(out))
    }).catch((e: unknown) => {
      if (opts.json && e instanceof DomainError) {
        printJson({ error: { code: e.code, message: e.message, details: e.details } })
        process.exit(2)
      }
      throw e
    })
  })
  return cmd
}

function readInput<I extends TObject, O extends TSchema, A extends Access>(
  rt: Runtime,
  ctx: TenantBoundCtx,
  spec: CommandSpec<I, O, A>,
  props: Record<string, SchemaLike>,
  received: unknown[],
  opts: Record<string, unknown>,
): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  const set = (field: string, raw: unknown) => {
    if (raw === undefined) return
    const schema = props[field]!
    const kind = kindOf(schema)
    const value = raw === true && kind === 'boolean' ? true : convert(String(raw), kind, schema)
    input[field] = typeof value === 'string' ? resolveReference(rt, ctx, field, value) : value
  }
  for (const [i, field] of (spec.args ?? []).entries()) set(field, received[i])
  for (const field of Object.keys(props)) if (!(spec.args ?? []).includes(field)) set(field, opts[camel(field)])
  return input
}

/** A group of operator commands (`workforce rates …`), each one an operation. */
export function commandGroup(name: string, description: string, commands: Command[]): Command {
  const group = new Command(name).description(description)
  for (const c of commands) group.addCommand(c)
  return group
}
