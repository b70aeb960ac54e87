import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import { DEFAULT_SEED_OPTIONS, seedDemoTenant, type SeedOptions } from '../../seed'
import { SECRET, WEDNESDAY_MORNING, freshDatabase } from './helpers'

/** Insertion order (rowid), or the primary key of a table WITHOUT ROWID (which has none). */
function rowOrder(sqlite: Database, table: string): string {
  const { sql } = sqlite.query('SELECT sql FROM sqlite_master WHERE name = ?').get(table) as { sql: string }
  if (!/without rowid/i.test(sql)) return 'rowid'
  const key = (sqlite.query(`SELECT name, pk FROM pragma_table_info('${table}') WHERE pk > 0 ORDER BY pk`).all() as { name: string }[]).map(
    (c) => `"${c.name}"`,
  )
  return key.join(', ')
}

/** Every table's rows in insertion order (or key order); what may differ (readable id, slug, key material) is left out. */
function snapshot(sqlite: Database): Record<string, unknown[]> {
  const tables = (
    sqlite.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name").all() as {
      name: string
    }[]
  ).map((t) => t.name)
  const out: Record<string, unknown[]> = {}
  for (const table of tables) {
    const query =
      table === 'tenants'
        ? 'SELECT id, name, plan_id, timezone, is_demo, currency, created_at, deleted_at FROM tenants ORDER BY rowid'
        : table === 'api_keys'
          ? 'SELECT kind, scope, name, user_id, role, is_public_demo, created_at FROM api_keys ORDER BY name'
          : `SELECT * FROM "${table}" ORDER BY ${rowOrder(sqlite, table)}`
    out[table] = sqlite.query(query).values()
  }
  return out
}

const OPTIONS: SeedOptions = { ...DEFAULT_SEED_OPTIONS, employees: 30, days: 21, now: WEDNESDAY_MORNING }
const dbs: ReturnType<typeof freshDatabase>[] = []
let first: Record<string, unknown[]>
let second: Record<string, unknown[]>
let readableIds: string[]

beforeAll(() => {
  const runs = [OPTIONS, OPTIONS].map((options) => {
    const db = freshDatabase()
    dbs.push(db)
    const summary = seedDemoTenant(db.handle, SECRET, options)
    return { summary, rows: snapshot(db.handle.sqlite) }
  })
  first = runs[0]!.rows
  second = runs[1]!.rows
  readableIds = runs.map((r) => r.summary.readableId)
})

afterAll(() => {
  for (const db of dbs) db.dispose()
})

describe('seed-demo determinism', () => {
  test('the same seed, options and now give the same content in two fresh databases', () => {
    expect(Object.keys(second)).toEqual(Object.keys(first))
    for (const table of Object.keys(first)) {
      expect([table, second[table]!.length]).toEqual([table, first[table]!.length])
      expect(second[table]).toEqual(first[table]!)
    }
    expect(first.activity_samples!.length).toBeGreaterThan(5000)
  })

  test('a different seed gives a different company', () => {
    const db = freshDatabase()
    dbs.push(db)
    seedDemoTenant(db.handle, SECRET, { ...OPTIONS, seed: 'another-seed' })
    const other = snapshot(db.handle.sqlite)
    expect(other.users).not.toEqual(first.users)
    expect(readableIds.every((id) => /^DEMO-\d{6}$/.test(id))).toBe(true)
  })
})
