import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { addDays, toIso } from '../../kernel/time'
import { findTenantById } from '../tenants/queries'
import { userLabels } from '../users/queries'
import type { EventPayload } from '../webhooks/catalog'
import { emitAll, type EventInput } from '../webhooks/outbox-queries'
import { summariesOfDay, upsertDailySummaries, type DailySummaryRow } from './summary-queries'

/**
 * The daily summaries job, and the rules of a daily activity summary beyond its sums: the baseline
 * it is compared with, when a day is a productivity drop, and what its events carry. The job
 * applies them (the baseline set-wise in upsertDailySummaries, over the window it is given); the
 * demo seed, which writes history without the job, applies the same functions so seeded summaries
 * and events read like real ones.
 */

/** Days of history the baseline score averages over: the summaries dated [date - 14, date). */
const BASELINE_DAYS = 14

/** The first date of a day's baseline window; the window ends the day before. */
export const baselineFrom = (date: string): string => addDays(date, -BASELINE_DAYS)

/** A day's baseline: the mean score of the user's summaries in its window, null without any. */
export function baselineScore(history: readonly { date: string; score: number }[], date: string): number | null {
  const from = baselineFrom(date)
  const scores = history.filter((h) => h.date >= from && h.date < date).map((h) => h.score)
  return scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null
}

/** A drop is reported when the day's score is under the tenant threshold while the baseline was not. */
function isProductivityDrop(score: number, baseline: number | null, threshold: number): boolean {
  return baseline !== null && score < threshold && baseline >= threshold
}

type SummaryFigures = Omit<DailySummaryRow, 'tenantId' | 'sampleCount'>

export const dailySummaryPayload = (row: SummaryFigures, userEmail: string | null): EventPayload<'activity.daily_summary'> => ({
  userId: row.userId,
  userEmail,
  date: row.date,
  totalSeconds: row.totalSeconds,
  productiveSeconds: row.productiveSeconds,
  neutralSeconds: row.neutralSeconds,
  unproductiveSeconds: row.unproductiveSeconds,
  idleSeconds: row.idleSeconds,
  productivityScore: row.score,
  computedAt: toIso(row.computedAt),
})

/** The activity.productivity_drop payload of a summary, or null when the day is no drop. */
export function productivityDropPayload(row: SummaryFigures, userEmail: string | null, threshold: number): EventPayload<'activity.productivity_drop'> | null {
  if (!isProductivityDrop(row.score, row.baselineScore, threshold)) return null
  const baselineScore = Math.round((row.baselineScore ?? 0) * 10) / 10
  return { userId: row.userId, userEmail, date: row.date, productivityScore: row.score, baselineScore, threshold }
}

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
    upsertDailySummaries(c, date, baselineFrom(date))
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
