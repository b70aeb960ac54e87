import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { newId } from '../../kernel/ids'
import { toIso } from '../../kernel/time'
import { findTenantById } from '../tenants/queries'
import { payPeriodRange } from '../timesheets/period'
import { emit } from '../webhooks/outbox-queries'
import { payrollTotals } from './model'
import { loadPayrollLines } from './payroll-lines'
import { resolvePeriod } from './period-input'
import { closeOpenPeriod, findPeriodByStart, insertPeriod } from './queries'

/**
 * When `date` is the last day of a pay period: closes its payroll_periods row (created closed if
 * none exists) and emits payroll.period_closed with the period's payroll as get_payroll_calculations
 * reports it at that moment (people with approved hours, their hours). Other dates do nothing; a
 * closed period is left alone. A period row with the same start but other dates (made by a pay run
 * over custom dates) is not the tenant's pay period: it is logged and left open.
 */
export function closePayrollPeriod(ctx: TenantBoundCtx, date: string): number {
  const tenant = findTenantById(ctx.db, ctx.tenant.id)
  if (!tenant) return 0
  const dates = payPeriodRange(tenant, date)
  if (dates.end !== date) return 0
  return inTransaction(ctx, (c) => {
    const resolved = resolvePeriod(c, { period_start: dates.start, period_end: dates.end })
    const existing = resolved.period
    if (existing?.status === 'closed') return 0
    if (!existing && findPeriodByStart(c, dates.start)) {
      ctx.log.warn('payroll period not closed: another period starts the same day', { tenant: ctx.tenant.readableId, periodStart: dates.start })
      return 0
    }
    const totals = payrollTotals(loadPayrollLines(c, resolved).lines)
    const closed = existing
      ? closeOpenPeriod(c, existing.id)
      : insertPeriod(c, { id: newId(), periodStart: dates.start, periodEnd: dates.end, status: 'closed', closedAt: c.now, createdAt: c.now })
    if (!closed) return 0
    emit(c, 'payroll.period_closed', {
      payrollPeriodId: closed.id,
      periodStart: closed.periodStart,
      periodEnd: closed.periodEnd,
      userCount: totals.users,
      totalHours: totals.total_hours,
      closedAt: toIso(c.now),
    })
    return 1
  })
}
