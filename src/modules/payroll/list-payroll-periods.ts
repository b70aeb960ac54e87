import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { PayrollPeriod, toPayrollPeriod } from './model'
import { listPeriodsPage } from './queries'

export const listPayrollPeriods = defineOperation({
  name: 'list_payroll_periods',
  title: 'List payroll periods',
  description: 'Pay periods of the tenant, newest first; closed periods are frozen for export.',
  access: { role: 'admin' },
  input: t.Object({
    status: t.Optional(t.Union([t.Literal('open'), t.Literal('closed')], { description: 'open or closed' })),
    ...PageQuery,
  }),
  output: Paginated(PayrollPeriod),
  run(ctx, input) {
    const w = pageWindow(input)
    const { rows, total } = listPeriodsPage(ctx, { ...(input.status ? { status: input.status } : {}), offset: w.offset, limit: w.limit })
    return { data: rows.map(toPayrollPeriod), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
