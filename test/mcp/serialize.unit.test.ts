import { describe, expect, test } from 'bun:test'
import { rpcError } from '../../src/surfaces/mcp-rpc'
import { errorResult, mcpTools, okResult, serializeRpc } from '../../src/surfaces/mcp-tools'

// The transport writes a tool result's structuredContent from its text copy instead of
// stringifying the object twice: the bytes must be exactly JSON.stringify's.
describe('serializeRpc writes the bytes JSON.stringify writes', () => {
  const structured = {
    name: 'Zoë "Q" O\'Brien \\ \u2028 \n\t',
    nested: { list: [1, 2.5, -0, null, 'x'], empty: {}, deep: { a: [{ b: true }] } },
    skipped: undefined,
    at: new Date(Date.UTC(2026, 10, 23, 12, 0, 0)),
    emoji: '😀',
  } as Record<string, unknown>
  const tool = mcpTools().get('list_employees')!

  for (const id of [1, 0, 'req-1', 'a"b\\c']) {
    test(`an ok result, id ${JSON.stringify(id)}`, () => {
      const r = { jsonrpc: '2.0' as const, id, result: okResult(structured) }
      expect(serializeRpc(r)).toBe(JSON.stringify(r))
      expect(JSON.parse(serializeRpc(r))).toEqual(JSON.parse(JSON.stringify(r)))
    })
    test(`an error result (isError), id ${JSON.stringify(id)}`, () => {
      const r = {
        jsonrpc: '2.0' as const,
        id,
        result: errorResult(tool, 'invalid_argument', 'Invalid argument page_size.', {}, 0, { errors: [{ field: 'page_size', message: 'too big' }] }),
      }
      expect(r.result.isError).toBe(true)
      expect(serializeRpc(r)).toBe(JSON.stringify(r))
    })
  }

  test('any other answer is JSON.stringify itself', () => {
    const answers = [
      rpcError(null, -32600, 'Not a JSON-RPC 2.0 message.'),
      rpcError(7, -32000, 'x', { error: 'rate_limited' }),
      { jsonrpc: '2.0' as const, id: 2, result: {} },
      // A result shaped like a tool result but not made by okResult/errorResult: stringified as is.
      { jsonrpc: '2.0' as const, id: 3, result: { content: [{ type: 'text', text: '{"a":1}' }], structuredContent: { a: 2 } } },
    ]
    for (const r of answers) expect(serializeRpc(r)).toBe(JSON.stringify(r))
  })
})
