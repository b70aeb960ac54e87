import type { Database, Statement } from 'bun:sqlite'
import { getTableColumns, getTableName } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'

/**
 * Batched inserts for the demo generator. Rows are typed by the drizzle table (`$inferInsert`),
 * encoded the way drizzle would (booleans as 0/1, JSON as text, column defaults for missing
 * values) and written with one prepared multi-row INSERT per batch: per-row round trips
 * through the driver are what make naive seeding slow.
 */
type Encoder = ((v: unknown) => unknown) | null

const ROWS_PER_STATEMENT = 100

export class BulkWriter<T extends SQLiteTable> {
  readonly name: string
  count = 0
  /**
   * Writers of the tables this one references. They are flushed before each batch: a child row
   * written before its parent is a deferred foreign-key violation, and while one is outstanding
   * SQLite scans the child table on every parent insert, which turns seeding quadratic.
   */
  parents: BulkWriter<SQLiteTable>[] = []
  private readonly keys: string[]
  private readonly encoders: Encoder[]
  private readonly defaults: unknown[]
  private batch: Statement | null = null
  private readonly batchSql: string
  private readonly single: Statement
  private readonly buffer: unknown[] = []
  private readonly batchSize: number

  constructor(
    private readonly sqlite: Database,
    table: T,
  ) {
    this.name = getTableName(table)
    const columns = Object.entries(getTableColumns(table))
    this.keys = columns.map(([key]) => key)
    this.encoders = columns.map(([, c]) => encoderFor(c.columnType))
    this.defaults = columns.map(([, c], i) => (c.default === undefined ? null : (this.encoders[i]?.(c.default) ?? c.default)))
    const names = columns.map(([, c]) => `"${c.name}"`).join(', ')
    const one = `(${columns.map(() => '?').join(', ')})`
    this.batchSize = ROWS_PER_STATEMENT * columns.length
    // The multi-row statement is prepared on first use: small tables never need it.
    this.batchSql = `INSERT INTO "${this.name}" (${names}) VALUES ${Array(ROWS_PER_STATEMENT).fill(one).join(', ')}`
    this.single = sqlite.prepare(`INSERT INTO "${this.name}" (${names}) VALUES ${one}`)
  }

  add(row: T['$inferInsert']): void {
    const values = row as Record<string, unknown>
    const buffer = this.buffer
    for (let i = 0; i < this.keys.length; i++) {
      const v = values[this.keys[i]!]
      if (v === undefined) buffer.push(this.defaults[i])
      else {
        const enc = this.encoders[i]
        buffer.push(enc ? enc(v) : v)
      }
    }
    this.count++
    if (buffer.length === this.batchSize) {
      for (const p of this.parents) p.flush()
      this.batch ??= this.sqlite.prepare(this.batchSql)
      this.batch.run(...(buffer as never[]))
      buffer.length = 0
    }
  }

  /** Writes what is buffered; call before COMMIT. */
  flush(): void {
    if (this.buffer.length === 0) return
    for (const p of this.parents) p.flush()
    const width = this.keys.length
    for (let i = 0; i < this.buffer.length; i += width) this.single.run(...(this.buffer.slice(i, i + width) as never[]))
    this.buffer.length = 0
  }

  finalize(): void {
    this.batch?.finalize()
    this.single.finalize()
  }
}

function encoderFor(columnType: string): Encoder {
  if (columnType === 'SQLiteBoolean') return (v) => (v == null ? null : v ? 1 : 0)
  if (columnType === 'SQLiteTextJson') return (v) => (v == null ? null : JSON.stringify(v))
  return null
}
