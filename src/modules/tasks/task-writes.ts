import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { toIso } from '../../kernel/time'
import { getUserInTenant } from '../users/queries'
import { getProjectInTenant } from '../projects/queries'
import { emit } from '../webhooks/outbox-queries'
import type { TaskPriority, TaskStatus } from './schema'
import { insertTask, updateTaskRow, type TaskRow } from './queries'

/** The writable fields of a task, in wire names; absent means "leave as is". */
export interface TaskPatch {
  title?: string
  description?: string | null
  status?: TaskStatus
  priority?: TaskPriority
  assignee_user_id?: string | null
  due_date?: string | null
  estimate_hours?: number | null
}

export interface NewTask extends TaskPatch {
  title: string
  project_id?: string | null
  external_id?: string | null
}

/** An assignee must be a person of the tenant who has not left (another tenant's id: not_found). */
function checkAssignee(ctx: TenantBoundCtx, userId: string | null | undefined): void {
  if (!userId) return
  const user = getUserInTenant(ctx, userId)
  if (user.status === 'deactivated') {
    throw new DomainError('invalid_argument', `${user.name} is deactivated and cannot be assigned tasks.`, { field: 'assignee_user_id' })
  }
}

const eventData = (row: TaskRow) => ({
  taskId: row.id,
  title: row.title,
  status: row.status,
  priority: row.priority,
  projectId: row.projectId,
  assigneeUserId: row.assigneeUserId,
  dueDate: row.dueDate,
})

/** Creates a task and its outbox events. Call inside the transaction (ctx bound to it). */
export function createTaskRecord(ctx: TenantBoundCtx, input: NewTask): TaskRow {
  if (input.project_id) getProjectInTenant(ctx, input.project_id)
  checkAssignee(ctx, input.assignee_user_id)
  const status = input.status ?? 'todo'
  const row = insertTask(ctx, {
    id: newId(),
    projectId: input.project_id ?? null,
    title: input.title,
    description: input.description ?? null,
    status,
    priority: input.priority ?? 'medium',
    assigneeUserId: input.assignee_user_id ?? null,
    dueDate: input.due_date ?? null,
    estimateHours: input.estimate_hours ?? null,
    externalId: input.external_id ?? null,
    createdByUserId: ctx.actor.userId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    completedAt: status === 'done' ? ctx.now : null,
  })
  emit(ctx, 'task.created', { ...eventData(row), createdAt: toIso(row.createdAt) })
  if (status === 'done') emit(ctx, 'task.completed', { ...eventData(row), completedAt: toIso(ctx.now) })
  return row
}

type Change = { from: string | null; to: string | null }

/** The changes task.updated reports: status, assignee and due date (the spec's list). */
function trackedChanges(before: TaskRow, after: TaskRow): Record<string, Change> {
  const changes: Record<string, Change> = {}
  if (before.status !== after.status) changes.status = { from: before.status, to: after.status }
  if (before.assigneeUserId !== after.assigneeUserId) changes.assigneeUserId = { from: before.assigneeUserId, to: after.assigneeUserId }
  if (before.dueDate !== after.dueDate) changes.dueDate = { from: before.dueDate, to: after.dueDate }
  return changes
}

/**
 * Applies a patch. task.updated fires when status, assignee or due date changed; task.completed
 * when the status became done (moving out of done clears completed_at). No change, no event.
 */
export function updateTaskRecord(ctx: TenantBoundCtx, before: TaskRow, patch: TaskPatch): TaskRow {
  if (patch.assignee_user_id !== undefined && patch.assignee_user_id !== before.assigneeUserId) checkAssignee(ctx, patch.assignee_user_id)
  const status = patch.status ?? before.status
  const next = {
    title: patch.title ?? before.title,
    description: patch.description !== undefined ? patch.description : before.description,
    status,
    priority: patch.priority ?? before.priority,
    assigneeUserId: patch.assignee_user_id !== undefined ? patch.assignee_user_id : before.assigneeUserId,
    dueDate: patch.due_date !== undefined ? patch.due_date : before.dueDate,
    estimateHours: patch.estimate_hours !== undefined ? patch.estimate_hours : before.estimateHours,
    completedAt: status === 'done' ? (before.status === 'done' ? before.completedAt : ctx.now) : null,
  }
  const unchanged = (Object.keys(next) as (keyof typeof next)[]).every((k) => next[k] === before[k])
  if (unchanged) return before
  const after = updateTaskRow(ctx, before.id, { ...next, updatedAt: ctx.now })
  const changes = trackedChanges(before, after)
  if (Object.keys(changes).length > 0) {
    emit(ctx, 'task.updated', { ...eventData(after), changes, updatedAt: toIso(ctx.now) })
  }
  if (after.status === 'done' && before.status !== 'done') {
    emit(ctx, 'task.completed', { ...eventData(after), completedAt: toIso(ctx.now) })
  }
  return after
}
