import { defineRoutes, get, post } from '../../kernel/route'
import { createTask } from './create-task'
import { getTask } from './get-task'
import { listTasks } from './list-tasks'
import { updateTask } from './update-task'
import { updateTaskStatus } from './update-task-status'

/** /api/v1/tasks: read tasks; create and update them with a read_write token. */
export const tasksRoutes = defineRoutes({ surface: 'rest', prefix: '/tasks', tags: ['tasks'] }, [
  get('/', listTasks),
  post('/', createTask, { status: 201 }),
  get('/:task_id', getTask),
  post('/:task_id', updateTask),
  post('/:task_id/status', updateTaskStatus),
])
