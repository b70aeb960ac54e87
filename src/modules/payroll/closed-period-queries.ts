import { and, eq, gte, lte } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { addDays } from '../../kernel/time'
import { payrollPeriods } from './schema'

export type ClosedPeriod = { start: string; end: string }

/** The closed payroll period holding a tenant-local date, if any: its hours are frozen. */
export function closedPeriodOn(c: TenantScope, date: string): ClosedPeriod | null {
  const row = c.db
    .select({ start: payrollPeriods.periodStart, end: payrollPeriods.periodEnd })
    .from(payrollPeriods)
    .where(
      and(
        eq(payrollPeriods.tenantId, c.tenant.id),
        eq(payrollPeriods.status, 'closed'),
        lte(payrollPeriods.periodStart, date),
        gte(payrollPeriods.periodEnd, date),
      ),
    )
    .get()
  return row ?? null
}

/** The first date on or after `date` that no closed payroll period holds: where an adjustment is paid. */
export function firstOpenDateFrom(c: TenantScope, date: string): string {
  let day = date
  for (let closed = closedPeriodOn(c, day); closed; closed = closedPeriodOn(c, day)) day = addDays(closed.end, 1)
  return day
}
