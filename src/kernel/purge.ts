import { sql, type SQL } from 'drizzle-orm'
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { TenantScope } from './ctx'

/**
 * Deletes at most `limit` rows of the tenant whose `time` is before `cutoff` (and that match
 * `onlyIf`, when given); returns how many went. Small batches keep each write transaction short
 * while the server keeps serving. SQLite-specific: a `rowid` subquery with LIMIT, and RETURNING.
 * Each module purges its own tables through it (retention asks them); the table must have a
 * `tenant_id` column.
 */
export function deleteBatchBefore(c: TenantScope, table: SQLiteTable, time: AnySQLiteColumn, cutoff: number, limit: number, onlyIf?: SQL): number {
  const extra = onlyIf ? sql` and ${onlyIf}` : sql``
  return c.db.all(sql`delete from ${table} where rowid in (
      select rowid from ${table} where tenant_id = ${c.tenant.id} and ${time} < ${cutoff}${extra} limit ${limit}
    ) returning 1`).length
}
