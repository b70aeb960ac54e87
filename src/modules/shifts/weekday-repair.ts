import { transaction, type DbLike } from '../../kernel/db'
import type { Logger } from '../../kernel/log'
import { addDays } from '../../kernel/time'
import { listTenants } from '../tenants/queries'
import { HORIZON_DAYS, syncSchedules, today } from './materialize'
import { rewriteTextWeekdays, tenantIdsWithTextWeekdays } from './weekday-repair-queries'

/**
 * At start (openRuntime): weekdays the console once saved as text (["1","3"]) are rewritten as
 * numbers in shift templates and weekly schedules, and the shifts of the published ones are made
 * from today to the horizon, one transaction per affected tenant. Idempotent: once no text weekday
 * is left it is one read. Returns the rows repaired.
 */
export function repairTextWeekdays(db: DbLike, log?: Logger): number {
  let repaired = 0
  const affected = new Set(tenantIdsWithTextWeekdays(db))
  if (affected.size === 0) return 0
  for (const t of listTenants(db).filter((tenant) => affected.has(tenant.id))) {
    const rows = transaction(db, (tx) => {
      const c = { tenant: { id: t.id, timezone: t.timezone }, db: tx, now: Date.now() }
      const out = rewriteTextWeekdays(c)
      if (out.published) syncSchedules(c, { userIds: null, from: today(c), to: addDays(today(c), HORIZON_DAYS) })
      return out.rows
    })
    if (rows > 0) log?.info('weekdays stored as text rewritten as numbers', { tenant: t.readableId, rows })
    repaired += rows
  }
  return repaired
}
