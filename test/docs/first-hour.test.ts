/**
 * docs/first-hour.md, run as written: every ```sh block (except the one marked "not run by the
 * test", which starts the server) is executed in one bash session against a real server on a
 * fresh data directory, with `workforce` on the PATH; then the payroll the page promises is
 * checked against the numbers it states.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, workforceCommand, type TestServer } from '../helpers/server'

const DOC = join(import.meta.dir, '../../docs/first-hour.md')
let server: TestServer
let bin: string

/** The page's shell blocks, in order, without the ones marked as not run. */
export function runnableBlocks(markdown: string): string[] {
  const blocks: string[] = []
  const re = /(<!-- not run by the test -->\s*\n)?```sh\n([\s\S]*?)```/g
  for (const m of markdown.matchAll(re)) if (!m[1]) blocks.push(m[2]!)
  return blocks
}

beforeAll(async () => {
  server = await startServer()
  bin = mkdtempSync(join(tmpdir(), 'wf-first-hour-bin-'))
  const wrapper = join(bin, 'workforce')
  writeFileSync(
    wrapper,
    `#!/bin/sh\nexec ${workforceCommand()
      .map((a) => `'${a}'`)
      .join(' ')} "$@"\n`,
  )
  chmodSync(wrapper, 0o755)
})
afterAll(async () => {
  await server?.stop()
  rmSync(bin, { recursive: true, force: true })
})

test('the page runs as written and its first payroll is the one it states', async () => {
  const blocks = runnableBlocks(readFileSync(DOC, 'utf8'))
  expect(blocks.length).toBeGreaterThanOrEqual(8)
  const script = ['set -euo pipefail', ...blocks].join('\n')
  const proc = Bun.spawn(['bash', '-c', script], {
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, WORKFORCE_DATA: server.dataDir, WF: server.url, WORKFORCE_LOG_LEVEL: 'warn' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  if (code !== 0) throw new Error(`docs/first-hour.md failed (exit ${code}):\n${stderr}\n${stdout.slice(-2000)}`)
  const payroll = stdout
    .split('\n')
    .filter((l) => l.startsWith('{') && l.includes('"totals"'))
    .map((l) => JSON.parse(l) as { data: { email: string; amount_cents: number; currency: string }[] })
    .at(-1)
  if (!payroll) throw new Error(`no payroll answer in the output:\n${stdout.slice(-3000)}`)
  const byEmail = Object.fromEntries(payroll!.data.map((l) => [l.email, { amount_cents: l.amount_cents, currency: l.currency }]))
  expect(byEmail).toEqual({
    'ben@brandt.example': { amount_cents: 14400, currency: 'EUR' },
    'ana@brandt.example': { amount_cents: 23800, currency: 'EUR' },
  })
}, 180_000)
