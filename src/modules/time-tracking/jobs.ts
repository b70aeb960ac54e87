import { defineJob } from '../../kernel/job'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { systemCtx } from '../../runtime'
import { findTenantCtx, listTenants } from '../tenants/queries'
import { autoCloseForgottenClockOuts, gapFillClosedLogs } from './auto-close'

const TICK_BUDGET_MS = 20_000

/**
 * Every 5 minutes, per tenant: forgotten clock-outs are closed by policy, then closed logs that
 * never went through clock-out get their gap-fill blocks. Idempotent per time log.
 */
export const gapFillJob = defineJob({
  name: 'time_tracking.gap_fill',
  pattern: '30 */5 * * * *',
  description:
    'Closes time logs left open longer than the tenant auto_clock_out_hours (at that limit or the end of the scheduled shift, status auto_closed, clock.out with autoClosed) and writes the gap-fill blocks of closed logs that never went through clock-out (imports).',
  run(rt, now, options) {
    // Imports are gap-filled for at most this long per tick; the rest waits for the next one.
    const deadline = performance.now() + TICK_BUDGET_MS
    let processed = 0
    for (const tenant of listTenants(rt.db)) {
      if (options?.tenantId !== undefined && tenant.id !== options.tenantId) continue
      const tenantCtx = findTenantCtx(rt.db, tenant.id)
      if (!tenantCtx) continue
      const ctx = systemCtx(rt, tenantCtx, 'job', now) as TenantBoundCtx
      processed += autoCloseForgottenClockOuts(ctx, tenant.autoClockOutHours)
      processed += gapFillClosedLogs(ctx, deadline)
    }
    return { processed }
  },
})

export const timeTrackingJobs = [gapFillJob]
