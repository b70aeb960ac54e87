import type { Database, Statement } from 'bun:sqlite'
import type { DbLike } from '../../kernel/db'
import { sqliteOf } from '../../kernel/db'
import type { Logger } from '../../kernel/log'
import type { NewToolCallRow } from './queries'

/** Columns of one recorded call, in the order the insert's placeholders take them. */
const COLUMNS = ['tenant_id', 'user_id', 'api_key_id', 'tool_name', 'source', 'session_id', 'started_at', 'duration_ms', 'outcome', 'error_code']
/** Rows per multi-row insert: 50 x 10 placeholders, far under SQLite's limit. */
export const ROWS_PER_INSERT = 50
/** Buffered rows that make `record` flush at once. */
const FLUSH_AT = 500

type Binding = string | number | null
const insertSql = (rows: number): string =>
  `INSERT INTO mcp_tool_calls (${COLUMNS.join(', ')}) VALUES ${Array.from({ length: rows }, () => `(${COLUMNS.map(() => '?').join(', ')})`).join(', ')}`

/**
 * The two bun:sqlite statements of a connection, prepared once: ROWS_PER_INSERT rows at a time and
 * one row for the remainder. No query is built per flush.
 */
const statements = new WeakMap<Database, { many: Statement; one: Statement; write: (rows: NewToolCallRow[]) => void }>()

function writerOf(sqlite: Database): (rows: NewToolCallRow[]) => void {
  let s = statements.get(sqlite)
  if (!s) {
    const many = sqlite.prepare(insertSql(ROWS_PER_INSERT))
    const one = sqlite.prepare(insertSql(1))
    const params: Binding[] = new Array<Binding>(ROWS_PER_INSERT * COLUMNS.length)
    const put = (out: Binding[], at: number, r: NewToolCallRow): void => {
      out[at] = r.tenantId ?? null
      out[at + 1] = r.userId ?? null
      out[at + 2] = r.apiKeyId ?? null
      out[at + 3] = r.toolName
      out[at + 4] = r.source ?? null
      out[at + 5] = r.sessionId ?? null
      out[at + 6] = r.startedAt
      out[at + 7] = r.durationMs
      out[at + 8] = r.outcome
      out[at + 9] = r.errorCode ?? null
    }
    // One IMMEDIATE transaction (a savepoint when the connection is already in one): one commit.
    const tx = sqlite.transaction((rows: NewToolCallRow[]) => {
      let i = 0
      for (; i + ROWS_PER_INSERT <= rows.length; i += ROWS_PER_INSERT) {
        for (let j = 0; j < ROWS_PER_INSERT; j++) put(params, j * COLUMNS.length, rows[i + j]!)
        many.run(...params)
      }
      const single: Binding[] = new Array<Binding>(COLUMNS.length)
      for (; i < rows.length; i++) {
        put(single, 0, rows[i]!)
        one.run(...single)
      }
    })
    const write = (rows: NewToolCallRow[]): void => void tx.immediate(rows)
    statements.set(sqlite, (s = { many, one, write }))
  }
  return s.write
}

/**
 * Write-behind buffer for tool-call records. Recording sits on the hot path of every tools/call,
 * and with synchronous=FULL each commit is an fsync; so rows are kept in memory and written in
 * one transaction per second (or per 500 rows), through prepared multi-row inserts of the
 * connection (bun:sqlite statements, ROWS_PER_INSERT rows each). A crash loses at most that second
 * of telemetry, never payroll data. Readers (the analytics tools) flush first, so they see every call.
 */
export class ToolCallLog {
  private pending: NewToolCallRow[] = []

  /**
   * @param db where records are written (a telemetry connection may be used)
   * @param readers handles whose readers must see the records: flushToolCalls(reader) flushes
   */
  constructor(
    private readonly db: DbLike,
    private readonly log: Logger,
    readers: DbLike[] = [db],
  ) {
    for (const r of readers) registry.set(r, this)
  }

  record(row: NewToolCallRow): void {
    this.pending.push(row)
    if (this.pending.length >= FLUSH_AT) this.flush()
  }

  flush(): void {
    const rows = this.pending
    if (rows.length === 0) return
    this.pending = []
    try {
      writerOf(sqliteOf(this.db))(rows)
    } catch (e) {
      this.log.error('could not write tool-call records', { error: String(e), rows: rows.length })
    }
  }
}

const registry = new WeakMap<object, ToolCallLog>()

/** Writes buffered records of this database now: analytics reads call it before querying. */
export function flushToolCalls(db: DbLike): void {
  registry.get(db)?.flush()
}
