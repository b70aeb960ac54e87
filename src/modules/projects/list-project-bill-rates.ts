import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id, Nullable } from '../../kernel/schemas'
import { ProjectBillRate, toProjectBillRate } from './bill-rate-model'
import { billRatesOfProject } from './bill-rate-queries'
import { getProjectInTenant } from './queries'

/** A project's bill rate history (`workforce rates bill-history`). */
export const listProjectBillRates = defineOperation({
  name: 'list_project_bill_rates',
  title: 'A project’s bill rate history',
  description: 'Every bill rate of the project, oldest first, and the flat bill rate set on the project itself (used on days no dated bill rate covers).',
  access: { role: 'admin' },
  input: t.Object({ project_id: t.String({ ...Id, description: 'The project' }) }),
  output: t.Object({
    project_id: Id,
    flat_bill_rate_cents: Nullable(t.Integer({ description: 'bill_rate_cents of the project (create/sync); null: none' })),
    data: t.Array(ProjectBillRate),
  }),
  run(ctx, input) {
    const project = getProjectInTenant(ctx, input.project_id)
    return { project_id: project.id, flat_bill_rate_cents: project.billRateCents, data: billRatesOfProject(ctx, project.id).map(toProjectBillRate) }
  },
})
