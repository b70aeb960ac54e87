import type { TenantBoundCtx } from '../../kernel/ctx'
import { findTenantById } from '../tenants/queries'
import { calculatePayroll, type PayrollLine } from './calculate'
import { listPayrollPeople } from './people-queries'
import { rateCardsInEffect } from './queries'
import type { ResolvedPeriod } from './period-input'
import { approvedWorkedLogs } from '../time-tracking/worked-time-read-model'

/** The tenant's currency (ISO 4217): what amounts are reported in. */
export const tenantCurrency = (ctx: TenantBoundCtx): string => findTenantById(ctx.db, ctx.tenant.id)?.currency ?? 'USD'

/**
 * Pay of a period from approved timesheets: rates are the cards in effect on the period's last
 * date. `userIds` narrows to some people (a user or a team filter).
 */
export function loadPayrollLines(ctx: TenantBoundCtx, period: ResolvedPeriod, userIds?: string[]): { lines: PayrollLine[]; currency: string } {
  const currency = tenantCurrency(ctx)
  let logs = approvedWorkedLogs(ctx, period.fromMs, period.toMs)
  if (userIds) {
    const wanted = new Set(userIds)
    logs = logs.filter((l) => wanted.has(l.userId))
  }
  const people = listPayrollPeople(ctx, [...new Set(logs.map((l) => l.userId))])
  const lines = calculatePayroll({ logs, people, cards: rateCardsInEffect(ctx, period.end), timezone: ctx.tenant.timezone, currency })
  return { lines, currency }
}
