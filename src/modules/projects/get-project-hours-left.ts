import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { currentProjectBudget } from './budget'
import { Project, ProjectBudget, toProject } from './model'
import { MAX_PROJECTS } from './list-project-budgets'
import { getProjectInTenant, listProjectsPage, type ProjectRow } from './queries'

/** The project an id or a name (exact, else the one containing it, case-insensitive) names. */
function findProject(ctx: Parameters<typeof getProjectInTenant>[0], input: { project_id?: string; project_name?: string }): ProjectRow {
  if (input.project_id) return getProjectInTenant(ctx, input.project_id)
  const wanted = (input.project_name ?? '').trim().toLowerCase()
  if (!wanted) throw new DomainError('invalid_argument', 'Give project_id or project_name.', { field: 'project_id' })
  const { rows } = listProjectsPage(ctx, { offset: 0, limit: MAX_PROJECTS })
  const exact = rows.filter((p) => p.name.toLowerCase() === wanted || p.code?.toLowerCase() === wanted)
  const matches = exact.length > 0 ? exact : rows.filter((p) => p.name.toLowerCase().includes(wanted))
  if (matches.length === 1) return matches[0]!
  if (matches.length === 0) throw new DomainError('not_found', `No project is named like "${input.project_name}". list_project_budgets lists them.`)
  throw new DomainError(
    'invalid_argument',
    `"${input.project_name}" matches ${matches.length} projects: ${matches
      .slice(0, 10)
      .map((p) => `${p.name} (${p.id})`)
      .join(', ')}. Give project_id.`,
    { field: 'project_name' },
  )
}

/** One project with the budget figures of GET /api/v1/projects/{id}/budget (the same function). */
export const getProjectHoursLeft = defineOperation({
  name: 'get_project_hours_left',
  title: 'Get a project with hours left',
  description:
    'One project, by id or by name, with its budget: hours used and left, money used and left, percent used and the alert threshold (the same figures as GET /api/v1/projects/{id}/budget). Answers "how many hours are left on <project>?". Manager role or above. Extended tool (enabled by the operator).',
  access: { role: 'manager' },
  input: t.Object({
    project_id: t.Optional(t.String({ format: 'uuid', description: 'Project UUID' })),
    project_name: t.Optional(
      t.String({
        minLength: 1,
        maxLength: 200,
        description: 'Project name or code (case-insensitive; a unique part of the name is enough) when the id is not known',
      }),
    ),
  }),
  output: t.Object({
    project: Project,
    budget: ProjectBudget,
    hours_left: t.Union([t.Number(), t.Null()], { description: 'budget.remaining_hours: negative when over budget, null without an hour budget' }),
  }),
  mcp: { exposes: ['Project'] },
  run(ctx, input) {
    const project = findProject(ctx, input)
    const budget = currentProjectBudget(ctx, project.id)
    return { project: toProject(getProjectInTenant(ctx, project.id)), budget, hours_left: budget.remaining_hours }
  },
})
