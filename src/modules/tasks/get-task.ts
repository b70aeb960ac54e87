import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import { Task, toTask } from './model'
import { getTaskInTenant } from './queries'

export const getTask = defineOperation({
  name: 'get_task',
  title: 'Get a task',
  description: 'One task of the tenant. Another tenant’s task id answers not_found.',
  access: { role: 'manager' },
  input: t.Object({ task_id: Id }),
  output: Task,
  run(ctx, input) {
    return toTask(getTaskInTenant(ctx, input.task_id))
  },
})
