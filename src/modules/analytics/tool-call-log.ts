import type { DbLike } from '../../kernel/db'
import { transaction } from '../../kernel/db'
import type { Logger } from '../../kernel/log'
import { insertToolCalls, type NewToolCallRow } from './queries'

/**
 * Write-behind buffer for tool-call records. Recording sits on the hot path of every tools/call,
 * and with synchronous=FULL each commit is an fsync; so rows are kept in memory and written in
 * one transaction per second (or per 500 rows). A crash loses at most that second of telemetry,
 * never payroll data. Readers (the analytics tools) flush first, so they see every call.
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
    if (this.pending.length >= 500) this.flush()
  }

  flush(): void {
    const rows = this.pending
    this.pending = []
    try {
      // The root handle's prepared insert runs inside the transaction: one connection, one commit.
      if (rows.length > 0) transaction(this.db, () => insertToolCalls(this.db, rows))
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
