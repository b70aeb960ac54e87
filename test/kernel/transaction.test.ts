import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, transaction } from '../../src/kernel/db'

/**
 * kernel/db.ts `transaction` runs a top-level transaction with one reused drizzle transaction
 * object and its own BEGIN IMMEDIATE / COMMIT / ROLLBACK (perf-clock-path): the same outcomes as
 * drizzle's `db.transaction(fn, { behavior: 'immediate' })` it replaced, over a real database file.
 */
const dir = mkdtempSync(join(tmpdir(), 'wf-tx-'))
const h = openDatabase(join(dir, 't.db'))
h.sqlite.run('create table t (v integer not null)')
const values = () => (h.sqlite.query('select v from t order by v').all() as { v: number }[]).map((r) => r.v)
afterAll(() => {
  h.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('transaction', () => {
  test('commits what the callback wrote and returns its value; the lock is taken at BEGIN (immediate)', () => {
    const out = transaction(h.db, (tx) => {
      expect(h.sqlite.inTransaction).toBe(true)
      // BEGIN IMMEDIATE holds the write lock: a second connection cannot start writing.
      const other = openDatabase(join(dir, 't.db'))
      other.sqlite.exec('PRAGMA busy_timeout = 0')
      expect(() => other.sqlite.exec('begin immediate')).toThrow()
      other.close()
      tx.run(sql.raw('insert into t (v) values (1)'))
      return 'done'
    })
    expect(out).toBe('done')
    expect(h.sqlite.inTransaction).toBe(false)
    expect(values()).toEqual([1])
  })

  test('a throw rolls everything back and reaches the caller; the next transaction works', () => {
    expect(() =>
      transaction(h.db, (tx) => {
        tx.run(sql.raw('insert into t (v) values (2)'))
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(h.sqlite.inTransaction).toBe(false)
    expect(values()).toEqual([1])
    transaction(h.db, (tx) => tx.run(sql.raw('insert into t (v) values (3)')))
    expect(values()).toEqual([1, 3])
  })

  test('a nested call joins the open transaction (one commit or rollback for both)', () => {
    expect(() =>
      transaction(h.db, (tx) => {
        transaction(tx, (inner) => inner.run(sql.raw('insert into t (v) values (4)')))
        throw new Error('outer')
      }),
    ).toThrow('outer')
    expect(values()).toEqual([1, 3])
  })

  test('inside a transaction opened outside drizzle it takes a savepoint', () => {
    h.sqlite.exec('begin')
    expect(() =>
      transaction(h.db, (tx) => {
        tx.run(sql.raw('insert into t (v) values (5)'))
        throw new Error('inner')
      }),
    ).toThrow('inner')
    expect(h.sqlite.inTransaction).toBe(true)
    transaction(h.db, (tx) => tx.run(sql.raw('insert into t (v) values (6)')))
    h.sqlite.exec('commit')
    expect(values()).toEqual([1, 3, 6])
  })
})
