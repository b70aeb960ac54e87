import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id, PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { PayRun, toPayRun } from './model'
import { getPeriodInTenant, listPayRunsPage } from './queries'

export const listPayRuns = defineOperation({
  name: 'list_pay_runs',
  title: 'List pay runs',
  description: 'Pay-run exports of the tenant, newest first.',
  access: { role: 'admin' },
  input: t.Object({ payroll_period_id: t.Optional(t.String({ ...Id, description: 'Only runs of this period' })), ...PageQuery }),
  output: Paginated(PayRun),
  run(ctx, input) {
    const w = pageWindow(input)
    const { rows, total } = listPayRunsPage(ctx, {
      ...(input.payroll_period_id ? { periodId: input.payroll_period_id } : {}),
      offset: w.offset,
      limit: w.limit,
    })
    return { data: rows.map((r) => toPayRun(r, getPeriodInTenant(ctx, r.payrollPeriodId))), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
