import { Database, type SQLQueryBindings, type Statement } from 'bun:sqlite'

/**
 * One read snapshot shared by the read operations of an event-loop turn, on one connection.
 *
 * Why: a read operation answers from one snapshot (a deferred BEGIN … COMMIT, kernel/db.ts
 * inOneSnapshot) so that a page and its total agree. Starting and ending a read transaction in WAL
 * mode costs ~8 µs on this box (the WAL index header and read-mark locks, two fcntl calls), about a
 * tenth of a cheap REST read (docs/performance.md). The server answers the requests of a turn
 * together (every REST and MCP request awaits the rate-limit turn's commit), so their reads can
 * share one snapshot: begun by the first, ended with the turn.
 *
 * What keeps it correct, in this order:
 * 1. Only read operations join it (kernel/operation.ts), and only inside their synchronous part.
 * 2. A request joins only a snapshot begun after it arrived (`turnSnapshotMark` at arrival): it
 *    sees every write acknowledged before it was sent, by this process or any other, as a snapshot
 *    of its own would.
 * 3. Any other statement on the connection ends the snapshot first: every statement of the
 *    connection is wrapped when it is prepared (`enableTurnSnapshots`, before the first one), as
 *    are `run`, `exec` and `transaction`. A write therefore never runs inside the shared read
 *    transaction (where it would wait for the turn to commit, or fail with SQLITE_BUSY_SNAPSHOT),
 *    and a read outside an operation (authentication, a job) never sees an older snapshot.
 *    `total_changes()` reads (`unguardedStatement`) are exempt: they read the connection, not data.
 * 4. It ends with the turn (setImmediate) at the latest.
 */
interface TurnSnapshot {
  begin: Statement
  commit: Statement
  rollback: Statement
  /** Whether the shared read transaction is open. */
  open: boolean
  /** Bumped as each shared snapshot begins: what a request's mark is compared with. */
  generation: number
  /** Read operations running inside it right now (their statements must not end it). */
  depth: number
  endScheduled: boolean
}

const snapshots = new WeakMap<Database, TurnSnapshot>()
const rawPrepare = Database.prototype.prepare

/** A statement exempt from the guard: for connection-level reads (`SELECT total_changes()`). */
export function unguardedStatement<R, P extends SQLQueryBindings[] = []>(sqlite: Database, sql: string): Statement<R, P> {
  return rawPrepare.call(sqlite, sql) as Statement<R, P>
}

/**
 * Ends the shared snapshot unless a read operation is running in it: before a snapshot or a
 * transaction of one's own (kernel/db.ts inOneSnapshot, transaction), which would otherwise join it.
 */
export function endIdleTurnSnapshot(sqlite: Database): void {
  const s = snapshots.get(sqlite)
  if (s?.open && s.depth === 0) releaseTurnSnapshot(sqlite)
}

/** Ends the shared snapshot if it is open. */
function releaseTurnSnapshot(sqlite: Database): void {
  const s = snapshots.get(sqlite)
  if (!s?.open) return
  s.open = false
  endReadTransaction(sqlite, s)
}

/** COMMIT (a read-only one changes nothing), unless a failed statement ended the transaction already. */
export function endReadTransaction(sqlite: Database, s: { commit: Statement; rollback: Statement }): void {
  if (!sqlite.inTransaction) return
  try {
    s.commit.run()
  } catch (e) {
    if (sqlite.inTransaction) s.rollback.run()
    throw e
  }
}

const GUARDED_METHODS = ['all', 'get', 'run', 'values', 'iterate'] as const

/**
 * Turns turn snapshots on for a connection: its statements, prepared from now on, end the shared
 * snapshot before they run outside a read operation (rule 3 above). Call it before anything is
 * prepared on the connection.
 */
export function enableTurnSnapshots(sqlite: Database): void {
  const s: TurnSnapshot = {
    begin: unguardedStatement(sqlite, 'BEGIN'),
    commit: unguardedStatement(sqlite, 'COMMIT'),
    rollback: unguardedStatement(sqlite, 'ROLLBACK'),
    open: false,
    generation: 0,
    depth: 0,
    endScheduled: false,
  }
  snapshots.set(sqlite, s)
  const guard = () => {
    if (s.open && s.depth === 0) releaseTurnSnapshot(sqlite)
  }
  // A write inside a read operation (a bug: tests fail it, kernel/operation.ts) must still never
  // run in the shared transaction: non-SELECT statements end it at any depth.
  const writeGuard = () => {
    if (s.open) releaseTurnSnapshot(sqlite)
  }
  const guardedOf = (sql: string) => (/^\s*select\b/i.test(sql) ? guard : writeGuard)
  const wrapped = new WeakSet<object>()
  const wrap = (stmt: unknown, sql: string): unknown => {
    if (typeof stmt !== 'object' || stmt === null || wrapped.has(stmt)) return stmt
    wrapped.add(stmt)
    const before = guardedOf(sql)
    for (const m of GUARDED_METHODS) {
      const original = methodOf(stmt, m)
      Reflect.set(stmt, m, (...args: unknown[]) => {
        before()
        return Reflect.apply(original, stmt, args)
      })
    }
    return stmt
  }
  const [prepare, query, run, exec, transaction] = (['prepare', 'query', 'run', 'exec', 'transaction'] as const).map((m) => methodOf(sqlite, m))
  Reflect.set(sqlite, 'prepare', (sql: string, ...rest: unknown[]) => wrap(Reflect.apply(prepare!, sqlite, [sql, ...rest]), sql))
  Reflect.set(sqlite, 'query', (sql: string) => wrap(Reflect.apply(query!, sqlite, [sql]), sql))
  for (const [name, original] of [
    ['run', run!],
    ['exec', exec!],
  ] as const) {
    Reflect.set(sqlite, name, (...args: unknown[]) => {
      writeGuard()
      return Reflect.apply(original, sqlite, args)
    })
  }
  // bun:sqlite's transaction decides between BEGIN and a savepoint by `inTransaction`: end the shared
  // snapshot before it looks, for each of its variants.
  const guarded =
    (f: Method) =>
    (...args: unknown[]) => {
      writeGuard()
      return Reflect.apply(f, undefined, args)
    }
  Reflect.set(sqlite, 'transaction', (...args: unknown[]) => {
    const tx: unknown = Reflect.apply(transaction!, sqlite, args)
    if (typeof tx !== 'function') return tx
    const variant = (name: string) => {
      const f = methodOf(tx, name)
      return guarded((...a: unknown[]) => Reflect.apply(f, tx, a))
    }
    return Object.assign(guarded(tx), { deferred: variant('deferred'), immediate: variant('immediate'), exclusive: variant('exclusive') })
  })
}

/** A method of a bun:sqlite object, read once to wrap it (called with Reflect.apply on its object). */
function methodOf(target: object, name: string) {
  const f: unknown = Reflect.get(target, name)
  if (typeof f !== 'function') throw new TypeError(`bun:sqlite: no method ${name}`)
  return f
}
type Method = ReturnType<typeof methodOf>

/**
 * The mark of a request, taken when it arrives: its reads may share only a snapshot begun after it
 * (rule 2). Undefined for a connection without turn snapshots.
 */
export function turnSnapshotMark(sqlite: Database): number | undefined {
  return snapshots.get(sqlite)?.generation
}

/**
 * Runs a read operation's synchronous part in the turn's shared snapshot: joins it when it began
 * after `mark`, else begins one (ending an older one). `fallback` runs `fn` when the connection has
 * no turn snapshots or another transaction is open (a read inside a write, a job's transaction).
 */
export function inSharedSnapshot<T>(sqlite: Database, mark: number, fn: () => T, fallback: (fn: () => T) => T): T {
  const s = snapshots.get(sqlite)
  if (!s) return fallback(fn)
  // Nested in a read operation that holds the snapshot: the same snapshot.
  if (s.depth > 0) return fn()
  if (s.open && (s.generation <= mark || !sqlite.inTransaction)) releaseTurnSnapshot(sqlite)
  if (!s.open) {
    if (sqlite.inTransaction) return fallback(fn)
    s.begin.run()
    s.open = true
    s.generation += 1
    if (!s.endScheduled) {
      s.endScheduled = true
      setImmediate(() => {
        s.endScheduled = false
        if (s.depth === 0) releaseTurnSnapshot(sqlite)
      })
    }
  }
  s.depth += 1
  try {
    return fn()
  } finally {
    s.depth -= 1
    // A failed statement may have ended the transaction.
    if (s.open && !sqlite.inTransaction) s.open = false
  }
}
