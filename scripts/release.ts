/**
 * `bun run release`: the `workforce` binary for every platform we ship, with checksums.
 *
 *   bun run release                       all targets into dist/
 *   bun run release --host                only this machine's target (what the test runs)
 *   bun run release --targets linux-x64,linux-arm64 --out /tmp/rel
 *
 * Writes dist/workforce-<version>-<os>-<arch>[.exe] and dist/SHA256SUMS (`sha256sum -c SHA256SUMS`
 * checks them). Cross targets make Bun fetch that platform's runtime from the npm registry once
 * (@oven/bun-<os>-<arch>, cached in ~/.bun/install/cache); a target that cannot be fetched or built
 * is reported by name and the others are still built; the exit code is then 1.
 * docs/operations.md "Install" says how to use the files.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { SERVER_VERSION } from '../src/kernel/version'
import { compileBinary, embedMigrations, ROOT } from './compile'

/** The release targets: `<os>-<arch>` as in the file names, built with `--target=bun-<os>-<arch>`. */
export const RELEASE_TARGETS = ['linux-x64', 'linux-arm64', 'darwin-arm64', 'darwin-x64', 'windows-x64'] as const

export const hostTarget = (): string => `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`

export const binaryName = (target: string): string => `workforce-${SERVER_VERSION}-${target}${target.startsWith('windows') ? '.exe' : ''}`

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  return i === -1 ? undefined : process.argv[i + 1]
}

async function main(): Promise<number> {
  const outDir = resolve(argValue('--out') ?? join(ROOT, 'dist'))
  const targets = process.argv.includes('--host')
    ? [hostTarget()]
    : (argValue('--targets')
        ?.split(',')
        .map((t) => t.trim())
        .filter(Boolean) ?? [...RELEASE_TARGETS])
  mkdirSync(outDir, { recursive: true })
  await embedMigrations()

  const built: string[] = []
  const failed: { target: string; why: string }[] = []
  for (const target of targets) {
    const outfile = join(outDir, binaryName(target))
    rmSync(outfile, { force: true })
    const started = performance.now()
    const errors = await compileBinary(outfile, `bun-${target}`)
    if (errors.length) {
      failed.push({ target, why: errors.join('; ') })
      console.error(`FAILED ${target}: ${errors.join('; ')}`)
      continue
    }
    built.push(outfile)
    const mb = (statSync(outfile).size / 1_048_576).toFixed(0)
    console.log(`built  ${target.padEnd(13)} ${basename(outfile)}  ${mb} MB  ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
  // The linked source maps written beside the binaries are not part of the release.
  for (const f of readdirSync(outDir)) if (f.endsWith('.map')) rmSync(join(outDir, f))

  const sums: string[] = []
  for (const file of built)
    sums.push(
      `${createHash('sha256')
        .update(await Bun.file(file).bytes())
        .digest('hex')}  ${basename(file)}`,
    )
  writeFileSync(join(outDir, 'SHA256SUMS'), sums.length ? `${sums.join('\n')}\n` : '')
  console.log(`wrote  ${join(outDir, 'SHA256SUMS')} (${built.length} file${built.length === 1 ? '' : 's'})`)
  if (failed.length) {
    console.error(`\n${failed.length} of ${targets.length} targets were not built: ${failed.map((f) => f.target).join(', ')}. The others are in ${outDir}.`)
    return 1
  }
  return 0
}

if (import.meta.main) process.exit(await main())
