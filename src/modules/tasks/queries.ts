import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { fastRows, prepared, transaction, type DbLike } from '../../kernel/db'
import { notFound } from '../../kernel/errors'
import { taskCounts, tasks, type TaskStatus } from './schema'

export type TaskRow = typeof tasks.$inferSelect
export type NewTaskRow = typeof tasks.$inferInsert

export interface TaskFilter {
  status?: TaskStatus
  assigneeUserId?: string
  projectId?: string
  dueFrom?: string
  dueTo?: string
  offset: number
  limit: number
}

/**
 * One page of the tenant's tasks, newest first, and the total. Ties on created_at break on the
 * rowid, the last key of tasks_tenant_created_idx, so the page is read from the index unsorted.
 */
export function listTasksPage(c: TenantScope, f: TaskFilter): { rows: TaskRow[]; total: number } {
  const ph = sql.placeholder
  // One prepared statement per shape of filter (which fields are set), built and planned once.
  const shape = `${f.status ? 's' : '-'}${f.assigneeUserId ? 'a' : '-'}${f.projectId ? 'p' : '-'}${f.dueFrom ? 'f' : '-'}${f.dueTo ? 't' : '-'}`
  const where = () =>
    and(
      eq(tasks.tenantId, ph('tenantId')),
      f.status ? eq(tasks.status, ph('status')) : undefined,
      f.assigneeUserId ? eq(tasks.assigneeUserId, ph('assigneeUserId')) : undefined,
      f.projectId ? eq(tasks.projectId, ph('projectId')) : undefined,
      f.dueFrom ? gte(tasks.dueDate, ph('dueFrom')) : undefined,
      f.dueTo ? lte(tasks.dueDate, ph('dueTo')) : undefined,
    )
  const params = {
    tenantId: c.tenant.id,
    status: f.status ?? null,
    assigneeUserId: f.assigneeUserId ?? null,
    projectId: f.projectId ?? null,
    dueFrom: f.dueFrom ?? null,
    dueTo: f.dueTo ?? null,
  }
  const page = prepared(c.db, `tasks.page:${shape}`, (d) =>
    fastRows(d.select().from(tasks).where(where()).orderBy(desc(tasks.createdAt), sql`${tasks}.rowid desc`).limit(ph('limit')).offset(ph('offset')).prepare()),
  )
  const rows = page.all({ ...params, limit: f.limit, offset: f.offset })
  // By tenant (and status) only: the counts the triggers keep; other filters count their rows.
  const counted = !f.assigneeUserId && !f.projectId && !f.dueFrom && !f.dueTo
  const counter = counted
    ? prepared(c.db, `tasks.countKept:${shape}`, (d) =>
        d
          .select({ n: sql<number>`coalesce(sum(${taskCounts.n}), 0)`.mapWith(Number) })
          .from(taskCounts)
          .where(and(eq(taskCounts.tenantId, ph('tenantId')), f.status ? eq(taskCounts.status, ph('status')) : undefined))
          .prepare(),
      )
    : prepared(c.db, `tasks.count:${shape}`, (d) => d.select({ n: count() }).from(tasks).where(where()).prepare())
  return { rows, total: counter.get(params)?.n ?? 0 }
}

const TASK_COUNT_TRIGGERS = [
  `create trigger task_counts_insert after insert on tasks begin
    insert into task_counts (tenant_id, status, n) values (new.tenant_id, new.status, 1)
    on conflict (tenant_id, status) do update set n = n + 1; end`,
  `create trigger task_counts_delete after delete on tasks begin
    update task_counts set n = n - 1 where tenant_id = old.tenant_id and status = old.status; end`,
  `create trigger task_counts_update after update of status, tenant_id on tasks
    when old.status is not new.status or old.tenant_id is not new.tenant_id begin
    update task_counts set n = n - 1 where tenant_id = old.tenant_id and status = old.status;
    insert into task_counts (tenant_id, status, n) values (new.tenant_id, new.status, 1)
    on conflict (tenant_id, status) do update set n = n + 1; end`,
]

/**
 * At start: the triggers keeping task_counts exact. When they are missing (a new or older
 * database) they are created and the counts recounted from the rows in the same transaction, so
 * no write falls between the count and the first trigger.
 */
export function ensureTaskCountTriggers(db: DbLike): void {
  const present = db.all<{ n: number }>(sql`select count(*) as n from sqlite_master where type = 'trigger' and name like 'task_counts_%'`)[0]?.n ?? 0
  if (present === TASK_COUNT_TRIGGERS.length) return
  transaction(db, (tx) => {
    for (const name of ['task_counts_insert', 'task_counts_delete', 'task_counts_update']) tx.run(sql.raw(`drop trigger if exists ${name}`))
    for (const ddl of TASK_COUNT_TRIGGERS) tx.run(sql.raw(ddl))
    tx.run(sql`delete from ${taskCounts}`)
    tx.run(sql`insert into ${taskCounts} (tenant_id, status, n) select tenant_id, status, count(*) from ${tasks} group by tenant_id, status`)
  })
}

/** Fetch-or-throw: another tenant's task is indistinguishable from a missing one. */
export function getTaskInTenant(c: TenantScope, taskId: string): TaskRow {
  const row = c.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, c.tenant.id), eq(tasks.id, taskId)))
    .get()
  if (!row) throw notFound('Task')
  return row
}

export const insertTask = (c: TenantScope, row: Omit<NewTaskRow, 'tenantId'>): TaskRow =>
  c.db
    .insert(tasks)
    .values({ ...row, tenantId: c.tenant.id })
    .returning()
    .get()

export function updateTaskRow(c: TenantScope, taskId: string, patch: Partial<Omit<NewTaskRow, 'id' | 'tenantId'>>): TaskRow {
  const row = c.db
    .update(tasks)
    .set(patch)
    .where(and(eq(tasks.tenantId, c.tenant.id), eq(tasks.id, taskId)))
    .returning()
    .get()
  if (!row) throw notFound('Task')
  return row
}

/** The task a project tool knows by its own id (sync upsert key within the project). */
export const findTaskByExternalId = (c: TenantScope, projectId: string, externalId: string): TaskRow | null =>
  c.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, c.tenant.id), eq(tasks.projectId, projectId), eq(tasks.externalId, externalId)))
    .get() ?? null
