import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id } from '../../kernel/schemas'
import { isDemoMode } from '../../kernel/access'
import { checkBudgetAlert, projectBudget } from './budget'
import { ProjectBudget } from './model'
import { getProjectInTenant } from './queries'

export const getProjectBudget = defineOperation({
  name: 'get_project_budget',
  title: 'Get a project’s budget',
  description:
    'Hours and money used against the project budget and its alert threshold. Hours are the worked time of closed time logs booked to the project; money values them at the project bill rate, else at each person’s rate card. Reading it also checks the threshold: project.budget_alert fires once when it is reached.',
  access: { role: 'manager' },
  input: t.Object({ project_id: Id }),
  output: ProjectBudget,
  run(ctx, input) {
    // Demo tenants are read-only for everyone: report the budget without recording an alert.
    if (isDemoMode(ctx)) return projectBudget(ctx, getProjectInTenant(ctx, input.project_id))
    return inTransaction(ctx, (c) => checkBudgetAlert(c, getProjectInTenant(c, input.project_id)).budget)
  },
})
