import { MINUTE, addDays } from '../../src/kernel/time'
import { SETTINGS, type SeedEnv } from '../env'
import { emit, iso } from '../events'
import type { Company } from '../model'
import { ACC, type RunState } from './state'

const BASELINE_DAYS = 14

/**
 * Writes the daily activity summaries of one local date from the counters its samples filled,
 * so each summary is exactly the sum of that user-day's samples, and the matching events.
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
    const productive = acc[base + ACC.productive]!
    const neutral = acc[base + ACC.neutral]!
    const unproductive = acc[base + ACC.unproductive]!
    const active = productive + neutral + unproductive
    const score = active > 0 ? Math.round((100 * productive) / active) : 0
    const history = state.scores[p.idx]!
    const baseline = history.length > 0 ? Math.round((history.reduce((s, x) => s + x, 0) / history.length) * 10) / 10 : null
    const computedAt = past ? Math.min(computedBase + (p.idx % 600) * 1000, env.now) : env.now
    const row = {
      tenantId: env.tenantId, userId: p.id, date, totalSeconds: acc[base + ACC.total]!, productiveSeconds: productive, neutralSeconds: neutral,
      unproductiveSeconds: unproductive, idleSeconds: acc[base + ACC.idle]!, score, sampleCount: samples, baselineScore: baseline, computedAt,
    }
    env.w.summaries.add(row)
    if (past) {
      const who = { userId: p.id, userEmail: p.email, date }
      emit(env, 'activity.daily_summary', {
        ...who, totalSeconds: row.totalSeconds, productiveSeconds: productive, neutralSeconds: neutral, unproductiveSeconds: unproductive,
        idleSeconds: row.idleSeconds, productivityScore: score, computedAt: iso(computedAt),
      }, computedAt)
      const threshold = SETTINGS.productivityDropThreshold
      if (score < threshold && baseline !== null && baseline >= threshold && samples >= 6) {
        emit(env, 'activity.productivity_drop', { ...who, productivityScore: score, baselineScore: baseline, threshold }, computedAt)
      }
    }
    history.push(score)
    if (history.length > BASELINE_DAYS) history.shift()
  }
  state.acc.delete(date)
}
