import { join } from 'node:path'
import type { Database } from 'bun:sqlite'
import { openDatabase, type DatabaseHandle } from '../../kernel/db'

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
 * Opens (creating when missing) the rate-limit counters' database: WAL with synchronous=NORMAL,
 * its own file so that counting a request neither fsyncs nor touches the main database's WAL (a
 * commit to the main file makes every other connection on it re-read pages). A commit is in the
 * WAL file before the request is answered, so a killed process loses no counted request; a power
 * cut may lose the last commits, which then lets as many extra requests through and never
 * refuses one (docs/operations.md, "Rate-limit counters").
 */
export function openCountersDatabase(file: string): DatabaseHandle {
  const handle = openDatabase(file, { synchronous: 'normal', pageSize: COUNTERS_PAGE_SIZE })
  // The foreign-key pragma of openDatabase is moot here (no references), and rows are tiny.
  handle.sqlite.exec(COUNTERS_DDL)
  useSmallPages(handle.sqlite)
  return handle
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
