import { Elysia } from 'elysia'
import { invoke } from '../../kernel/operation'
import type { Runtime } from '../../runtime'
import { restAuth, restHook } from '../../surfaces/rest'
import { createTask } from './create-task'
import { getTask } from './get-task'
import { listTasks } from './list-tasks'
import { updateTask } from './update-task'
import { updateTaskStatus } from './update-task-status'

const tags = ['tasks']
const path = ['task_id']

/** /api/v1/tasks: read tasks; create and update them with a read_write token. */
export const tasksRoutes = (rt: Runtime) =>
  new Elysia({ prefix: '/tasks' })
    .use(restAuth(rt))
    .get('/', ({ ctx, query }) => invoke(listTasks, ctx, query), restHook(listTasks, { tags, from: 'query' }))
    .post('/', ({ ctx, body }) => invoke(createTask, ctx, body), restHook(createTask, { tags, status: 201 }))
    .get('/:task_id', ({ ctx, params }) => invoke(getTask, ctx, params), restHook(getTask, { tags, from: 'query', path }))
    .post('/:task_id', ({ ctx, body, params }) => invoke(updateTask, ctx, { ...body, ...params }), restHook(updateTask, { tags, path }))
    .post('/:task_id/status', ({ ctx, body, params }) => invoke(updateTaskStatus, ctx, { ...body, ...params }), restHook(updateTaskStatus, { tags, path }))
