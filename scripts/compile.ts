/**
 * The one `bun build --compile` of the `workforce` executable, shared by scripts/build.ts (the host
 * binary, ./workforce) and scripts/release.ts (every release target). Migrations are embedded
 * (src/db/migrations.generated.ts, regenerated here), so the binary needs no source tree or node_modules.
 */
import { $ } from 'bun'
import { join } from 'node:path'

export const ROOT = join(import.meta.dir, '..')

/** Regenerates the embedded migrations; once before one or more compiles. */
export async function embedMigrations(): Promise<void> {
  await $`bun ${join(ROOT, 'scripts/gen-migrations-bundle.ts')}`.quiet()
}

/**
 * Compiles src/main.ts into `outfile` for `target` (`bun-linux-x64`, `bun-darwin-arm64`, ...; the
 * host when omitted). Cross targets make Bun fetch that platform's runtime once (cached afterwards).
 * Resolves with the build's error messages, empty on success; never throws for a failed build.
 */
export async function compileBinary(outfile: string, target?: string): Promise<string[]> {
  try {
    const result = await Bun.build({
      // The WAL checkpoint worker is loaded with new Worker(): a compiled binary needs it as an entrypoint.
      // So is the daily backup's snapshot worker (src/modules/backup/snapshot-worker.ts).
      entrypoints: [join(ROOT, 'src/main.ts'), join(ROOT, 'src/kernel/checkpoint-worker.ts'), join(ROOT, 'src/modules/backup/snapshot-worker.ts')],
      compile: target ? { outfile, target: target as Bun.Build.CompileTarget } : { outfile },
      minify: { syntax: true, whitespace: true },
      sourcemap: 'linked',
      target: 'bun',
    })
    return result.success ? [] : result.logs.map((l) => String(l))
  } catch (e) {
    // A target whose runtime cannot be fetched (offline, no such platform) throws rather than logs.
    const err = e as { message?: string; errors?: unknown[] }
    return err.errors?.length ? err.errors.map((x) => String(x)) : [err.message ?? String(e)]
  }
}
