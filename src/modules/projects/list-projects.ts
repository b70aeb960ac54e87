import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { Project, ProjectStatusEnum, toProject } from './model'
import { listProjectsPage } from './queries'

export const listProjects = defineOperation({
  name: 'list_projects',
  title: 'List projects',
  description: 'Projects of the tenant by name, filtered by status or by the external tool they are synced from.',
  access: { role: 'manager' },
  input: t.Object({
    status: t.Optional(ProjectStatusEnum),
    external_source: t.Optional(t.String({ minLength: 1, maxLength: 50, description: 'Only projects synced from this tool' })),
    ...PageQuery,
  }),
  output: Paginated(Project),
  run(ctx, input) {
    const w = pageWindow(input)
    const { rows, total } = listProjectsPage(ctx, {
      ...(input.status ? { status: input.status } : {}),
      ...(input.external_source ? { externalSource: input.external_source } : {}),
      offset: w.offset,
      limit: w.limit,
    })
    return { data: rows.map(toProject), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
