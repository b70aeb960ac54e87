import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { getProjectInTenant } from '../projects/queries'
import { getTaskInTenant } from '../tasks/queries'

export interface Booking {
  projectId: string | null
  taskId: string | null
}

/**
 * What a clock-in books its time to. A task alone books to its project too; a project and a task
 * of another project contradict each other. Only active projects take new time. Other tenants'
 * ids are not found.
 */
export function resolveBooking(ctx: TenantBoundCtx, input: { project_id?: string | undefined; task_id?: string | undefined }): Booking {
  const task = input.task_id ? getTaskInTenant(ctx, input.task_id) : null
  if (task && input.project_id && task.projectId && task.projectId !== input.project_id) {
    throw new DomainError('invalid_argument', 'The task belongs to another project than project_id.', {
      errors: [{ field: 'task_id', message: 'belongs to another project' }],
    })
  }
  const projectId = input.project_id ?? task?.projectId ?? null
  if (projectId) {
    const project = getProjectInTenant(ctx, projectId)
    if (project.status !== 'active')
      throw new DomainError('conflict', `Project ${project.name} is ${project.status.replace('_', ' ')}: time can only be booked to active projects.`)
  }
  return { projectId, taskId: task?.id ?? null }
}
