import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Nullable, PageInfo, PageQuery, pageInfo, pageWindow } from '../../kernel/schemas'
import { hours, type PayrollLine } from './calculate'
import { PayrollTotals, payrollTotals } from './model'
import { loadPayrollLines } from './payroll-lines'
import { PeriodSelector, resolvePeriod } from './period-input'
import { listCostCenters } from './queries'

const CostCenterLine = t.Object({
  cost_center_id: Nullable(Id),
  code: Nullable(t.String()),
  name: t.String({ description: 'Cost center name; "Unassigned" for people without one' }),
  users: t.Integer({ minimum: 0 }),
  regular_hours: t.Number(),
  overtime_hours: t.Number(),
  total_hours: t.Number(),
  amount_cents: t.Integer({ description: 'Gross pay, in cents' }),
})

export const getCostCenterReport = defineOperation({
  name: 'get_cost_center_report',
  title: 'Cost center report for a period',
  description:
    'Approved hours and gross pay per cost center for a period, computed like the payroll calculations. A person reports to their own cost center, else to their primary team’s; people with neither are grouped as Unassigned (cost_center_id null).',
  access: { role: 'admin' },
  input: t.Object({ ...PeriodSelector, ...PageQuery }),
  output: t.Object({
    period_start: DateOnly,
    period_end: DateOnly,
    currency: t.String(),
    totals: PayrollTotals,
    data: t.Array(CostCenterLine),
    pagination: PageInfo,
  }),
  run(ctx, input) {
    const period = resolvePeriod(ctx, input)
    const { lines, currency } = loadPayrollLines(ctx, period)
    const groups = new Map<string | null, PayrollLine[]>()
    for (const l of lines) groups.set(l.person.costCenterId, [...(groups.get(l.person.costCenterId) ?? []), l])
    const centers = new Map(listCostCenters(ctx).map((c) => [c.id, c]))
    const rows = [...groups.entries()].map(([id, group]) => {
      const totals = payrollTotals(group)
      const center = id ? centers.get(id) : undefined
      return {
        cost_center_id: id,
        code: center?.code ?? null,
        name: center?.name ?? 'Unassigned',
        users: totals.users,
        regular_hours: totals.regular_hours,
        overtime_hours: totals.overtime_hours,
        total_hours: hours(group.reduce((a, l) => a + l.regularSeconds + l.overtimeSeconds, 0)),
        amount_cents: totals.amount_cents,
      }
    })
    rows.sort((a, b) => (a.code === null ? 1 : b.code === null ? -1 : a.code.localeCompare(b.code)))
    const w = pageWindow(input)
    return {
      period_start: period.start,
      period_end: period.end,
      currency,
      totals: payrollTotals(lines),
      data: rows.slice(w.offset, w.offset + w.limit),
      pagination: pageInfo(w.page, w.pageSize, rows.length),
    }
  },
})
