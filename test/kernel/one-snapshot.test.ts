import { describe, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { t } from 'elysia'
import type { Ctx } from '../../src/kernel/ctx'
import { inOneSnapshot, openDatabase } from '../../src/kernel/db'
import { defineOperation, invoke } from '../../src/kernel/operation'

/** Two connections to one WAL file: `reader` is the one under test, `writer` another process would be. */
function twoConnections() {
  const file = join(mkdtempSync(join(tmpdir(), 'wf-snapshot-')), 'x.db')
  const reader = openDatabase(file)
  const writer = openDatabase(file)
  writer.sqlite.exec('create table t (id integer primary key)')
  const count = () => reader.sqlite.query<{ n: number }, []>('select count(*) as n from t').get()!.n
  const insert = () => writer.sqlite.exec('insert into t default values')
  return { reader, writer, count, insert }
}

const ctxOn = (db: Ctx['db']): Ctx => ({
  tenant: { id: 1, readableId: 'T-1', slug: 't', name: 'T', planId: 'p', timezone: 'UTC', isDemo: false, mcpAccess: true, restAccess: true },
  actor: { kind: 'apiKey', keyId: 'k', keyKind: 'api', userId: null, role: 'admin', scope: 'read_write' },
  db,
  now: 0,
  requestId: 'r',
  surface: 'rest',
  config: {} as Ctx['config'],
  log: {} as Ctx['log'],
  secrets: {} as Ctx['secrets'],
})

describe('a read answers from one snapshot (kernel/db.ts inOneSnapshot)', () => {
  test('statements inside see one snapshot while another connection commits; outside, each sees the latest', () => {
    const { reader, count, insert } = twoConnections()
    const inside = inOneSnapshot(reader.db, () => {
      const first = count()
      insert()
      return [first, count()]
    })
    expect(inside).toEqual([0, 0])
    expect(reader.sqlite.inTransaction).toBe(false)
    const first = count()
    insert()
    expect([first, count()]).toEqual([1, 2])
  })

  test('the transaction ends when the function returns, never across an await', async () => {
    const { reader, count, insert } = twoConnections()
    const pending = inOneSnapshot(reader.db, async () => {
      const before = count()
      await Promise.resolve()
      insert()
      return [before, count()]
    })
    expect(reader.sqlite.inTransaction).toBe(false)
    expect(await pending).toEqual([0, 1])
  })

  test('a throw ends it too, and inside an open transaction the function joins that one', () => {
    const { reader, count } = twoConnections()
    expect(() =>
      inOneSnapshot(reader.db, () => {
        count()
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(reader.sqlite.inTransaction).toBe(false)
    reader.sqlite.exec('BEGIN IMMEDIATE')
    reader.sqlite.exec('insert into t default values')
    expect(inOneSnapshot(reader.db, () => count())).toBe(1)
    expect(reader.sqlite.inTransaction).toBe(true)
    reader.sqlite.exec('ROLLBACK')
  })

  test('invoke runs a read inside one; a read that changes rows without saying so fails under test, one that says so runs as is', async () => {
    const { reader, count, insert } = twoConnections()
    const ctx = ctxOn(reader.db)
    const base = { title: 'x', description: 'x', input: t.Object({}), output: t.Object({ before: t.Integer(), after: t.Integer() }) }
    const read = defineOperation({
      ...base,
      name: 'unit_read',
      access: { role: 'member' },
      run: () => {
        const before = count()
        insert()
        return { before, after: count() }
      },
    })
    expect(await invoke(read, ctx, {})).toEqual({ before: 0, after: 0 })
    const sneaky = defineOperation({
      ...base,
      name: 'unit_sneaky_write',
      access: { role: 'member' },
      run: () => {
        reader.sqlite.exec('insert into t default values')
        return { before: 0, after: 0 }
      },
    })
    await expect(invoke(sneaky, ctx, {})).rejects.toThrow('unit_sneaky_write is declared a read')
    const declared = defineOperation({
      ...base,
      name: 'unit_declared',
      access: { role: 'member' },
      changesRows: true,
      run: () => {
        const before = count()
        reader.sqlite.exec('insert into t default values')
        return { before, after: count() }
      },
    })
    const n = count()
    expect(await invoke(declared, ctx, {})).toEqual({ before: n, after: n + 1 })
  })
})
