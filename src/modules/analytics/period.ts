import type { TenantBoundCtx } from '../../kernel/ctx'
import { localDate, periodRange, type Period, localRange } from '../../kernel/time'

/** A named period as dates and as the instant window [from, to) up to now. */
export function periodWindow(ctx: TenantBoundCtx, period: Period) {
  const tz = ctx.tenant.timezone
  const { start, end } = periodRange(period, localDate(ctx.now, tz))
  const range = localRange(start, end, tz)
  return { start, end, from: range.from, to: Math.min(range.to, ctx.now + 1) }
}

export const UNAVAILABLE_IN_DEMO = 'Usage analytics are not available in demo mode: demo data is synthetic and shared. Use a production key of your own tenant.'
