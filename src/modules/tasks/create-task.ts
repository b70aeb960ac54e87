import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id, Nullable } from '../../kernel/schemas'
import { Task, TaskFields, toTask } from './model'
import { createTaskRecord } from './task-writes'

export const createTask = defineOperation({
  name: 'create_task',
  title: 'Create a task',
  description:
    'Creates a task (status todo and priority medium unless given), optionally in a project and assigned to a person of the tenant. Emits task.created (and task.completed when created as done) in the same transaction.',
  access: { role: 'manager', write: true },
  input: t.Object({
    title: TaskFields.title,
    description: t.Optional(TaskFields.description),
    status: t.Optional(TaskFields.status),
    priority: t.Optional(TaskFields.priority),
    project_id: t.Optional(Nullable(Id)),
    assignee_user_id: t.Optional(TaskFields.assignee_user_id),
    due_date: t.Optional(TaskFields.due_date),
    estimate_hours: t.Optional(TaskFields.estimate_hours),
  }),
  output: Task,
  run(ctx, input) {
    return toTask(inTransaction(ctx, (c) => createTaskRecord(c, input)))
  },
})
