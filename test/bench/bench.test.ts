/**
 * scripts/bench.ts (issue 18): the equality check refuses a different answer, and an error answer
 * fails the run. The unit part checks compare.ts; the real part runs the script itself on a tiny
 * demo tenant (8 people, 1 day) with short windows. No timing is asserted.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compareAnswers, compareWrites } from '../../scripts/bench/compare'

const ROOT = join(import.meta.dir, '../..')
const cache = mkdtempSync(join(tmpdir(), 'wf-bench-test-cache-'))
afterAll(() => rmSync(cache, { recursive: true, force: true }))

async function bench(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn(
    [
      'bun',
      'scripts/bench.ts',
      '--quick',
      '--employees',
      '8',
      '--days',
      '1',
      '--pairs',
      '1',
      '--seconds',
      '0.3',
      '--connections',
      '4',
      '--no-pin',
      '--no-growth',
      ...args,
    ],
    { cwd: ROOT, env: { ...process.env, WORKFORCE_BENCH_CACHE: cache }, stdout: 'pipe', stderr: 'pipe' },
  )
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  return { code, stdout, stderr }
}

describe('compareAnswers', () => {
  test('byte-equal answers are equal', () => {
    expect(compareAnswers('{"a":1}', '{"a":1}')).toEqual({ equal: true, how: 'bytes', differing: [] })
  })
  test('answers that differ only in a per-request field are equal and the field is named', () => {
    const v = compareAnswers('{"as_of":"2026-11-23T10:00:00Z","n":3}', '{"as_of":"2026-11-23T10:00:01Z","n":3}')
    expect(v).toEqual({ equal: true, how: 'normalized', differing: ['as_of'] })
  })
  test('a different value, an extra field or a different order is a different answer', () => {
    expect(compareAnswers('{"n":3,"total":10}', '{"n":3,"total":11}').equal).toBe(false)
    expect(compareAnswers('{"n":3}', '{"n":3,"extra":true}').equal).toBe(false)
    expect(compareAnswers('{"a":1,"b":2}', '{"b":2,"a":1}').equal).toBe(false)
  })
  test('a tool result whose text copy differs is a different answer', () => {
    const r = (text: string) => JSON.stringify({ result: { content: [{ type: 'text', text }], structuredContent: { n: 1 } } })
    expect(compareAnswers(r('{"n":1}'), r('{"n":2}')).equal).toBe(false)
  })
  test('hours that follow the clock may differ by 1%, not more', () => {
    expect(compareAnswers('{"hours_worked_today":100}', '{"hours_worked_today":100.5}').equal).toBe(true)
    expect(compareAnswers('{"hours_worked_today":100}', '{"hours_worked_today":103}').equal).toBe(false)
  })
  test('writes: same shape with other ids is equal; another shape is not', () => {
    expect(compareWrites('{"success":true,"time_log_id":"a","x":1}', '{"success":true,"time_log_id":"b","x":2}').equal).toBe(true)
    expect(compareWrites('{"success":true,"x":1}', '{"success":true}').equal).toBe(false)
  })
})

describe('bun scripts/bench.ts, a real short run', () => {
  test('a bare answer that differs from the product stops the run before timing (exit 2)', async () => {
    const r = await bench(['--only', 'users,list_employees', '--tamper', 'list_employees'])
    expect(r.stderr).toContain('EQUALITY CHECK FAILED: MCP list_employees')
    expect(r.stdout).not.toContain('| endpoint |')
    expect(r.code).toBe(2)
  }, 120_000)
  test('the same run without tampering checks the answers equal and prints the table (exit 0)', async () => {
    const r = await bench(['--only', 'users,list_employees'])
    expect(r.stdout).toContain('REST /api/v1/users: answers byte-equal')
    expect(r.stdout).toMatch(/\| MCP list_employees \| [\d,]+ \| [\d,]+ \|/)
    // Each side's warm-up (--quick: 1 s or more, longer while its JIT compiles, 3 s at most for a read) and the JIT's CPU in the timed windows.
    expect(r.stdout).toMatch(
      /measured MCP list_employees: .*; warm-up workforce (\d\.\d), bare (\d\.\d), SDK (\d\.\d) s; JIT compiling during the timed windows: workforce \d+ ms, bare \d+ ms/,
    )
    const warmUps = /measured REST \/api\/v1\/users: .*; warm-up workforce (\d\.\d), bare (\d\.\d) s;/.exec(r.stdout)
    for (const s of warmUps?.slice(1) ?? ['none']) expect(Number(s)).toBeWithin(1, 3.01)
    // One pair is three timed windows, bare, workforce, bare: the workforce window against the bare
    // ones either side of it; then what each process's other threads spent.
    expect(r.stdout).toMatch(
      /measured REST \/api\/v1\/users: [^\n]*\n {4}p99\/max ms per window: workforce [\d.]+\/\d+ \(JIT \d+\); bare [\d.]+\/\d+ \(JIT \d+\) [\d.]+\/\d+ \(JIT \d+\)\n {4}other threads over the timed windows, ms: workforce .+; bare .+\n/,
    )
    expect(r.code).toBe(0)
  }, 120_000)
  test('a run of writes only (no shared read warm-up) times clock-in/out against the bare commit rate (exit 0)', async () => {
    const r = await bench(['--only', 'clock'])
    expect(r.stdout).toContain('MCP clock_in/clock_out: answers same success and shape')
    expect(r.stdout).toMatch(/\| MCP clock_in\/clock_out \(vs bare commit rate\) \| [\d,]+ \| [\d,]+ \|/)
    // A write's warm-up goes on until its JIT was quiet for a whole second, 5 s at most in --quick.
    const warmUps = /measured MCP clock_in\/clock_out: .*; warm-up workforce (\d\.\d), bare (\d\.\d) s;/.exec(r.stdout)
    for (const s of warmUps?.slice(1) ?? ['none']) expect(Number(s)).toBeWithin(1.5, 5.01)
    expect(r.stderr).not.toContain('error answer')
    expect(r.code).toBe(0)
  }, 120_000)
  test('error answers during the load (MCP rate_limited, HTTP 200 with isError) make the script exit 1', async () => {
    const r = await bench(['--only', 'list_employees', '--product-env', 'WORKFORCE_MCP_RATE_LIMIT_MINUTE=30'])
    expect(r.stdout).toContain('| MCP list_employees |')
    expect(r.stderr).toMatch(/MCP list_employees: \d+ error answer\(s\) from workforce; first: HTTP 200: .*rate_limited/)
    expect(r.code).toBe(1)
  }, 120_000)
  test('--growth serves every size at once and prints, per read and size, the warm and first-second CPU and the answer size', async () => {
    const r = await bench(['--growth', '--sizes', '8,16', '--only', 'users,list_employees'])
    expect(r.stdout).toContain('| read | 8: CPU ms / p50 ms (first 0.5 s: CPU ms) / answer KB | 16: CPU ms / p50 ms (first 0.5 s: CPU ms) / answer KB |')
    const cell = String.raw`[\d.]+ / [\d.]+ \([\d.]+\) / [\d.,]+`
    for (const label of ['REST /api/v1/users', 'MCP list_employees']) expect(r.stdout).toMatch(new RegExp(`\\| ${label} \\| ${cell} \\| ${cell} \\| - \\|`))
    expect(r.stderr).not.toContain('error answer')
    expect(r.code).toBe(0)
  }, 180_000)
})
