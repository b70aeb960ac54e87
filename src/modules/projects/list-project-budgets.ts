import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Instant, Int, Nullable } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { projectBudget } from './budget'
import { Project, ProjectBudget, ProjectStatusEnum, toProject } from './model'
import { listProjectsPage } from './queries'

/** Projects read at most in one answer (most used budget first). */
export const MAX_PROJECTS = 500

export const ProjectWithBudget = t.Object(
  {
    project: Project,
    budget: ProjectBudget,
    at_risk: t.Boolean({ description: 'Hours or money used reached the alert threshold (threshold_reached), or the project is over budget' }),
    over_budget: t.Boolean({ description: 'More hours or money used than budgeted' }),
  },
  { description: 'A project and its budget use, the numbers of GET /api/v1/projects/{id}/budget' },
)

const used = (b: { hours_percent_used: number | null; amount_percent_used: number | null }) => Math.max(b.hours_percent_used ?? -1, b.amount_percent_used ?? -1)

/** Projects with the budget figures REST reports per project, most used budget first. */
export const listProjectBudgets = defineOperation({
  name: 'list_project_budgets',
  title: 'List projects with budget use',
  description:
    'Projects with their hours and money budgets: used, remaining and percent used, alert threshold and whether it is reached. Most used budget first. Answers "which projects are close to or over budget?" in one call; by default every project that is not archived. Manager role or above. Extended tool (enabled by the operator).',
  access: { role: 'manager' },
  input: t.Object({
    status: t.Optional(ProjectStatusEnum),
    at_risk_only: t.Boolean({ default: false, description: 'Only projects at or past their alert threshold, or over budget' }),
  }),
  output: t.Object({
    projects: t.Array(ProjectWithBudget),
    count: Int({ minimum: 0, description: 'Projects listed' }),
    at_risk_count: Int({ minimum: 0, description: 'Listed projects at or past their alert threshold' }),
    over_budget_count: Int({ minimum: 0 }),
    truncated: t.Boolean({
      description: `True when the tenant has more than ${MAX_PROJECTS} projects of this status (the first ${MAX_PROJECTS} by name are read)`,
    }),
    most_at_risk: Nullable(t.String({ description: 'Name of the project with the highest share of its budget used' })),
    as_of: Instant,
  }),
  mcp: { exposes: ['Project'] },
  run(ctx, input) {
    const { rows, total } = listProjectsPage(ctx, { ...(input.status ? { status: input.status } : {}), offset: 0, limit: MAX_PROJECTS })
    const all = rows
      .filter((p) => input.status !== undefined || p.status !== 'archived')
      .map((p) => {
        const budget = projectBudget(ctx, p)
        const over =
          (budget.remaining_hours !== null && budget.remaining_hours < 0) || (budget.remaining_amount_cents !== null && budget.remaining_amount_cents < 0)
        return { project: toProject(p), budget, at_risk: budget.threshold_reached || over, over_budget: over }
      })
      .sort((a, b) => used(b.budget) - used(a.budget) || a.project.name.localeCompare(b.project.name))
    const listed = input.at_risk_only ? all.filter((p) => p.at_risk) : all
    const top = listed.find((p) => used(p.budget) >= 0)
    return {
      projects: listed,
      count: listed.length,
      at_risk_count: listed.filter((p) => p.at_risk).length,
      over_budget_count: listed.filter((p) => p.over_budget).length,
      truncated: total > MAX_PROJECTS,
      most_at_risk: top ? top.project.name : null,
      as_of: toIso(ctx.now),
    }
  },
})
