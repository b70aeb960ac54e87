/**
 * Writes the tool reference of docs/mcp-tools.md from the live registry: every tool's access,
 * arguments and output fields come from the same TypeBox schemas the server publishes, so the
 * document cannot drift (test/mcp/docs.unit.test.ts fails when it is stale).
 *
 *   bun scripts/gen-mcp-docs.ts          # rewrite the generated part
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { mcpOperations } from '../src/surfaces/mcp-registry'
import type { AnyOperation } from '../src/kernel/operation'

export const DOC_PATH = join(import.meta.dir, '../docs/mcp-tools.md')
export const MARKER = '<!-- generated below by scripts/gen-mcp-docs.ts: do not edit by hand -->'

type S = Record<string, unknown> & { anyOf?: S[]; properties?: Record<string, S>; required?: string[]; items?: S; patternProperties?: Record<string, S> }
const plain = (s: unknown): S => JSON.parse(JSON.stringify(s)) as S

function typeOf(s: S): string {
  if (s.anyOf) {
    if (s.anyOf.every((x) => x.const !== undefined)) return s.anyOf.map((x) => `\`${String(x.const)}\``).join(' \\| ')
    return s.anyOf.map(typeOf).join(' \\| ')
  }
  if (s.const !== undefined) return `\`${String(s.const)}\``
  if (s.type === 'array') return `${typeOf(s.items!)}[]`
  if (s.type === 'object' && s.patternProperties) return `map of ${Object.values(s.patternProperties).map(typeOf).join()}`
  const fmt = s.format ? ` (${String(s.format)})` : s.pattern ? ' (YYYY-MM-DD)' : ''
  return `${String(s.type ?? 'any')}${fmt}`
}

function limits(s: S): string {
  const parts: string[] = []
  for (const k of ['minimum', 'maximum', 'minLength', 'maxLength', 'maxItems'] as const) if (s[k] !== undefined) parts.push(`${k} ${String(s[k])}`)
  if (s.default !== undefined) parts.push(`default \`${JSON.stringify(s.default)}\``)
  return parts.join(', ')
}

const esc = (s: unknown) =>
  String(s ?? '')
    .replaceAll('|', '\\|')
    .replaceAll('\n', ' ')

/** Rows for every field, nested objects and array items flattened to dotted paths. */
function rows(s: S, prefix: string, out: string[]): void {
  const required = new Set(s.required ?? [])
  for (const [name, raw] of Object.entries(s.properties ?? {})) {
    const path = `${prefix}${name}`
    const nonNull = raw.anyOf?.find((x) => x.type !== 'null') ?? raw
    out.push(
      `| \`${path}\` | ${typeOf(raw)} | ${required.has(name) && raw.default === undefined ? 'yes' : 'no'} | ${esc(limits(raw))} | ${esc(raw.description ?? nonNull.description)} |`,
    )
    if (nonNull.type === 'object' && nonNull.properties) rows(nonNull, `${path}.`, out)
    if (nonNull.type === 'array' && nonNull.items?.type === 'object') rows(nonNull.items, `${path}[].`, out)
  }
}

function access(op: AnyOperation): string {
  const a = op.access
  const who =
    a.role === 'public'
      ? 'no key needed'
      : a.role === 'member'
        ? 'any key (Employee and up)'
        : `${({ manager: 'Manager', admin: 'Admin', owner_admin: 'OwnerAdmin', employee: 'Employee' } as Record<string, string>)[a.role]} or above`
  const extra = [
    a.write ? 'write: refused in demo mode (demo_mode_read_only)' : null,
    a.userScopedKey ? 'needs a user-scoped production key' : null,
    op.unavailableInDemo ? 'answers available: false in demo mode' : null,
  ]
  return [who, ...extra].filter(Boolean).join('; ')
}

function section(op: ReturnType<typeof mcpOperations>[number], out: string[]): void {
  out.push(
    `### ${op.name}`,
    '',
    `**${op.title}**: ${op.description}`,
    '',
    `Access: ${access(op)}. Annotations: ${op.access.write ? 'destructiveHint' : 'readOnlyHint'}.`,
    '',
  )
  const input: string[] = []
  rows(plain(op.input), '', input)
  out.push('Arguments:', '')
  if (input.length === 0) out.push('none', '')
  else out.push('| field | type | required | limits | meaning |', '|---|---|---|---|---|', ...input, '')
  const output: string[] = []
  rows(plain(op.output), '', output)
  out.push('Result (`structuredContent`):', '', '| field | type | always | limits | meaning |', '|---|---|---|---|---|', ...output, '')
}

export function generate(): string {
  const out: string[] = [MARKER, '', '## Tool reference', '']
  const spec = mcpOperations()
  for (const op of spec) section(op, out)
  const names = new Set(spec.map((op) => op.name))
  out.push(
    '## Extended tools (opt-in)',
    '',
    "Offered only when the operator starts the server with `--mcp-extended-tools` or `WORKFORCE_MCP_EXTENDED_TOOLS=on`; then tools/list, `GET /api/mcp/v1/tools`, get_capabilities and get_data_dictionary include them. Off (the default), the list above is exactly the specification's.",
    '',
  )
  for (const op of mcpOperations(true)) if (!names.has(op.name)) section(op, out)
  return out.join('\n')
}

export function render(current: string): string {
  const head = current.includes(MARKER) ? current.slice(0, current.indexOf(MARKER)) : current
  return `${head}${generate()}`
}

if (import.meta.main) {
  writeFileSync(DOC_PATH, render(readFileSync(DOC_PATH, 'utf8')))
  console.log(`wrote ${DOC_PATH}`)
}
