import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import { Project, toProject } from './model'
import { getProjectInTenant } from './queries'

export const getProject = defineOperation({
  name: 'get_project',
  title: 'Get a project',
  description: 'One project of the tenant. Another tenant’s project id answers not_found.',
  access: { role: 'manager' },
  input: t.Object({ project_id: Id }),
  output: Project,
  run(ctx, input) {
    return toProject(getProjectInTenant(ctx, input.project_id))
  },
})
