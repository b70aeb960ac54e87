import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
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
export function listTasksPage(ctx: TenantBoundCtx, f: TaskFilter): { rows: TaskRow[]; total: number } {
  const where = and(
    eq(tasks.tenantId, ctx.tenant.id),
    f.status ? eq(tasks.status, f.status) : undefined,
    f.assigneeUserId ? eq(tasks.assigneeUserId, f.assigneeUserId) : undefined,
    f.projectId ? eq(tasks.projectId, f.projectId) : undefined,
    f.dueFrom ? gte(tasks.dueDate, f.dueFrom) : undefined,
    f.dueTo ? lte(tasks.dueDate, f.dueTo) : undefined,
  )
  const rows = ctx.db
    .select()
    .from(tasks)
    .where(where)
    .orderBy(desc(tasks.createdAt), sql`${tasks}.rowid desc`)
    .limit(f.limit)
    .offset(f.offset)
    .all()
  const total = ctx.db.select({ n: count() }).from(tasks).where(where).get()?.n ?? 0
  return { rows, total }
}

/** Fetch-or-throw: another tenant's task is indistinguishable from a missing one. */
export function getTaskInTenant(ctx: TenantBoundCtx, taskId: string): TaskRow {
  const row = ctx.db.select().from(tasks).where(and(eq(tasks.tenantId, ctx.tenant.id), eq(tasks.id, taskId))).get()
  if (!row) throw notFound('Task')
  return row
}

export const insertTask = (ctx: TenantBoundCtx, row: Omit<NewTaskRow, 'tenantId'>): TaskRow =>
  ctx.db.insert(tasks).values({ ...row, tenantId: ctx.tenant.id }).returning().get()

export function updateTaskRow(ctx: TenantBoundCtx, taskId: string, patch: Partial<Omit<NewTaskRow, 'id' | 'tenantId'>>): TaskRow {
  const row = ctx.db.update(tasks).set(patch).where(and(eq(tasks.tenantId, ctx.tenant.id), eq(tasks.id, taskId))).returning().get()
  if (!row) throw notFound('Task')
  return row
}

/** The task a project tool knows by its own id (sync upsert key within the project). */
export const findTaskByExternalId = (ctx: TenantBoundCtx, projectId: string, externalId: string): TaskRow | null =>
  ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, ctx.tenant.id), eq(tasks.projectId, projectId), eq(tasks.externalId, externalId)))
    .get() ?? null
