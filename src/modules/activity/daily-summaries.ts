import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { findTenantById } from '../tenants/queries'
import { userLabels } from '../users/queries'
import { emitAll, type EventInput } from '../webhooks/outbox-queries'
import { summariesOfDay, upsertDailySummaries, type DailySummaryRow } from './summary-queries'
import { dailySummaryPayload, productivityDropPayload } from './summary-rules'

const sameFigures = (a: DailySummaryRow, b: DailySummaryRow) =>
  a.totalSeconds === b.totalSeconds &&
  a.productiveSeconds === b.productiveSeconds &&
  a.neutralSeconds === b.neutralSeconds &&
  a.unproductiveSeconds === b.unproductiveSeconds &&
  a.idleSeconds === b.idleSeconds &&
  a.sampleCount === b.sampleCount

/**
 * The daily summaries job's work for one tenant-local day: stores every user's summary from the
 * samples, and emits activity.daily_summary (and activity.productivity_drop) for each summary that
 * is new or changed, in one transaction. Running it again on unchanged samples changes nothing and
 * emits nothing. (The activity summary tools read a day with readDaySummary instead.)
 */
export function writeDailySummaries(ctx: TenantBoundCtx, date: string): number {
  return inTransaction(ctx, (c) => {
    const before = new Map(summariesOfDay(c, date).map((r) => [r.userId, r]))
    upsertDailySummaries(c, date)
    const changed = summariesOfDay(c, date).filter((row) => {
      const previous = before.get(row.userId)
      return !previous || !sameFigures(previous, row)
    })
    const threshold = findTenantById(c.db, c.tenant.id)?.productivityDropThreshold ?? 50
    const people = userLabels(
      c,
      changed.map((r) => r.userId),
    )
    const events: EventInput[] = []
    for (const row of changed) {
      const email = people.get(row.userId)?.email ?? null
      events.push({ type: 'activity.daily_summary', data: dailySummaryPayload(row, email) })
      const drop = productivityDropPayload(row, email, threshold)
      if (drop) events.push({ type: 'activity.productivity_drop', data: drop })
    }
    return emitAll(c, events)
  })
}
