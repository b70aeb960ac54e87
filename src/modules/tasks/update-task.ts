import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id } from '../../kernel/schemas'
import { Task, TaskFields, toTask } from './model'
import { getTaskInTenant } from './queries'
import { updateTaskRecord } from './task-writes'

export const updateTask = defineOperation({
  name: 'update_task',
  title: 'Update a task',
  description:
    'Changes fields of a task: only the fields sent change; null clears assignee, due date, description or estimate. Emits task.updated when status, assignee or due date changed and task.completed when it became done.',
  access: { role: 'manager', write: true },
  input: t.Object({
    task_id: Id,
    title: t.Optional(TaskFields.title),
    description: t.Optional(TaskFields.description),
    status: t.Optional(TaskFields.status),
    priority: t.Optional(TaskFields.priority),
    assignee_user_id: t.Optional(TaskFields.assignee_user_id),
    due_date: t.Optional(TaskFields.due_date),
    estimate_hours: t.Optional(TaskFields.estimate_hours),
  }),
  output: Task,
  run(ctx, input) {
    const { task_id, ...patch } = input
    return toTask(inTransaction(ctx, (c) => updateTaskRecord(c, getTaskInTenant(c, task_id), patch)))
  },
})
