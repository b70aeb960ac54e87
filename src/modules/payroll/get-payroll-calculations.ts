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
    'Per person: approved hours (time logs of approved timesheets, net of unpaid breaks), overtime (hours of a day above the tenant daily threshold, and hours of a week, starting on the tenant week start, above the weekly threshold or the contracted weekly hours; an hour counts once), each day paid at the most specific rate card in effect that day (user > team > role > work profile > tenant default), overtime at the card multiplier else the tenant one, and gross pay in the tenant currency. People without approved hours are left out.',
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
