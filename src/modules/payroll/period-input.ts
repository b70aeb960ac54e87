import { t } from 'elysia'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { DateOnly, Id } from '../../kernel/schemas'
import { addDays, daysBetween, startOfLocalDay } from '../../kernel/time'
import { findPeriodByStart, getPeriodInTenant, type PayrollPeriodRow } from './queries'

/** The longest date range a payroll report covers. */
const MAX_PERIOD_DAYS = 366

/** Input fields naming a pay period: a payroll period id, or a date range. */
export const PeriodSelector = {
  payroll_period_id: t.Optional(t.String({ ...Id, description: 'A payroll period; or give period_start and period_end' })),
  period_start: t.Optional(t.String({ ...DateOnly, description: 'First date (YYYY-MM-DD, tenant time zone)' })),
  period_end: t.Optional(t.String({ ...DateOnly, description: 'Last date, included (YYYY-MM-DD)' })),
}

export interface ResolvedPeriod {
  start: string
  end: string
  period: PayrollPeriodRow | null
  /** The instants [fromMs, toMs) covering the local dates. */
  fromMs: number
  toMs: number
}

/** Checks the selector and returns the dates and instants it covers. */
export function resolvePeriod(ctx: TenantBoundCtx, input: { payroll_period_id?: string; period_start?: string; period_end?: string }): ResolvedPeriod {
  let start = input.period_start
  let end = input.period_end
  let period: PayrollPeriodRow | null = null
  if (input.payroll_period_id) {
    if (start || end)
      throw new DomainError('invalid_argument', 'Give either payroll_period_id or period_start and period_end, not both.', { field: 'payroll_period_id' })
    period = getPeriodInTenant(ctx, input.payroll_period_id)
    start = period.periodStart
    end = period.periodEnd
  }
  if (!start || !end)
    throw new DomainError('invalid_argument', 'Give payroll_period_id, or both period_start and period_end.', { field: start ? 'period_end' : 'period_start' })
  if (end < start) throw new DomainError('invalid_argument', 'period_end must not be before period_start.', { field: 'period_end' })
  if (daysBetween(start, end) + 1 > MAX_PERIOD_DAYS) {
    throw new DomainError('invalid_argument', `A period covers at most ${MAX_PERIOD_DAYS} days.`, { field: 'period_end' })
  }
  // Dates that match a payroll period exactly name that period.
  if (!period) {
    const same = findPeriodByStart(ctx, start)
    if (same && same.periodEnd === end) period = same
  }
  const tz = ctx.tenant.timezone
  return { start, end, period, fromMs: startOfLocalDay(start, tz), toMs: startOfLocalDay(addDays(end, 1), tz) }
}
