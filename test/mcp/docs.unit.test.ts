import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { DOC_PATH, render } from '../../scripts/gen-mcp-docs'

test('docs/mcp-tools.md matches the published tool schemas (run bun scripts/gen-mcp-docs.ts)', () => {
  const current = readFileSync(DOC_PATH, 'utf8')
  expect(render(current)).toBe(current)
  for (const name of ['clock_in', 'get_analytics_questions', 'get_capabilities']) expect(current).toContain(`### ${name}`)
})
