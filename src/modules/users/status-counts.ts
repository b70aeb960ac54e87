import { sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { prepared, sqliteOf, transaction, type DbLike } from '../../kernel/db'
import type { UserStatus } from './schema'

/**
 * tenant_user_counts: the people of each tenant per status, kept exact by SQLite triggers on
 * users in the transaction that writes them, whoever writes them. The dashboard's headcount and
 * the people list's total read a row per status instead of counting the tenant's users on every
 * call (issue 18: a full page of list_employees cost twice as much at 10,000 people as at 1,000).
 * Created at start (ensureUserStatusCounts); SQL because generated migrations hold no triggers.
 */
const TRIGGERS: [string, string][] = [
  [
    'user_counts_insert',
    `after insert on users begin insert into tenant_user_counts (tenant_id, status, n) values (new.tenant_id, new.status, 1)
      on conflict (tenant_id, status) do update set n = n + 1; end`,
  ],
  ['user_counts_delete', 'after delete on users begin update tenant_user_counts set n = n - 1 where tenant_id = old.tenant_id and status = old.status; end'],
  [
    'user_counts_update',
    `after update of status, tenant_id on users when old.status is not new.status or old.tenant_id is not new.tenant_id begin
      update tenant_user_counts set n = n - 1 where tenant_id = old.tenant_id and status = old.status;
      insert into tenant_user_counts (tenant_id, status, n) values (new.tenant_id, new.status, 1)
      on conflict (tenant_id, status) do update set n = n + 1; end`,
  ],
]

/** The same triggers under the names the dashboard gave them before the table moved here (dropped at start). */
const FORMER_NAMES = ['tenant_day_users_insert', 'tenant_day_users_delete', 'tenant_day_users_update']

/**
 * Creates the triggers when any is missing (a new database, or one from before them) and recounts
 * the table from users in the same transaction; drops the former triggers that kept the same counts.
 */
export function ensureUserStatusCounts(db: DbLike): void {
  const names = db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'trigger' and (name like 'user_counts_%' or name like 'tenant_day_users_%')`,
  )
  const present = new Set(names.map((r) => r.name))
  if (TRIGGERS.every(([name]) => present.has(name)) && FORMER_NAMES.every((name) => !present.has(name))) return
  transaction(db, (tx) => {
    for (const name of FORMER_NAMES) tx.run(sql.raw(`drop trigger if exists ${name}`))
    for (const [name, body] of TRIGGERS) {
      tx.run(sql.raw(`drop trigger if exists ${name}`))
      tx.run(sql.raw(`create trigger ${name} ${body}`))
    }
    tx.run(sql`delete from tenant_user_counts`)
    tx.run(sql`insert into tenant_user_counts (tenant_id, status, n) select tenant_id, status, count(*) from users group by tenant_id, status`)
  })
}

/** People of the tenant in these statuses (every status when null), from tenant_user_counts. */
export function countPeopleInStatuses(c: TenantScope, statuses: readonly UserStatus[] | null): number {
  // One statement per number of statuses (the statuses are bound): the sum is SQLite's, one row back.
  const n = statuses?.length ?? 0
  const stmt = prepared(c.db, `users.statusCounts:${statuses === null ? 'all' : n}`, (d) =>
    sqliteOf(d).query<{ n: number }, (string | number)[]>(
      `select coalesce(sum(n), 0) as n from tenant_user_counts where tenant_id = ?${statuses === null ? '' : ` and status in (${Array(n).fill('?').join(', ')})`}`,
    ),
  )
  return stmt.get(c.tenant.id, ...(statuses ?? []))?.n ?? 0
}

/** Active people of the organisation (countActiveUsers(c, null)), from tenant_user_counts. */
export const activeHeadcount = (c: TenantScope): number => countPeopleInStatuses(c, ['active'])
