import { MINUTE, addDays } from '../../src/kernel/time'
import { scoreOf } from '../../src/modules/activity/productivity'
import { baselineFrom, baselineScore, dailySummaryPayload, productivityDropPayload } from '../../src/modules/activity/daily-summaries'
import { SETTINGS, type SeedEnv } from '../env'
import { emit } from '../events'
import type { Company } from '../model'
import { ACC, type RunState } from './state'

/**
 * Writes the daily activity summaries of one local date from the counters its samples filled,
 * so each summary is exactly the sum of that user-day's samples, and the events the daily
 * summaries job would have emitted: score, baseline, drop rule and payloads are the product's.
 */
export function flushSummaries(env: SeedEnv, company: Company, state: RunState, date: string): void {
  const acc = state.acc.get(date)
  if (!acc) return
  const past = date < env.today
  const computedBase = past ? Math.min(env.cal.midnight(addDays(date, 1)) + 30 * MINUTE, env.now) : env.now
  for (const p of company.people) {
    const base = p.idx * ACC.width
    const samples = acc[base + ACC.count]!
    if (samples === 0) continue
    const seconds = { productive: acc[base + ACC.productive]!, neutral: acc[base + ACC.neutral]!, unproductive: acc[base + ACC.unproductive]! }
    const score = scoreOf(seconds)
    const history = state.scores[p.idx]!
    const computedAt = past ? Math.min(computedBase + (p.idx % 600) * 1000, env.now) : env.now
    const row = {
      tenantId: env.tenantId,
      userId: p.id,
      date,
      totalSeconds: acc[base + ACC.total]!,
      productiveSeconds: seconds.productive,
      neutralSeconds: seconds.neutral,
      unproductiveSeconds: seconds.unproductive,
      idleSeconds: acc[base + ACC.idle]!,
      score,
      sampleCount: samples,
      baselineScore: baselineScore(history, date),
      computedAt,
    }
    env.w.summaries.add(row)
    if (past) {
      emit(env, 'activity.daily_summary', dailySummaryPayload(row, p.email), computedAt)
      const drop = productivityDropPayload(row, p.email, SETTINGS.productivityDropThreshold)
      if (drop) emit(env, 'activity.productivity_drop', drop, computedAt)
    }
    history.push({ date, score })
    // Dates are flushed in order: what falls out of the next day's window is never needed again.
    const from = baselineFrom(addDays(date, 1))
    while (history.length > 0 && history[0]!.date < from) history.shift()
  }
  state.acc.delete(date)
}
