import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { PAGES, describePattern, render } from '../../scripts/gen-reference-docs'

for (const [name, page] of Object.entries(PAGES)) {
  test(`docs/${name}.md matches the registry it documents (run bun scripts/gen-reference-docs.ts)`, () => {
    const current = readFileSync(page.path, 'utf8')
    expect(render(current, page.generate())).toBe(current)
  })
}

test('job patterns read as words, unknown shapes stay as the pattern', () => {
  expect(describePattern('*/2 * * * * *')).toBe('every 2 s')
  expect(describePattern('0 */5 * * * *')).toBe('every 5 min')
  expect(describePattern('30 */5 * * * *')).toBe('every 5 min, at second 30')
  expect(describePattern('0 7 * * * *')).toBe('hourly, at minute 7')
  expect(describePattern('0 0 3 * * *')).toBe('`0 0 3 * * *`')
})
