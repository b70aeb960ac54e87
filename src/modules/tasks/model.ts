import { t, type Static } from 'elysia'
import { DateOnly, Id, Instant, Nullable } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import type { TASK_PRIORITIES, TASK_STATUSES } from './schema'
import type { TaskRow } from './queries'

// Spelled out (not mapped from TASK_STATUSES) so the types stay literal; the check below keeps them equal.
export const TaskStatusEnum = t.Union([t.Literal('todo'), t.Literal('in_progress'), t.Literal('blocked'), t.Literal('in_review'), t.Literal('done')], {
  description: 'todo, in_progress, blocked, in_review or done',
})
export const TaskPriorityEnum = t.Union([t.Literal('low'), t.Literal('medium'), t.Literal('high'), t.Literal('urgent')], {
  description: 'low, medium, high or urgent',
})
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const _statusesMatch: Same<Static<typeof TaskStatusEnum>, (typeof TASK_STATUSES)[number]> = true
const _prioritiesMatch: Same<Static<typeof TaskPriorityEnum>, (typeof TASK_PRIORITIES)[number]> = true
void _statusesMatch
void _prioritiesMatch

export const Task = t.Object({
  id: Id,
  title: t.String(),
  description: Nullable(t.String()),
  status: TaskStatusEnum,
  priority: TaskPriorityEnum,
  project_id: Nullable(Id),
  assignee_user_id: Nullable(Id),
  due_date: Nullable(DateOnly),
  estimate_hours: Nullable(t.Number()),
  external_id: Nullable(t.String({ description: 'Id in an external project tool (set by projects sync)' })),
  created_by_user_id: Nullable(Id),
  created_at: Instant,
  updated_at: Instant,
  completed_at: Nullable(Instant),
})

export const toTask = (row: TaskRow) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  status: row.status,
  priority: row.priority,
  project_id: row.projectId,
  assignee_user_id: row.assigneeUserId,
  due_date: row.dueDate,
  estimate_hours: row.estimateHours,
  external_id: row.externalId,
  created_by_user_id: row.createdByUserId,
  created_at: toIso(row.createdAt),
  updated_at: toIso(row.updatedAt),
  completed_at: toIsoOrNull(row.completedAt),
})

/** Writable fields shared by create, update and projects sync. */
export const TaskFields = {
  title: t.String({ minLength: 1, maxLength: 200 }),
  description: Nullable(t.String({ maxLength: 5000 })),
  status: TaskStatusEnum,
  priority: TaskPriorityEnum,
  assignee_user_id: Nullable(Id),
  due_date: Nullable(DateOnly),
  estimate_hours: Nullable(t.Number({ minimum: 0, maximum: 10000 })),
}
