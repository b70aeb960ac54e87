import { Column, is, noopDecoder, SQL } from 'drizzle-orm'
import { Database, type Statement } from 'bun:sqlite'
import { drizzle, SQLiteBunTransaction, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import * as schema from '../db/schema'
import type { TenantScope } from './ctx'
import { enableTurnSnapshots, endIdleTurnSnapshot, endReadTransaction, inSharedSnapshot, unguardedStatement } from './turn-snapshot'

export type Schema = typeof schema
export type Db = BunSQLiteDatabase<Schema>
/** The transaction handle drizzle passes to a synchronous `db.transaction` callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Either the database or an open transaction: query functions accept both. */
export type DbLike = Db | Tx

export interface DatabaseHandle {
  sqlite: Database
  db: Db
  close(): void
}

/**
 * Pragmas of DECISIONS.md: WAL, synchronous=FULL (clock records are payroll evidence),
 * foreign keys on, and a busy timeout so a second writer waits instead of failing. The server's
 * main connection is switched to NORMAL with a durability barrier in front of every answer
 * (kernel/durability.ts, group commit): same promise, one fdatasync shared by concurrent writes.
 */
export const PRAGMAS = {
  journal_mode: 'wal',
  synchronous: 2, // FULL
  foreign_keys: 1,
  busy_timeout: 5000,
  /**
   * Bytes of write-ahead log a connection leaves on disk after a checkpoint resets the log (SQLite
   * reuses the file otherwise, so one burst kept it at its peak size forever). The background
   * checkpointer also truncates it to zero when the database is idle (checkpointer.ts).
   */
  journal_size_limit: 16 * 1024 * 1024,
  /**
   * Page cache per connection, in KiB (negative: a size, not a page count): 64 MiB instead of
   * SQLite's 2 MiB default, which is sized for small devices. With 10,000 people a database holds
   * ~1.6 GB; the organisation's week alone is a few MB of rows and indexes, so at 2 MiB every
   * organisation-wide read went back to the operating system for pages it had read the call
   * before (issue 18, growth: the organisation-wide team hours 3.4 -> 1.8 ms a call at 10,000
   * people). Pages are held only once read, so a small database costs no more memory than before.
   */
  cache_size: -64 * 1024,
} as const

/**
 * `synchronous: 'normal'` is for a side connection that writes telemetry only (MCP tool-call
 * records): in WAL mode its commits skip the fsync, so a flush never stalls requests on a busy
 * disk; a power cut may lose the last records, never payroll data (that goes through FULL).
 */
const SYNCHRONOUS = { full: 'FULL', normal: 'NORMAL', off: 'OFF' } as const

export function openDatabase(
  file: string,
  options: { synchronous?: keyof typeof SYNCHRONOUS; turnSnapshots?: boolean; pageSize?: number; exclusive?: boolean } = {},
): DatabaseHandle {
  const sqlite = new Database(file, { create: true, strict: true })
  // Before WAL mode is entered: the log's index then lives in this process's memory, and no other
  // connection can open the file while this one is open (the rate-limit counters of a lone server).
  if (options.exclusive) sqlite.exec('PRAGMA locking_mode = EXCLUSIVE')
  // Before anything is prepared on it: every statement is wrapped as it is prepared.
  if (options.turnSnapshots) enableTurnSnapshots(sqlite)
  // Takes effect on a new, empty file only (before WAL mode writes its header).
  if (options.pageSize) sqlite.exec(`PRAGMA page_size = ${options.pageSize}`)
  sqlite.exec('PRAGMA journal_mode = WAL')
  sqlite.exec(`PRAGMA synchronous = ${SYNCHRONOUS[options.synchronous ?? 'full']}`)
  sqlite.exec('PRAGMA foreign_keys = ON')
  sqlite.exec(`PRAGMA busy_timeout = ${PRAGMAS.busy_timeout}`)
  sqlite.exec(`PRAGMA journal_size_limit = ${PRAGMAS.journal_size_limit}`)
  sqlite.exec(`PRAGMA cache_size = ${PRAGMAS.cache_size}`)
  // Temp B-trees in memory keep large GROUP BYs off the disk.
  sqlite.exec('PRAGMA temp_store = MEMORY')
  const db = drizzle(sqlite, { schema })
  reuseCompiledStatements(db, sqlite)
  return {
    sqlite,
    db,
    close() {
      try {
        sqlite.exec('PRAGMA optimize')
      } catch {
        // optimize is advisory; a closing database must still close.
      }
      sqlite.close()
    },
  }
}

/** Compiled statements a connection keeps for reuse (the least recently used make room). */
export const STATEMENT_CACHE_SIZE = 500

/**
 * drizzle compiles (`sqlite3_prepare`) every query it runs, even one whose SQL text it ran a
 * moment ago: about a tenth of a small query's cost. This keeps the compiled statements of a
 * connection by SQL text, so a query built again compiles only once. Safe because every query
 * runs to completion synchronously (a statement is reset before the next use) and bound values
 * are passed on each run; an evicted statement is left to the garbage collector, since a drizzle
 * prepared query may still hold it.
 */
function reuseCompiledStatements(db: Db, sqlite: Database): void {
  const session = (db as unknown as { session: { prepareQuery: (query: { sql: string }, ...rest: unknown[]) => unknown } }).session
  const compiled = new Map<string, ReturnType<Database['prepare']>>()
  const prepare = sqlite.prepare.bind(sqlite)
  const client = Object.create(sqlite, {
    prepare: {
      value: (sql: string) => {
        let stmt = compiled.get(sql)
        if (stmt) compiled.delete(sql)
        else {
          stmt = prepare(sql)
          if (compiled.size >= STATEMENT_CACHE_SIZE) compiled.delete(compiled.keys().next().value!)
        }
        compiled.set(sql, stmt)
        return stmt
      },
    },
  }) as Database
  const original = session.prepareQuery
  session.prepareQuery = function (this: { client: Database }, ...args) {
    const own = this.client
    this.client = client
    try {
      return original.apply(this, args)
    } finally {
      this.client = own
    }
  }
}

/** A value that is not a promise: transaction callbacks must not be async. */
export type NotPromise<T> = T extends PromiseLike<unknown> ? never : T

/**
 * Runs `fn` in one synchronous `BEGIN IMMEDIATE` transaction. bun:sqlite commits at the first
 * `await` of an async callback and its rollback then does nothing, so the type refuses promises.
 */
export function transaction<T>(db: DbLike, fn: (tx: Tx) => NotPromise<T>): T {
  if (isTx(db)) return fn(db)
  const sqlite = sqliteOf(db)
  endIdleTurnSnapshot(sqlite)
  // Inside a transaction opened outside drizzle: bun:sqlite's savepoint, as before.
  if (sqlite.inTransaction) return (db as Db).transaction((tx) => fn(tx), { behavior: 'immediate' })
  // What drizzle's `transaction` does (bun:sqlite's BEGIN IMMEDIATE … COMMIT, ROLLBACK on a
  // throw) without building a transaction object per call: drizzle's SQLiteBunTransaction holds
  // nothing but the session, dialect and schema (nesting level 0), yet its constructor builds a
  // relational query builder per table (~20-50 µs each time); one per connection is reused.
  const t = topLevelOf(db as Db, sqlite)
  t.begin.run()
  try {
    const result = fn(t.tx)
    t.commit.run()
    return result
  } catch (e) {
    if (sqlite.inTransaction) t.rollback.run()
    throw e
  }
}

/**
 * Runs the synchronous part of `fn` in one read transaction (a deferred BEGIN … COMMIT): every
 * statement it runs before its first `await` reads the same snapshot, so a page and its total, or
 * an answer's several lists, agree with each other even while other requests write. It is also
 * cheaper: in WAL mode each statement outside a transaction takes and drops the read locks with
 * two fcntl system calls (~2 µs each time on this box); here they are taken once. For read
 * operations only (kernel/operation.ts): a write inside would upgrade the snapshot and fail with
 * SQLITE_BUSY_SNAPSHOT if another connection committed since it began. Inside an open transaction
 * `fn` simply runs in it. What `fn` returns, a promise included, is returned as is: the
 * transaction ends when `fn` returns, never across an await (the connection is shared by every
 * request of the process).
 */
export function inOneSnapshot<T>(db: DbLike, fn: () => T): T {
  const sqlite = sqliteOf(db)
  if (isTx(db)) return fn()
  endIdleTurnSnapshot(sqlite)
  if (sqlite.inTransaction) return fn()
  let s = snapshots.get(sqlite)
  if (!s) snapshots.set(sqlite, (s = { begin: sqlite.prepare('BEGIN'), commit: sqlite.prepare('COMMIT'), rollback: sqlite.prepare('ROLLBACK') }))
  s.begin.run()
  let out: T
  try {
    out = fn()
  } catch (e) {
    endReadTransaction(sqlite, s)
    throw e
  }
  endReadTransaction(sqlite, s)
  return out
}

/**
 * inOneSnapshot for a request's read operation: the snapshot may be the one the turn's other reads
 * share, begun after the request arrived at `mark` (kernel/turn-snapshot.ts).
 */
export function inTurnSnapshot<T>(db: DbLike, mark: number, fn: () => T): T {
  if (isTx(db)) return fn()
  return inSharedSnapshot(sqliteOf(db), mark, fn, (f) => inOneSnapshot(db, f))
}

type SnapshotStatements = { begin: Statement; commit: Statement; rollback: Statement }
const snapshots = new WeakMap<Database, SnapshotStatements>()

interface TopLevel {
  tx: Tx
  begin: Statement
  commit: Statement
  rollback: Statement
}
const topLevels = new WeakMap<object, TopLevel>()

function topLevelOf(db: Db, sqlite: Database): TopLevel {
  let t = topLevels.get(db)
  if (!t) {
    const session = (db as unknown as { session: { dialect: unknown; schema: unknown } }).session
    const Transaction = SQLiteBunTransaction as unknown as new (kind: 'sync', dialect: unknown, session: unknown, schema: unknown, nestedIndex: number) => Tx
    t = {
      tx: new Transaction('sync', session.dialect, session, session.schema, 0),
      begin: sqlite.prepare('BEGIN IMMEDIATE'),
      commit: sqlite.prepare('COMMIT'),
      rollback: sqlite.prepare('ROLLBACK'),
    }
    topLevels.set(db, t)
  }
  return t
}

/**
 * Runs `fn` in one synchronous BEGIN IMMEDIATE transaction with a context bound to it: same
 * tenant, same clock, `db` the open transaction. Queries and `emit` called with `c` commit or roll
 * back together. Nested calls join the open transaction.
 *
 *   inTransaction(ctx, (c) => { closeTimeLog(c, …); emit(c, 'clock.out', {…}) })
 */
export function inTransaction<C extends TenantScope, T>(ctx: C, fn: (c: C) => NotPromise<T>): T {
  return transaction(ctx.db, (tx) => fn({ ...ctx, db: tx }))
}

function isTx(db: DbLike): db is Tx {
  // drizzle's transaction objects carry the nesting level of savepoints.
  return typeof (db as { nestedIndex?: unknown }).nestedIndex === 'number'
}

/**
 * The bun:sqlite connection under a drizzle database or transaction (they share one), for the few
 * hot paths that need cached multi-row prepared statements. A statement prepared on it runs inside
 * whatever transaction is open. drizzle keeps it on the session; this is the one place that knows.
 */
export function sqliteOf(db: DbLike): Database {
  return (db as unknown as { session: { client: Database } }).session.client
}

/**
 * A reader of the connection's `total_changes()`: rows inserted, updated or deleted on it since it
 * was opened, triggers included, by any path. It moves with every change this connection commits
 * and never with another connection's. One prepared statement, held by the reader (~0.1 µs a read).
 */
export function changesCounter(sqlite: Database): () => number {
  let count = changeCounts.get(sqlite)
  // Unguarded: reading the counter is no reason to end a shared read snapshot (turn-snapshot.ts).
  if (!count) changeCounts.set(sqlite, (count = unguardedStatement<{ n: number }>(sqlite, 'SELECT total_changes() AS n')))
  const statement = count
  return () => statement.get()!.n
}
const changeCounts = new WeakMap<Database, Statement<{ n: number }, []>>()

const preparedCache = new WeakMap<object, Map<string, unknown>>()

/**
 * A drizzle prepared statement, built once per connection and reused: building and preparing a
 * query costs ~50-100x more than running a prepared one, which matters on hot paths (key
 * authentication, list tools, clock-in/out). A transaction handle shares its database's
 * connection and session (drizzle's bun-sqlite transactions hold no state of their own), so a
 * statement built inside one transaction runs inside the next one too: one cache per connection.
 */
export function prepared<T>(db: DbLike, key: string, build: (db: DbLike) => T): T {
  const connection = sqliteOf(db)
  let perDb = preparedCache.get(connection)
  if (!perDb) preparedCache.set(connection, (perDb = new Map()))
  let stmt = perDb.get(key) as T | undefined
  if (stmt === undefined) perDb.set(key, (stmt = build(db)))
  return stmt
}

interface DrizzlePrepared<R> {
  all(params?: Record<string, unknown>): R[]
  get(params?: Record<string, unknown>): R | undefined
  values(params?: Record<string, unknown>): unknown[][]
}

/** What a drizzle prepared SELECT keeps about its result columns (drizzle internals: read here only). */
interface SelectFields {
  fields?: { path: string[]; field: unknown }[]
  joinsNotNullableMap?: Record<string, boolean>
  customResultMapper?: unknown
}
const selectFieldsOf = (p: unknown): SelectFields => p as SelectFields

/**
 * Whether drizzle hands a selected field's value over as SQLite returned it: a column whose
 * `mapFromDriverValue` is the identity (integer, real and text without a mode), or an SQL
 * expression given no `mapWith` (its decoder stays drizzle's no-op one; drizzle internals).
 */
function passesThrough(field: unknown): boolean {
  if (is(field, Column)) return field.mapFromDriverValue === Column.prototype.mapFromDriverValue
  if (is(field, SQL)) return (field as unknown as { decoder: unknown }).decoder === noopDecoder
  return false
}

/**
 * A function building one row's object from its values, for column paths of depth one or two:
 * `[['id'], ['team', 'name']]` gives `(r) => ({ "id": r[0], "team": { "name": r[1] } })`. Keys come
 * in the order of their first column, as assigning them one by one would put them. Generated as
 * one object literal (the way TypeBox compiles its checks): an object of a fixed shape built at
 * once is ~4x faster than keys assigned in a loop (~3 µs for a page of 20 rows of 19 columns). The
 * keys are the select's field names, written in our code; each is quoted by JSON.stringify.
 */
function rowMapper<R>(paths: string[][]): (row: unknown[]) => R {
  const value = (key: string, i: number) => `${JSON.stringify(key)}: r[${i}]`
  // Each top-level key once, in order: a column's value, or the values of a joined table's object.
  const keys = new Map<string, string | string[]>()
  for (const [i, [key, inner]] of paths.entries()) {
    if (inner === undefined) keys.set(key!, value(key!, i))
    else {
      const group = keys.get(key!)
      if (Array.isArray(group)) group.push(value(inner, i))
      else keys.set(key!, [value(inner, i)])
    }
  }
  const entries = [...keys].map(([key, v]) => (Array.isArray(v) ? `${JSON.stringify(key)}: { ${v.join(', ')} }` : v))
  return new Function('r', `return { ${entries.join(', ')} }`) as (row: unknown[]) => R
}

/**
 * A drizzle prepared SELECT whose rows are built by a mapper made once instead of drizzle's
 * per-row `mapResultRow` (an entity check, a decoder lookup and a path walk per value: about as
 * long as running the statement on a 20-row page). Used only when drizzle returns every selected
 * field as stored (`passesThrough`: a plain column or an SQL expression without `mapWith`) at depth
 * one or, for inner joins, two; anything else keeps drizzle's mapping. Same statement, same
 * values, same objects (same keys in the same order).
 */
export function fastRows<R>(p: DrizzlePrepared<R>): DrizzlePrepared<R> {
  const { fields, joinsNotNullableMap, customResultMapper } = selectFieldsOf(p)
  const plain =
    fields !== undefined &&
    customResultMapper === undefined &&
    fields.every(({ path, field }) => passesThrough(field) && (path.length === 1 || path.length === 2)) &&
    (fields.every(({ path }) => path.length === 1) || (joinsNotNullableMap !== undefined && Object.values(joinsNotNullableMap).every(Boolean)))
  if (!plain || !fields) return p
  const map = rowMapper<R>(fields.map((f) => f.path))
  return {
    all: (params) => p.values(params).map(map),
    get: (params) => {
      const row = p.values(params)[0]
      return row === undefined ? undefined : map(row)
    },
    values: (params) => p.values(params),
  }
}
