import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, localDay, tenantRef, uuidPk } from '../../db/columns'
import { users } from '../users/schema'
import { projects } from '../projects/schema'

export const TASK_STATUSES = ['todo', 'in_progress', 'blocked', 'in_review', 'done'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const
export type TaskPriority = (typeof TASK_PRIORITIES)[number]

export const tasks = sqliteTable(
  'tasks',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').$type<TaskStatus>().notNull(),
    priority: text('priority').$type<TaskPriority>().notNull().default('medium'),
    assigneeUserId: text('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: localDay('due_date'),
    estimateHours: real('estimate_hours'),
    externalId: text('external_id'),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    completedAt: instant('completed_at'),
  },
  (t) => [
    index('tasks_tenant_status_idx').on(t.tenantId, t.status),
    index('tasks_tenant_assignee_idx').on(t.tenantId, t.assigneeUserId),
    index('tasks_tenant_project_idx').on(t.tenantId, t.projectId),
    // REST lists tasks newest first: this index serves the order without sorting the tenant.
    index('tasks_tenant_created_idx').on(t.tenantId, t.createdAt),
    uniqueIndex('tasks_tenant_project_external_uq').on(t.tenantId, t.projectId, t.externalId),
  ],
)

export const tasksDoc = describeEntity(tasks, {
  entity: 'Task',
  description: 'A unit of work with status, assignee and due date (task.created, task.updated, task.completed).',
  fields: {
    id: 'UUID of the task.',
    tenantId: 'Owning tenant.',
    projectId: 'Project the task belongs to.',
    title: 'Short title.',
    description: 'Longer description.',
    status: 'todo, in_progress, blocked, in_review or done.',
    priority: 'low, medium, high or urgent.',
    assigneeUserId: 'Who works on it.',
    dueDate: 'Due date in the tenant time zone.',
    estimateHours: 'Estimated effort in hours.',
    externalId: 'Id in an external project tool (sync key within the project).',
    createdByUserId: 'Who created it.',
    createdAt: 'When it was created.',
    updatedAt: 'Last change.',
    completedAt: 'When it moved to done.',
  },
})

/**
 * How many tasks a tenant has in each status, kept exact by SQLite triggers on tasks (insert,
 * delete, a status or tenant change; queries.ts ensureTaskCountTriggers) in the transaction of
 * the write: the REST list's `total` without counting the rows on every page. No foreign key: the
 * triggers also run while a tenant is deleted.
 */
export const taskCounts = sqliteTable(
  'task_counts',
  {
    tenantId: integer('tenant_id').notNull(),
    status: text('status').$type<TaskStatus>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.status] })],
)

export const taskCountsDoc = describeEntity(taskCounts, {
  entity: 'TaskCount',
  description: 'Number of tasks of a tenant in one status, maintained by triggers on tasks: the total of the task list.',
  fields: {
    tenantId: 'Tenant.',
    status: 'Task status.',
    n: 'Tasks of the tenant in that status.',
  },
})
