import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import { currentProjectBudget } from './budget'
import { ProjectBudget } from './model'

export const getProjectBudget = defineOperation({
  name: 'get_project_budget',
  title: 'Get a project’s budget',
  description:
    'Hours and money used against the project budget and its alert threshold. Hours are the worked time of closed time logs booked to the project; money values the hours of each day at the project bill rate in effect that day (set_project_bill_rate history), else the project flat bill rate, else the person’s pay rate card of that day. Reading it also checks the threshold: project.budget_alert fires once when it is reached.',
  access: { role: 'manager' },
  // Changes rows: fires project.budget_alert once as a read finds the threshold crossed.
  changesRows: true,
  input: t.Object({ project_id: Id }),
  output: ProjectBudget,
  run: (ctx, input) => currentProjectBudget(ctx, input.project_id),
})
