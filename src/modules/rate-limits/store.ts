import { existsSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import type { Database } from 'bun:sqlite'
import { openDatabase, type DatabaseHandle } from '../../kernel/db'
import type { Logger } from '../../kernel/log'

/** The rate-limit counters' own database file in the data directory. */
export const COUNTERS_FILE = 'counters.db'

export const countersFile = (dataDir: string): string => join(dataDir, COUNTERS_FILE)

/**
 * The counters' table in counters.db: the same columns as the main database's
 * `rate_limit_counters` (schema.ts, kept so old data directories migrate and the queries in
 * queries.ts run on either file), without the tenant foreign key (another file) and WITHOUT ROWID
 * (the primary key is the only access path).
 */
export const COUNTERS_DDL = `create table if not exists rate_limit_counters (
  tenant_id integer not null,
  key_id text not null,
  window text not null,
  window_start integer not null,
  count integer not null,
  primary key (tenant_id, key_id, window, window_start)
) without rowid`

/**
 * How this process holds counters.db:
 * - `exclusive`: the data directory's only server (`serve` without --reuse-port, which the data
 *   lock guarantees). SQLite's EXCLUSIVE locking mode: the log's index in this process's memory,
 *   no file lock taken or released per commit (a lone MCP call made ten fcntl calls; the mode saved
 *   ~6% of its CPU, 1-3% at 32 concurrent calls, issue 18); `synchronous=OFF`, so that the connection's own checkpoints (no other
 *   connection, the background checkpointer's included, can open the file) stall nothing with an
 *   fsync. A file a power cut left damaged is set aside at the next start (openExclusive).
 * - `shared`: every other process (`serve --reuse-port`, whose processes count in one file
 *   together; the CLI, which opens it only when it runs the prune job): WAL with
 *   `synchronous=NORMAL` and checkpoints on a background thread (runtime.ts).
 * Either way a commit is written to the -wal file before the request it counts is answered, so a
 * killed process loses no counted request (docs/operations.md, "Rate-limit counters").
 */
export type CountersMode = 'exclusive' | 'shared'

/** Opens (creating when missing) the rate-limit counters' database of a data directory. */
export function openCountersDatabase(file: string, mode: CountersMode, log: Logger): DatabaseHandle {
  return mode === 'exclusive' ? openExclusive(file, log) : prepareCounters(openDatabase(file, { synchronous: 'normal', pageSize: COUNTERS_PAGE_SIZE }))
}

function prepareCounters(handle: DatabaseHandle): DatabaseHandle {
  // The foreign-key pragma of openDatabase is moot here (no references), and rows are tiny.
  handle.sqlite.exec(COUNTERS_DDL)
  useSmallPages(handle.sqlite)
  return handle
}

/** A SQLite error saying the file is not, or no longer, a sound database (extended codes included). */
function isDamage(e: unknown): boolean {
  const code = e instanceof Error ? String((e as { code?: unknown }).code ?? '') : ''
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB'
}

/**
 * The exclusive mode's open. With `synchronous=OFF` a power cut or kernel crash can leave the file
 * damaged: a file that does not open or fails `PRAGMA quick_check` (a few milliseconds: the file
 * holds two days of windows) is renamed `counters.db.damaged-<time>` and a new one started, with
 * a warning. Its budgets then start over, as the last counts lost to a power cut with NORMAL would
 * have let that many requests through; a counter is never read from a damaged page.
 */
function openExclusive(file: string, log: Logger): DatabaseHandle {
  const open = () => prepareCounters(openDatabase(file, { synchronous: 'off', pageSize: COUNTERS_PAGE_SIZE, exclusive: true }))
  let handle: DatabaseHandle | null = null
  let problem: string | null = null
  try {
    handle = open()
    const check = handle.sqlite.query<{ quick_check: string }, []>('PRAGMA quick_check').all()
    if (check.length !== 1 || check[0]?.quick_check !== 'ok') problem = check.map((r) => r.quick_check).join('; ')
  } catch (e) {
    // Only damage is set aside: a file another process holds (busy, locked) is its error to report.
    if (!isDamage(e)) throw e
    problem = e instanceof Error ? e.message : String(e)
  }
  if (problem === null) return handle!
  handle?.close()
  const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix)
  log.warn('rate-limit counters were damaged (a power cut?); set aside, counting starts over', { file, aside, problem })
  return open()
}

/**
 * The counters' page size in bytes. Every request's count is a commit, which writes each page it
 * changed to the WAL: here one or two leaf pages of a few tiny rows. With SQLite's default 4,096
 * bytes a REST request's count (BEGIN IMMEDIATE, two reads, two upserts, COMMIT) cost 29-31 µs on
 * the 2-core box, with 1,024 bytes 0.75-0.85 of that (`bun run bench:counters`); 512 saved little
 * more and makes the b-tree deeper as keys accumulate.
 */
export const COUNTERS_PAGE_SIZE = 1024

/**
 * A counters file from before COUNTERS_PAGE_SIZE is rebuilt with it, its rows kept (VACUUM, which
 * needs the rollback journal: WAL mode cannot change the page size). Only when no other
 * connection has it open; otherwise it goes on with its pages as they are, and the next start
 * tries again.
 */
function useSmallPages(sqlite: Database): void {
  if (sqlite.query<{ page_size: number }, []>('PRAGMA page_size').get()?.page_size === COUNTERS_PAGE_SIZE) return
  try {
    if (sqlite.query<{ journal_mode: string }, []>('PRAGMA journal_mode = DELETE').get()?.journal_mode !== 'delete') return
    sqlite.exec(`PRAGMA page_size = ${COUNTERS_PAGE_SIZE}`)
    sqlite.exec('VACUUM')
  } catch {
    // Busy: another process has the file open. Its page size is a cost, not a fault.
  } finally {
    sqlite.exec('PRAGMA journal_mode = WAL')
  }
}
