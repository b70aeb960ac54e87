import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { changesCounter, inOneSnapshot, inTurnSnapshot, openDatabase, transaction } from '../../src/kernel/db'
import { turnSnapshotMark } from '../../src/kernel/turn-snapshot'

/**
 * The server's main connection (`main`, turn snapshots on) and another connection to the same WAL
 * file (`other`: the CLI, another process). Each `count` is a statement of its own connection.
 */
function connections() {
  const file = join(mkdtempSync(join(tmpdir(), 'wf-turn-snapshot-')), 'x.db')
  const main = openDatabase(file, { turnSnapshots: true })
  const other = openDatabase(file)
  other.sqlite.exec('create table t (id integer primary key)')
  const count = () => main.sqlite.query<{ n: number }, []>('select count(*) as n from t').get()!.n
  const countByOther = () => other.sqlite.query<{ n: number }, []>('select count(*) as n from t').get()!.n
  const insertByOther = () => other.sqlite.exec('insert into t default values')
  const mark = () => turnSnapshotMark(main.sqlite)!
  /** A read operation of a request that arrived at `at` (its statements inside the snapshot). */
  const read = (at: number) => inTurnSnapshot(main.db, at, count)
  return { main, count, countByOther, insertByOther, mark, read }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('the reads of one turn share a read snapshot (kernel/turn-snapshot.ts)', () => {
  test('requests that arrived before it began share it; one that arrived after gets a snapshot of its own', () => {
    const { main, insertByOther, mark, read } = connections()
    const a = mark()
    const b = mark()
    expect(read(a)).toBe(0)
    insertByOther()
    // b arrived before the snapshot began: the same snapshot, so not the row committed since.
    expect(read(b)).toBe(0)
    expect(main.sqlite.inTransaction).toBe(true)
    // c arrived after that commit: it must see it, so it does not join the older snapshot.
    const c = mark()
    expect(read(c)).toBe(1)
  })

  test('it ends with the turn', async () => {
    const { main, insertByOther, mark, read } = connections()
    const a = mark()
    expect(read(a)).toBe(0)
    insertByOther()
    await nextTurn()
    expect(main.sqlite.inTransaction).toBe(false)
    // Even a mark taken before: a new snapshot, with the row.
    expect(read(a)).toBe(1)
  })

  test('any statement outside a read operation ends it first: reads see the latest, writes commit at once', () => {
    const { main, count, countByOther, insertByOther, mark, read } = connections()
    read(mark())
    insertByOther()
    // A SELECT outside an operation (authentication, a job): the latest data, not the turn's snapshot.
    expect(count()).toBe(1)
    expect(main.sqlite.inTransaction).toBe(false)

    read(mark())
    insertByOther()
    // A write after another connection committed: inside the older read transaction it would fail
    // with SQLITE_BUSY_SNAPSHOT, and it would commit only with the turn.
    main.sqlite.run('insert into t default values')
    expect(main.sqlite.inTransaction).toBe(false)
    expect(countByOther()).toBe(3)

    read(mark())
    insertByOther()
    transaction(main.db, (tx) => tx.run(sql`insert into t default values`))
    expect(countByOther()).toBe(5)

    read(mark())
    insertByOther()
    main.sqlite.transaction(() => main.sqlite.prepare('insert into t default values').run()).immediate()
    expect(countByOther()).toBe(7)

    // A snapshot of one's own (a job, the CLI) begins after the shared one ended: the latest data.
    read(mark())
    insertByOther()
    expect(inOneSnapshot(main.db, count)).toBe(8)
  })

  test("reading the connection's change counter does not end it", () => {
    const { main, mark, read } = connections()
    read(mark())
    expect(changesCounter(main.sqlite)()).toBe(0)
    expect(main.sqlite.inTransaction).toBe(true)
  })

  test('a write inside a read operation (a bug) still commits at once, outside the shared transaction', () => {
    const { main, countByOther, mark } = connections()
    inTurnSnapshot(main.db, mark(), () => main.sqlite.run('insert into t default values'))
    expect(main.sqlite.inTransaction).toBe(false)
    expect(countByOther()).toBe(1)
  })

  test('a read nested in a read operation and a read inside a write transaction run in the open transaction', () => {
    const { main, count, insertByOther, mark } = connections()
    const outer = inTurnSnapshot(main.db, mark(), () => {
      const before = count()
      insertByOther()
      return [before, inTurnSnapshot(main.db, mark(), count), inOneSnapshot(main.db, count)]
    })
    expect(outer).toEqual([0, 0, 0])
    const inWrite = transaction(main.db, (tx) => {
      tx.run(sql`insert into t default values`)
      return inTurnSnapshot(tx, mark(), count)
    })
    expect(inWrite).toBe(2)
  })

  test('a connection without turn snapshots gives each read a snapshot of its own', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wf-turn-snapshot-')), 'x.db')
    const plain = openDatabase(file)
    plain.sqlite.exec('create table t (id integer primary key)')
    expect(turnSnapshotMark(plain.sqlite)).toBeUndefined()
    expect(inTurnSnapshot(plain.db, 0, () => plain.sqlite.inTransaction)).toBe(true)
    expect(plain.sqlite.inTransaction).toBe(false)
  })
})
