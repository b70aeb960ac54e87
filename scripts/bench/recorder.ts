import { Database, type Statement } from 'bun:sqlite'

/**
 * One statement call the product made: which connection, the SQL text, the method and its values;
 * for `iterate`, how many times the product stepped it (it may stop early: the replay steps as many
 * times; a step that found the end counts, since it runs the statement as far as a row would).
 */
export type RecordedCall = { conn: number; sql: string; method: 'all' | 'get' | 'run' | 'values' | 'iterate'; args: unknown[]; steps?: number }

/**
 * Records the statements the product runs through bun:sqlite, for a bare endpoint to replay: wraps
 * `Database.prototype.prepare` and `query` (install it before the product opens its databases).
 * `connections` numbers the connections (set the product's own ones; any other gets `base` and up).
 * `query()` hands back its cached statement object on every call, so each object is wrapped once,
 * or the n-th call of a cached statement would be recorded n times.
 */
export function installStatementRecorder(base: number) {
  const connections = new Map<object, number>()
  const wrapped = new WeakSet<object>()
  let recording: RecordedCall[] | null = null
  const wrap = (db: object, stmt: Record<string, unknown>, sql: string) => {
    if (wrapped.has(stmt)) return stmt
    wrapped.add(stmt)
    for (const method of ['all', 'get', 'run', 'values'] as const) {
      const original = (stmt[method] as (...a: unknown[]) => unknown).bind(stmt)
      stmt[method] = (...args: unknown[]) => {
        if (recording) {
          if (!connections.has(db)) connections.set(db, connections.size + base)
          recording.push({ conn: connections.get(db)!, sql, method, args })
        }
        return original(...args)
      }
    }
    // A lazily read statement: the product's steps are counted as it takes them.
    const iterate = (stmt.iterate as (...a: unknown[]) => Iterator<unknown>).bind(stmt)
    stmt.iterate = (...args: unknown[]) => {
      const rows = iterate(...args)
      if (!recording) return rows
      if (!connections.has(db)) connections.set(db, connections.size + base)
      const call: RecordedCall = { conn: connections.get(db)!, sql, method: 'iterate', args, steps: 0 }
      recording.push(call)
      const counted: IterableIterator<unknown> = {
        next: () => {
          call.steps! += 1
          return rows.next()
        },
        return: (v?: unknown) => rows.return?.(v) ?? { done: true, value: v },
        [Symbol.iterator]: () => counted,
      }
      return counted
    }
    return stmt
  }
  const proto = Database.prototype as unknown as Record<'prepare' | 'query', (this: object, sql: string, ...rest: unknown[]) => Record<string, unknown>>
  const { prepare, query } = proto
  proto.prepare = function (sql, ...rest) {
    return wrap(this, prepare.call(this, sql, ...rest), sql)
  }
  proto.query = function (sql) {
    return wrap(this, query.call(this, sql), sql)
  }
  return {
    connections,
    start(): void {
      recording = []
    },
    /** The calls since start(); recording stops. */
    stop(): RecordedCall[] {
      const calls = recording ?? []
      recording = null
      return calls
    },
    /** Puts bun:sqlite's own prepare and query back (statements prepared before stay wrapped). */
    uninstall(): void {
      proto.prepare = prepare
      proto.query = query
    },
  }
}

/**
 * Reads of the main connection that are the product's bookkeeping, not its answer: the durability
 * barrier's change counter (kernel/durability.ts) and authentication's epoch (api-keys). Charged to
 * the product like its other bookkeeping, never replayed by a bare side.
 */
const BOOKKEEPING_READS = [/^\s*select total_changes\(\)/i, /^\s*select epoch from auth_epoch\b/i]

/** Whether a recorded call is one of the answer's own reads: a SELECT on the main connection (0), not bookkeeping. */
export const isAnswerRead = (c: RecordedCall): boolean => c.conn === 0 && /^\s*(select|with)\b/i.test(c.sql) && !BOOKKEEPING_READS.some((re) => re.test(c.sql))

/**
 * Runs recorded calls again on `sqlite` (same text, same values, each statement prepared once): a
 * lazily read statement is stepped as many times as the product stepped it (an empty one included:
 * finding no row costs its index seek), then is let go (as the product does).
 */
export function replayer(sqlite: Database): (calls: RecordedCall[]) => void {
  const prepared = new Map<string, Statement>()
  return (calls) => {
    for (const c of calls) {
      let stmt = prepared.get(c.sql)
      if (!stmt) prepared.set(c.sql, (stmt = sqlite.query(c.sql)))
      const args = c.args as never[]
      if (c.method !== 'iterate') {
        stmt[c.method](...args)
        continue
      }
      const rows = stmt.iterate(...args)
      for (let i = 0; i < (c.steps ?? 0); i++) rows.next()
      rows.return?.()
    }
  }
}
