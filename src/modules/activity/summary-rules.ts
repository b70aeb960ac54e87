import { addDays, toIso } from '../../kernel/time'
import type { EventPayload } from '../webhooks/catalog'
import type { DailySummaryRow } from './summary-queries'

/**
 * The rules of a daily activity summary beyond its sums: the baseline it is compared with, when a
 * day is a productivity drop, and what its events carry. The daily summaries job applies them
 * (the baseline set-wise in upsertDailySummaries); the demo seed, which writes history without the
 * job, applies the same functions so seeded summaries and events read like real ones.
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
