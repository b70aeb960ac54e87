/**
 * Builds the single `./workforce` executable with `bun build --compile`. Migrations are embedded
 * (src/db/migrations.generated.ts), so the binary needs no source tree or node_modules.
 */
import { $ } from 'bun'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const outfile = process.argv[2] ?? join(root, 'workforce')

await $`bun ${join(root, 'scripts/gen-migrations-bundle.ts')}`.quiet()
const result = await Bun.build({
  // The WAL checkpoint worker is loaded with new Worker(): a compiled binary needs it as an entrypoint.
  // So is the daily backup's snapshot worker (src/modules/backup/snapshot-worker.ts).
  entrypoints: [join(root, 'src/main.ts'), join(root, 'src/kernel/checkpoint-worker.ts'), join(root, 'src/modules/backup/snapshot-worker.ts')],
  compile: { outfile },
  minify: { syntax: true, whitespace: true },
  sourcemap: 'linked',
  target: 'bun',
})
if (!result.success) {
  for (const log of result.logs) console.error(log)
  process.exit(1)
}
console.log(`built ${outfile}`)
