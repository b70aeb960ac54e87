import { afterAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SERVER_VERSION } from '../../src/kernel/version'

// `bun run release` (scripts/release.ts) for this machine's target only: the cross targets are the
// same build with another --target (each measured in the report, not in CI).
const ROOT = join(import.meta.dir, '../..')
const out = mkdtempSync(join(tmpdir(), 'wf-release-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

const host = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`

async function release(args: string[]) {
  const proc = Bun.spawn(['bun', join(ROOT, 'scripts/release.ts'), '--out', out, ...args], { stdout: 'pipe', stderr: 'pipe' })
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  return { stdout, stderr, code }
}

describe('release script', () => {
  test('--host builds a binary that runs, named by version and platform, with a SHA256SUMS line that matches it', async () => {
    const r = await release(['--host'])
    expect(r.code).toBe(0)
    const name = `workforce-${SERVER_VERSION}-${host}${host.startsWith('windows') ? '.exe' : ''}`
    const bin = join(out, name)
    expect(existsSync(bin)).toBe(true)
    const version = Bun.spawnSync([bin, '--version'], { stdout: 'pipe' })
    expect(version.stdout.toString().trim()).toBe(SERVER_VERSION)
    const sums = readFileSync(join(out, 'SHA256SUMS'), 'utf8')
    const digest = createHash('sha256').update(readFileSync(bin)).digest('hex')
    expect(sums).toBe(`${digest}  ${name}\n`)
    expect(readdirSync(out).filter((f) => f.endsWith('.map'))).toEqual([])
  })

  test('a target that cannot be built is named, the others are still built and summed, and the exit code is 1', async () => {
    const r = await release(['--targets', `plan9-mips,${host}`])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('FAILED plan9-mips:')
    expect(r.stderr).toContain('1 of 2 targets were not built: plan9-mips')
    const sums = readFileSync(join(out, 'SHA256SUMS'), 'utf8').trim().split('\n')
    expect(sums).toHaveLength(1)
    expect(sums[0]).toEndWith(`  workforce-${SERVER_VERSION}-${host}${host.startsWith('windows') ? '.exe' : ''}`)
  })
})
