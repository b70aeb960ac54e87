import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
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

/**
 * One page of the tenant's tasks, newest first, and the total. Ties on created_at break on the
 * rowid, the last key of tasks_tenant_created_idx, so the page is read from the index unsorted.
 */
export function listTasksPage(c: TenantScope, f: TaskFilter): { rows: TaskRow[]; total: number } {
  const where = and(
    eq(tasks.tenantId, c.tenant.id),
    f.status ? eq(tasks.status, f.status) : undefined,
    f.assigneeUserId ? eq(tasks.assigneeUserId, f.assigneeUserId) : undefined,
    f.projectId ? eq(tasks.projectId, f.projectId) : undefined,
    f.dueFrom ? gte(tasks.dueDate, f.dueFrom) : undefined,
    f.dueTo ? lte(tasks.dueDate, f.dueTo) : undefined,
  )
  const rows = c.db.select().from(tasks).where(where).orderBy(desc(tasks.createdAt), sql`${tasks}.rowid desc`).limit(f.limit).offset(f.offset).all()
  const total = c.db.select({ n: count() }).from(tasks).where(where).get()?.n ?? 0
  return { rows, total }
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
