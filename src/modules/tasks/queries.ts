import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { fastRows, prepared } from '../../kernel/db'
import { keptStatusCounts } from '../../kernel/status-counts'
import { notFound } from '../../kernel/errors'
import { tasks, type TaskStatus } from './schema'

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

/** task_counts: the tasks of each tenant per status, kept by triggers on tasks (kernel/status-counts.ts). */
const keptCounts = keptStatusCounts<TaskStatus>({ counts: 'task_counts', rows: 'tasks', prefix: 'task_counts' })

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
  if (!f.assigneeUserId && !f.projectId && !f.dueFrom && !f.dueTo) return { rows, total: keptCounts.count(c, f.status ? [f.status] : null) }
  const counter = prepared(c.db, `tasks.count:${shape}`, (d) => d.select({ n: count() }).from(tasks).where(where()).prepare())
  return { rows, total: counter.get(params)?.n ?? 0 }
}

/**
 * At start: the triggers keeping task_counts exact. When they are missing (a new or older
 * database) they are created and the counts recounted from the rows in the same transaction, so
 * no write falls between the count and the first trigger.
 */
export const ensureTaskCountTriggers = keptCounts.ensure

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
