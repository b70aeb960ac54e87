import { sql } from 'drizzle-orm'
import type { TenantScope } from './ctx'
import { prepared, sqliteOf, type DbLike } from './db'
import { ensureTriggers } from './triggers'

/**
 * A table `counts` (tenant_id, status, n) kept exact by SQLite triggers on the table `rows` (which
 * has tenant_id and status): an insert adds one, a delete removes one, a change of status or
 * tenant moves one, in the transaction that writes the row, whoever writes it. Lists take their
 * total here instead of counting the tenant's rows on every call (issue 18). The triggers are
 * named `<prefix>_insert|_delete|_update` and created at start by `ensure` (kernel/triggers.ts).
 * The table names are our code's, never input.
 */
export function keptStatusCounts<S extends string>(spec: { counts: string; rows: string; prefix: string; formerTriggers?: readonly string[] }) {
  const { counts, rows, prefix } = spec
  const add = `insert into ${counts} (tenant_id, status, n) values (new.tenant_id, new.status, 1)
    on conflict (tenant_id, status) do update set n = n + 1;`
  const remove = `update ${counts} set n = n - 1 where tenant_id = old.tenant_id and status = old.status;`
  const triggers: [string, string][] = [
    [`${prefix}_insert`, `after insert on ${rows} begin ${add} end`],
    [`${prefix}_delete`, `after delete on ${rows} begin ${remove} end`],
    [
      `${prefix}_update`,
      `after update of status, tenant_id on ${rows} when old.status is not new.status or old.tenant_id is not new.tenant_id
        begin ${remove} ${add} end`,
    ],
  ]
  return {
    /**
     * Creates the triggers when any is missing (a new database, or one from before them) and
     * recounts the table in the same transaction; drops former triggers that kept the same counts.
     */
    ensure(db: DbLike): void {
      ensureTriggers(db, {
        triggers,
        former: spec.formerTriggers,
        repair: (tx) => {
          tx.run(sql.raw(`delete from ${counts}`))
          tx.run(sql.raw(`insert into ${counts} (tenant_id, status, n) select tenant_id, status, count(*) from ${rows} group by tenant_id, status`))
        },
      })
    },
    /** Rows of the tenant in these statuses (every status when null): one statement per number of statuses, the sum SQLite's. */
    count(c: TenantScope, statuses: readonly S[] | null): number {
      const n = statuses?.length ?? 0
      const stmt = prepared(c.db, `${counts}.sum:${statuses === null ? 'all' : n}`, (d) =>
        sqliteOf(d).query<{ n: number }, (string | number)[]>(
          `select coalesce(sum(n), 0) as n from ${counts} where tenant_id = ?${statuses === null ? '' : ` and status in (${Array(n).fill('?').join(', ')})`}`,
        ),
      )
      return stmt.get(c.tenant.id, ...(statuses ?? []))?.n ?? 0
    },
  }
}
