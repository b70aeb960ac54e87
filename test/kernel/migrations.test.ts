import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/kernel/db'
import { migrate } from '../../src/kernel/migrate'
import { embeddedMigrations } from '../../src/db/migrations.generated'

const dir = mkdtempSync(join(tmpdir(), 'wf-mig-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('migrations', () => {
  test('apply every embedded migration to an empty database', () => {
    const h = openDatabase(join(dir, 'a.db'))
    const result = migrate(h.db)
    expect(result.applied).toBe(embeddedMigrations.length)
    const tables = h.sqlite
      .query<{ name: string }, []>("select name from sqlite_master where type = 'table'")
      .all()
      .map((r) => r.name)
    for (const t of ['tenants', 'users', 'api_keys', 'time_logs', 'activity_samples', 'events', 'webhook_deliveries', 'rate_limit_counters', 'job_runs']) {
      expect(tables).toContain(t)
    }
    h.close()
  })

  test('are a no-op on a migrated database', () => {
    const h = openDatabase(join(dir, 'a.db'))
    const before = h.sqlite.query<{ n: number }, []>('select count(*) as n from __drizzle_migrations').get()!.n
    expect(migrate(h.db).applied).toBe(0)
    expect(h.sqlite.query<{ n: number }, []>('select count(*) as n from __drizzle_migrations').get()!.n).toBe(before)
    h.close()
  })

  test('every tenant table has an index led by tenant_id', () => {
    const h = openDatabase(join(dir, 'a.db'))
    const tables = h.sqlite
      .query<{ name: string }, []>("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'")
      .all()
      .map((r) => r.name)
    const missing: string[] = []
    for (const table of tables) {
      const cols = h.sqlite
        .query<{ name: string }, []>(`pragma table_info(${table})`)
        .all()
        .map((c) => c.name)
      if (!cols.includes('tenant_id') || table === 'tenants') continue
      const indexes = h.sqlite.query<{ name: string }, []>(`pragma index_list(${table})`).all()
      const led = indexes.some(
        (ix) =>
          h.sqlite
            .query<{ name: string; seqno: number }, []>(`pragma index_info("${ix.name}")`)
            .all()
            .find((c) => c.seqno === 0)?.name === 'tenant_id',
      )
      if (!led) missing.push(table)
    }
    expect(missing).toEqual([])
    h.close()
  })
})

describe('pragmas', () => {
  test('WAL, synchronous FULL, foreign keys and a busy timeout are in force', () => {
    const h = openDatabase(join(dir, 'p.db'))
    const one = (sql: string) => Object.values(h.sqlite.query(sql).get() as Record<string, unknown>)[0]
    expect(one('pragma journal_mode')).toBe('wal')
    expect(one('pragma synchronous')).toBe(2)
    expect(one('pragma foreign_keys')).toBe(1)
    expect(Number(one('pragma busy_timeout'))).toBeGreaterThanOrEqual(1000)
    h.close()
  })
})
