import type { DbLike } from '../../kernel/db'
import type { Logger } from '../../kernel/log'
import { insertToolCalls, type NewToolCallRow } from './queries'

/**
 * Buffered rows that make `record` flush at once: a bound on memory and on one flush's stall
 * (~1-3 ms). A trade-off, measured (issue 18, docs/performance.md): a flush costs per row (~0.9 µs
 * with the table's one index), and its commit is a write on another connection of the main file,
 * which makes the main connection read its pages again. At 5,000 rows a flush, a busy server paid
 * a little less per call, but each flush stalled the event loop ~8 ms and productivity's p99 rose
 * from ~1.25x its bare side's to ~1.65x.
 */
export const FLUSH_AT = 500

/**
 * Write-behind buffer for tool-call records. Recording sits on the hot path of every tools/call,
 * and a commit per call would cost more than the call; so rows are kept in memory and written in
 * one transaction per second (or per FLUSH_AT rows) by queries.ts `insertToolCalls` (prepared
 * multi-row inserts). A crash loses at most that second of telemetry, never payroll data. Readers
 * (the analytics tools) flush first, so they see every call.
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
      insertToolCalls(this.db, rows)
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
