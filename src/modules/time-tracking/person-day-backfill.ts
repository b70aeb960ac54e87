import { transaction, type DbLike } from '../../kernel/db'
import type { Logger } from '../../kernel/log'
import { listTenants } from '../tenants/queries'
import { ensurePersonDayTriggers, personDaysMissing, rebuildPersonDayTotals, settlePersonDays } from './person-day-queries'

/**
 * At start: the triggers that mark changes exist; every tenant with closed time logs but no stored worked time per person and date (a
 * database from before person_day_totals, or logs written by hand) is rebuilt from its raw rows,
 * one transaction per tenant; changes marked and not counted yet are counted. Three indexed probes
 * per tenant once they exist.
 */
export function backfillPersonDayTotals(db: DbLike, log?: Logger): number {
  ensurePersonDayTriggers(db)
  let rebuilt = 0
  for (const t of listTenants(db)) {
    const c = { tenant: { id: t.id, timezone: t.timezone }, db, now: Date.now() }
    if (!personDaysMissing(c)) {
      // Changes left by writes outside the operations (imports, rows written by hand).
      transaction(db, (tx) => settlePersonDays({ ...c, db: tx }))
      continue
    }
    const rows = transaction(db, (tx) => rebuildPersonDayTotals({ ...c, db: tx }))
    log?.info('worked time per person and date rebuilt', { tenant: t.readableId, rows })
    rebuilt++
  }
  return rebuilt
}
