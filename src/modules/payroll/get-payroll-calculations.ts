import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Nullable, PageInfo, PageQuery, pageInfo, pageWindow, Id } from '../../kernel/schemas'
import { PayrollCalculation, PayrollTotals, payrollTotals, toPayrollCalculation } from './model'
import { filteredUserIds, PeopleFilter } from '../teams/people-filter'
import { loadPayrollLines } from './payroll-lines'
import { PeriodSelector, resolvePeriod } from './period-input'

export const getPayrollCalculations = defineOperation({
  name: 'get_payroll_calculations',
  title: 'Payroll calculations for a period',
  description:
    'Per person: approved hours (time logs of approved timesheets, net of breaks), overtime (hours of a Monday-Sunday week above the contracted weekly hours), the rate of the most specific rate card in effect on the last day (user > team > work profile > tenant default), and gross pay. People without approved hours are left out.',
  access: { role: 'admin' },
  input: t.Object({ ...PeriodSelector, ...PeopleFilter, ...PageQuery }),
  output: t.Object({
    payroll_period_id: Nullable(Id),
    period_start: DateOnly,
    period_end: DateOnly,
    currency: t.String({ description: 'Tenant currency (ISO 4217)' }),
    totals: PayrollTotals,
    data: t.Array(PayrollCalculation),
    pagination: PageInfo,
  }),
  run(ctx, input) {
    const period = resolvePeriod(ctx, input)
    const { lines, currency } = loadPayrollLines(ctx, period, filteredUserIds(ctx, input))
    const w = pageWindow(input)
    return {
      payroll_period_id: period.period?.id ?? null,
      period_start: period.start,
      period_end: period.end,
      currency,
      totals: payrollTotals(lines),
      data: lines.slice(w.offset, w.offset + w.limit).map(toPayrollCalculation),
      pagination: pageInfo(w.page, w.pageSize, lines.length),
    }
  },
})
