import type { TenantBoundCtx } from '../../kernel/ctx'
import { transaction } from '../../kernel/db'
import { DAY } from '../../kernel/time'
import { DATA_KINDS } from '../tenants/schema'
import { deleteExpired, retentionDaysOf } from './queries'

const BATCH = 5_000

/**
 * Deletes monitoring data older than the plan's retention period, kind by kind, in short
 * transactions. Time logs, timesheets and payroll are records, not monitoring data: never deleted.
 */
export function applyRetention(ctx: TenantBoundCtx): number {
  const days = retentionDaysOf(ctx.db, ctx.tenant.id)
  let deleted = 0
  for (const kind of DATA_KINDS) {
    const keep = days.get(kind)
    if (keep === undefined) continue
    const cutoff = ctx.now - keep * DAY
    for (;;) {
      const n = transaction(ctx.db, (tx) => deleteExpired(tx, ctx.tenant.id, kind, cutoff, BATCH))
      deleted += n
      if (n < BATCH) break
    }
  }
  return deleted
}
