import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id } from '../../kernel/schemas'
import { Task, TaskStatusEnum, toTask } from './model'
import { getTaskInTenant } from './queries'
import { updateTaskRecord } from './task-writes'

export const updateTaskStatus = defineOperation({
  name: 'update_task_status',
  title: 'Update a task’s status',
  description:
    'Moves a task to another status. Emits task.updated, and task.completed when the new status is done; setting the current status again changes nothing and emits nothing.',
  access: { role: 'manager', write: true },
  input: t.Object({ task_id: Id, status: TaskStatusEnum }),
  output: Task,
  run(ctx, input) {
    return toTask(inTransaction(ctx, (c) => updateTaskRecord(c, getTaskInTenant(c, input.task_id), { status: input.status })))
  },
})
