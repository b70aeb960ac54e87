import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DomainError } from '../../kernel/errors'
import { DateOnly, Id, PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { Task, TaskStatusEnum, toTask } from './model'
import { listTasksPage } from './queries'

export const listTasks = defineOperation({
  name: 'list_tasks',
  title: 'List tasks',
  description: 'Tasks of the tenant, newest first, filtered by status, assignee, project and due-date range.',
  access: { role: 'manager' },
  input: t.Object({
    status: t.Optional(TaskStatusEnum),
    assignee_user_id: t.Optional(Id),
    project_id: t.Optional(Id),
    due_from: t.Optional(t.String({ ...DateOnly, description: 'Only tasks due on or after this date (YYYY-MM-DD)' })),
    due_to: t.Optional(t.String({ ...DateOnly, description: 'Only tasks due on or before this date (YYYY-MM-DD)' })),
    ...PageQuery,
  }),
  output: Paginated(Task),
  mcp: { exposes: ['Task'] },
  run(ctx, input) {
    if (input.due_from && input.due_to && input.due_from > input.due_to) {
      throw new DomainError('invalid_argument', 'due_from must not be after due_to.', { field: 'due_from' })
    }
    const w = pageWindow(input)
    const { rows, total } = listTasksPage(ctx, {
      ...(input.status ? { status: input.status } : {}),
      ...(input.assignee_user_id ? { assigneeUserId: input.assignee_user_id } : {}),
      ...(input.project_id ? { projectId: input.project_id } : {}),
      ...(input.due_from ? { dueFrom: input.due_from } : {}),
      ...(input.due_to ? { dueTo: input.due_to } : {}),
      offset: w.offset,
      limit: w.limit,
    })
    return { data: rows.map(toTask), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
