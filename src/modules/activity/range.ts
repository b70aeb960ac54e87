import { t } from 'elysia'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { DateOnly } from '../../kernel/schemas'
import { dateRange, daysBetween, localDate } from '../../kernel/time'

/** The longest date range one activity request reads. */
const MAX_ACTIVITY_RANGE_DAYS = 31

export const DateRangeQuery = {
  from: t.Optional(t.String({ ...DateOnly, description: 'First date (YYYY-MM-DD, tenant time zone); the same as to when omitted' })),
  to: t.Optional(
    t.String({ ...DateOnly, description: `Last date, included; today (or from, if later) when omitted. At most ${MAX_ACTIVITY_RANGE_DAYS} days from from` }),
  ),
}

/** The dates of a from/to query: defaults to today, refuses inverted or over-long ranges naming the field. */
export function resolveDateRange(ctx: TenantBoundCtx, input: { from?: string; to?: string }): { from: string; to: string; dates: readonly string[] } {
  const today = localDate(ctx.now, ctx.tenant.timezone)
  const to = input.to ?? (input.from && input.from > today ? input.from : today)
  const from = input.from ?? to
  if (from > to) throw new DomainError('invalid_argument', 'from must not be after to.', { errors: [{ field: 'from', message: 'must be on or before to' }] })
  if (daysBetween(from, to) + 1 > MAX_ACTIVITY_RANGE_DAYS) {
    throw new DomainError('invalid_argument', `A request covers at most ${MAX_ACTIVITY_RANGE_DAYS} days.`, {
      errors: [{ field: 'to', message: `more than ${MAX_ACTIVITY_RANGE_DAYS} days after from` }],
    })
  }
  return { from, to, dates: dateRange(from, to) }
}
