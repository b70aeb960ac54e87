import { describe, expect, test } from 'bun:test'
import { Glob } from 'bun'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Issue 19 items 4-5, as a guard on the source of every scripts/bench*.ts: each prints a baseline
 * next to its figure and sets a failing exit code when an answer was an error. (Each script was
 * also run by hand with small sizes; bench:mcp with its MCP limit lowered exited 1.)
 * bench-rest-tenant.ts is bench:rest's seeding module, not a benchmark. scripts/bench.ts (the
 * harness of issue 18, its table printed from scripts/bench/) is run for real by
 * test/bench/bench.test.ts, which shows both its baseline columns and its failing exits.
 */
const root = join(import.meta.dir, '../..')
const HELPERS = ['scripts/bench-rest-tenant.ts', 'scripts/bench.ts']
const benches = [...new Glob('scripts/bench*.ts').scanSync({ cwd: root })].filter((f) => !HELPERS.includes(f)).sort()

describe('every benchmark script', () => {
  test('there are benchmarks, and each is run by a package.json script', () => {
    expect(benches.length).toBeGreaterThanOrEqual(8)
    const scripts = Object.values((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts)
    for (const f of benches) expect([f, scripts.some((s) => s.includes(f))]).toEqual([f, true])
  })

  for (const f of benches) {
    test(`${f} prints a baseline and exits non-zero on an error answer`, () => {
      const text = readFileSync(join(root, f), 'utf8')
      // A console line naming the baseline, and the failing exit.
      expect([f, /console\.(log|error)\([\s\S]{0,200}?baseline/i.test(text)]).toEqual([f, true])
      expect([f, /process\.exitCode = 1/.test(text)]).toEqual([f, true])
    })
  }
})
