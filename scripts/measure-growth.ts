/**
 * What each table holds on disk: rows, bytes (table and its indexes, from SQLite's dbstat) and
 * bytes per row, largest first. Read-only; run it on any data directory (a copy of production, or
 * one filled by `workforce seed-demo` and the benchmarks) to see what grows. docs/operations.md
 * "What grows and how fast" quotes it.
 *
 *   bun scripts/measure-growth.ts --data DIR [--json]
 */
import { Database } from 'bun:sqlite'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { data: { type: 'string' }, json: { type: 'boolean', default: false } } })
if (!values.data) throw new Error('--data DIR is required (the data directory holding workforce.db)')
const file = join(values.data, 'workforce.db')
if (!existsSync(file)) throw new Error(`--data: no workforce.db in ${values.data}`)
const db = new Database(file, { readonly: true })
const owner = new Map<string, string>()
for (const r of db.query("select name, tbl_name from sqlite_schema where type in ('table', 'index')").all() as { name: string; tbl_name: string }[])
  owner.set(r.name, r.tbl_name)
const bytes = new Map<string, number>()
for (const r of db.query('select name, sum(pgsize) as size from dbstat group by name').all() as { name: string; size: number }[]) {
  const table = owner.get(r.name) ?? r.name
  bytes.set(table, (bytes.get(table) ?? 0) + r.size)
}
const rows = [...bytes.entries()]
  .filter(([t]) => !t.startsWith('sqlite_') && !t.startsWith('__'))
  .map(([table, size]) => {
    const n = (db.query(`select count(*) as n from "${table}"`).get() as { n: number }).n
    return { table, rows: n, bytes: size, bytesPerRow: n ? Math.round(size / n) : null }
  })
  .sort((a, b) => b.bytes - a.bytes)
if (values.json) console.log(JSON.stringify(rows, null, 2))
else {
  console.log('| table | rows | MB (with indexes) | bytes/row |\n|---|---|---|---|')
  for (const r of rows) console.log(`| ${r.table} | ${r.rows} | ${(r.bytes / 1048576).toFixed(2)} | ${r.bytesPerRow ?? ''} |`)
}
