/**
 * Architecture checks run by .ci/run:
 * 1. Only data-access files (queries.ts, *-queries.ts, schema files, src/db, seed/) import tables,
 *    so tenant scoping lives in named query functions.
 * 2. No async callback is passed to a transaction: bun:sqlite commits at the first await and the
 *    rollback then does nothing.
 * Exits 1 with one line per violation.
 */
import { Glob } from 'bun'
import { is } from 'drizzle-orm'
import { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import * as schema from '../src/db/schema'

const root = join(import.meta.dir, '..')
const tableNames = new Set(Object.entries(schema).filter(([, v]) => is(v, SQLiteTable)).map(([k]) => k))

const mayImportTables = (file: string) =>
  /(^|\/)(queries|[\w-]+-queries|schema|columns)\.ts$/.test(file) || file.startsWith('src/db/') || file.startsWith('seed/') || file.startsWith('test/') || file.startsWith('scripts/')

const importRe = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]*schema)['"]/g
const asyncTxRe = /\.?transaction\s*\(\s*(?:[\w.]+\s*,\s*)?async\b/g

const violations: string[] = []
for (const dir of ['src', 'seed', 'scripts', 'test']) {
  for await (const abs of new Glob(`${dir}/**/*.ts`).scan({ cwd: root, absolute: true })) {
    const file = relative(root, abs)
    const text = readFileSync(abs, 'utf8')
    if (!mayImportTables(file)) {
      for (const m of text.matchAll(importRe)) {
        if (m[1]) continue // type-only imports carry no table
        const names = m[2]!.split(',').map((s) => s.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!).filter(Boolean)
        const tables = names.filter((n) => tableNames.has(n))
        if (tables.length) violations.push(`${file}: imports table(s) ${tables.join(', ')}; move the query into a queries.ts function`)
      }
    }
    for (const m of text.matchAll(asyncTxRe)) {
      const line = text.slice(0, m.index).split('\n').length
      violations.push(`${file}:${line}: async callback passed to a transaction; transactions must be synchronous`)
    }
  }
}

if (violations.length) {
  console.error(violations.join('\n'))
  console.error(`architecture check: ${violations.length} violation(s)`)
  process.exit(1)
}
console.log(`architecture check: ok (${tableNames.size} tables, data access confined to queries files)`)
