import { join } from 'node:path'
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
const COUNTERS_DDL = `create table if not exists rate_limit_counters (
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
  const handle = openDatabase(file, { synchronous: 'normal' })
  // The foreign-key pragma of openDatabase is moot here (no references), and rows are tiny.
  handle.sqlite.exec(COUNTERS_DDL)
  return handle
}
