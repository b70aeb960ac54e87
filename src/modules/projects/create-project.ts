import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { newId } from '../../kernel/ids'
import { checkBudgetAlert } from './budget'
import { Project, ProjectFields, toProject } from './model'
import { insertProject } from './queries'

export const createProject = defineOperation({
  name: 'create_project',
  title: 'Create a project',
  description: 'Creates a project with an optional hours and money budget (alert at 80% unless alert_threshold_percent says otherwise).',
  access: { role: 'manager', write: true },
  input: t.Object({ ...ProjectFields }),
  output: Project,
  run(ctx, input) {
    return toProject(
      inTransaction(ctx, (c) => {
        const row = insertProject(c, {
          id: newId(),
          name: input.name,
          code: input.code ?? null,
          clientName: input.client_name ?? null,
          status: input.status ?? 'active',
          budgetHours: input.budget_hours ?? null,
          budgetAmountCents: input.budget_amount_cents ?? null,
          billRateCents: input.bill_rate_cents ?? null,
          alertThresholdPercent: input.alert_threshold_percent ?? 80,
          createdAt: c.now,
          updatedAt: c.now,
        })
        // A zero budget is already reached: the check keeps the rule in one place.
        return checkBudgetAlert(c, row).project
      }),
    )
  },
})
