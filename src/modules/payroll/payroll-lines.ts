import type { TenantBoundCtx } from '../../kernel/ctx'
import { findTenantById } from '../tenants/queries'
import { calculatePayroll, DEFAULT_OVERTIME_POLICY, type OvertimePolicy, type PayrollLine } from './calculate'
import { listPayrollPeople } from './people-queries'
import { rateCardsBetween } from './queries'
import type { ResolvedPeriod } from './period-input'
import { approvedWorkedLogs } from '../time-tracking/worked-time-read-model'
import { adjustmentsLandingIn } from '../time-tracking/correction-queries'
import { paidAbsenceSecondsByUserDate } from '../absences/days-off'

/** The tenant's currency (ISO 4217): what amounts are reported in. */
export const tenantCurrency = (ctx: TenantBoundCtx): string => findTenantById(ctx.db, ctx.tenant.id)?.currency ?? 'USD'

/** The tenant's overtime rules for pay: daily and weekly thresholds, week start, multiplier. */
export function overtimePolicy(ctx: TenantBoundCtx): OvertimePolicy {
  const t = findTenantById(ctx.db, ctx.tenant.id)
  if (!t) return DEFAULT_OVERTIME_POLICY
  return { dailyHours: t.payOvertimeDailyHours, weeklyHours: t.payOvertimeWeeklyHours, weekStart: t.weekStart, multiplier: t.overtimeMultiplier }
}

/**
 * Pay of a period from approved timesheets: each day at the rate card in effect that day, with
 * the tenant's overtime rules, in the tenant currency, plus the corrections of closed periods
 * that land in it (time corrections) and paid time off (holidays, vacation, sick leave). `userIds` narrows to some people (a user
 * or a team filter).
 */
export function loadPayrollLines(ctx: TenantBoundCtx, period: ResolvedPeriod, userIds?: string[]): { lines: PayrollLine[]; currency: string } {
  const currency = tenantCurrency(ctx)
  const wanted = userIds ? new Set(userIds) : null
  const logs = approvedWorkedLogs(ctx, period.fromMs, period.toMs).filter((l) => !wanted || wanted.has(l.userId))
  const adjustments = adjustmentsLandingIn(ctx, { start: period.start, end: period.end }).filter((a) => !wanted || wanted.has(a.userId))
  const paidAbsence = paidAbsenceSecondsByUserDate(ctx, period.start, period.end, userIds ?? null)
  const people = listPayrollPeople(ctx, [...new Set([...logs.map((l) => l.userId), ...adjustments.map((a) => a.userId), ...paidAbsence.keys()])])
  const earliest = adjustments.reduce((min, a) => (a.workDate < min ? a.workDate : min), period.start)
  const lines = calculatePayroll({
    logs,
    people,
    cards: rateCardsBetween(ctx, earliest, period.end),
    timezone: ctx.tenant.timezone,
    currency,
    policy: overtimePolicy(ctx),
    adjustments,
    paidAbsence,
  })
  return { lines, currency }
}
