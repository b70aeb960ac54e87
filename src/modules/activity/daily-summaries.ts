import type { TenantBoundCtx } from '../../kernel/ctx'
import { transaction } from '../../kernel/db'
import { toIso } from '../../kernel/time'
import { findTenantById } from '../tenants/queries'
import { emitAll, type EventInput } from '../webhooks/queries'
import { summariesOfDay, upsertDailySummaries, userEmails, type DailySummaryRow } from './summary-queries'

/** A drop is reported when the day's score is under the tenant threshold while the baseline was not. */
export function isProductivityDrop(score: number, baseline: number | null, threshold: number): boolean {
  return baseline !== null && score < threshold && baseline >= threshold
}

const sameFigures = (a: DailySummaryRow, b: DailySummaryRow) =>
  a.totalSeconds === b.totalSeconds && a.productiveSeconds === b.productiveSeconds && a.neutralSeconds === b.neutralSeconds &&
  a.unproductiveSeconds === b.unproductiveSeconds && a.idleSeconds === b.idleSeconds && a.sampleCount === b.sampleCount

/**
 * Summarises one tenant-local day for every user with samples, and emits activity.daily_summary
 * (and activity.productivity_drop) for each summary that is new or changed, in one transaction.
 * Running it again on unchanged samples changes nothing and emits nothing.
 */
export function summariseDay(ctx: TenantBoundCtx, date: string): number {
  return transaction(ctx.db, (tx) => {
    const tenantId = ctx.tenant.id
    const before = new Map(summariesOfDay(tx, tenantId, date).map((r) => [r.userId, r]))
    upsertDailySummaries(tx, tenantId, date, ctx.now)
    const threshold = findTenantById(tx, tenantId)?.productivityDropThreshold ?? 50
    const emails = userEmails(tx, tenantId)
    const events: EventInput[] = []
    for (const row of summariesOfDay(tx, tenantId, date)) {
      const previous = before.get(row.userId)
      if (previous && sameFigures(previous, row)) continue
      const base = { userId: row.userId, userEmail: emails.get(row.userId) ?? null, date }
      events.push({
        type: 'activity.daily_summary',
        data: {
          ...base,
          totalSeconds: row.totalSeconds,
          productiveSeconds: row.productiveSeconds,
          neutralSeconds: row.neutralSeconds,
          unproductiveSeconds: row.unproductiveSeconds,
          idleSeconds: row.idleSeconds,
          productivityScore: row.score,
          computedAt: toIso(ctx.now),
        },
      })
      if (isProductivityDrop(row.score, row.baselineScore, threshold)) {
        events.push({
          type: 'activity.productivity_drop',
          data: { ...base, productivityScore: row.score, baselineScore: Math.round((row.baselineScore ?? 0) * 10) / 10, threshold },
        })
      }
    }
    emitAll({ ...ctx, db: tx }, events)
    return events.length
  })
}
