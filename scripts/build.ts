/**
 * Builds the single `./workforce` executable for this machine with `bun build --compile`
 * (scripts/compile.ts; every platform at once: scripts/release.ts).
 */
import { join } from 'node:path'
import { compileBinary, embedMigrations, ROOT } from './compile'

const outfile = process.argv[2] ?? join(ROOT, 'workforce')

await embedMigrations()
const errors = await compileBinary(outfile)
if (errors.length) {
  for (const e of errors) console.error(e)
  process.exit(1)
}
console.log(`built ${outfile}`)
