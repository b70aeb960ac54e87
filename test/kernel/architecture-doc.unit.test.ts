import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { ARCHITECTURE_DOC, renderArchitectureDoc } from '../../scripts/gen-architecture-map'

describe('docs/architecture.md', () => {
  test('its module map is the one the code gives (run bun scripts/gen-architecture-map.ts after changing a module)', () => {
    const doc = readFileSync(ARCHITECTURE_DOC, 'utf8')
    expect(renderArchitectureDoc(doc)).toBe(doc)
  })
})
