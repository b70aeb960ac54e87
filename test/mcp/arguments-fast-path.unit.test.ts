import { describe, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { isDomainError } from '../../src/kernel/errors'
import { type McpTool, mcpTools, parseArguments, quickArguments } from '../../src/surfaces/mcp-tools'

/** The full path as DESIGN.md states it: Clone, Clean, Default, then the compiled check. */
function fullPath(tool: McpTool, args: unknown): unknown {
  const schema = tool.op.input
  const value = Value.Default(schema, Value.Clean(schema, Value.Clone(args ?? {})))
  return tool.checkInput.Check(value) ? { ok: value } : { refused: true }
}

/** Candidate values of one property schema: valid ones first, then a few that are not. */
function candidates(schema: Record<string, unknown>): unknown[] {
  if ('const' in schema) return [schema.const]
  if (Array.isArray(schema.anyOf)) return schema.anyOf.flatMap((s) => candidates(s as Record<string, unknown>))
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return ['0b9f5c3e-8d1a-4c7e-9f2b-3a6d5e4c1b2a', 'not-a-uuid']
      if (schema.format === 'date-time') return ['2026-11-23T10:00:00Z', 'yesterday']
      if (schema.format === 'email') return ['ana@example.com', 'nope']
      if (schema.format === 'integer') return ['5']
      if (typeof schema.pattern === 'string') return ['2026-11-23', '23.11.2026']
      return ['Ana', '', 'x'.repeat(3000)]
    case 'integer':
      return [typeof schema.minimum === 'number' ? schema.minimum : 1, 2, 0, 1.5, -3]
    case 'number':
      return [48.1, -122.5, 0]
    case 'boolean':
      return [true, false]
    default:
      return [null]
  }
}

function argumentSets(tool: McpTool): unknown[] {
  const props = Object.entries((tool.op.input as { properties?: Record<string, Record<string, unknown>> }).properties ?? {})
  const sets: unknown[] = [{}, undefined, null, [], 'text', { unknown_key: 1 }]
  const all: Record<string, unknown> = {}
  for (const [key, schema] of props) {
    const values = candidates(schema)
    all[key] = values[0]
    for (const v of [...values, null, 'wrong', 7, {}, [1]]) {
      sets.push({ [key]: v })
      sets.push({ [key]: v, extra: 'dropped by Clean' })
    }
  }
  sets.push(all, { ...all, extra: true }, JSON.parse(`{"__proto__": {"x": 1}${Object.keys(all).length ? `,${JSON.stringify(all).slice(1)}` : '}'}`))
  // Reversed key order: the value keeps the caller's order, defaults after.
  sets.push(Object.fromEntries(Object.entries(all).reverse()))
  return sets
}

describe('arguments: the short way gives what Clone + Clean + Default + check give', () => {
  for (const extended of [false, true]) {
    test(`every ${extended ? 'extended' : 'specified'} tool, valid and invalid arguments`, () => {
      let quick = 0
      let checked = 0
      for (const tool of mcpTools(extended).values()) {
        for (const args of argumentSets(tool)) {
          checked++
          const expected = fullPath(tool, args)
          const short = quickArguments(tool, args)
          if (short !== undefined) {
            quick++
            // Same value, same key order, and a copy: never the caller's object.
            expect(JSON.stringify({ ok: short })).toBe(JSON.stringify(expected))
            expect(short).not.toBe(args as Record<string, unknown>)
          }
          let got: unknown
          try {
            got = { ok: parseArguments(tool, args) }
          } catch (e) {
            if (!isDomainError(e) || e.code !== 'invalid_argument') throw e
            got = { refused: true }
          }
          expect(JSON.stringify(got)).toBe(JSON.stringify(expected))
        }
      }
      // The short way is really taken (a test of nothing would pass too).
      expect(checked).toBeGreaterThan(500)
      expect(quick).toBeGreaterThan(100)
    })
  }

  test('taken for the bench calls; not for an input with nested defaults (list_tasks) or unknown keys', () => {
    const tools = mcpTools(true)
    expect(quickArguments(tools.get('get_productivity_overview')!, {})).toEqual({ period: 'this_week' })
    expect(quickArguments(tools.get('list_employees')!, { page: 1, page_size: 20 })).toEqual({ page: 1, page_size: 20 })
    expect(tools.get('list_tasks')!.flatDefaults).toBeNull()
    expect(quickArguments(tools.get('list_employees')!, { page: 2, other: 1 })).toBeUndefined()
    expect(parseArguments(tools.get('list_employees')!, { page: 2, other: 1 })).toEqual({ page: 2, page_size: 20 })
  })
})
