import type { TenantBoundCtx, TenantScope } from '../../kernel/ctx'
import { addDays, DAY, localDate } from '../../kernel/time'
import { succeededKeys } from '../jobs/queries'
import { teamIdsOf } from '../teams/membership'
import { retentionDaysOf } from '../tenants/retention-queries'
import { getUserInTenant } from '../users/queries'
import { categorizer, type Categorize, type CategoryRuleInput } from './categorize'
import { categoryRuleRows, recategorizeSamples, sampleGroups } from './category-rule-queries'
import { writeDailySummaries } from './daily-summaries'
import { summarisedDates } from './ingest-queries'
import type { Category } from './schema'
import { dailySummariesJob } from './jobs'

/**
 * How far back a rule change reaches (docs/config-categories.md, "How far back"): today and the
 * 30 tenant-local days before it, never before the plan's retention of activity samples (older
 * samples are purged, their summaries stay as they were). Closed payroll periods are no limit:
 * productivity scores are not pay.
 */
export const RECOMPUTE_DAYS = 31

export interface RecomputeWindow {
  from: string
  to: string
}

export function recomputeWindow(c: TenantScope & { tenant: { timezone: string } }): RecomputeWindow {
  const tz = c.tenant.timezone
  const today = localDate(c.now, tz)
  let from = addDays(today, -(RECOMPUTE_DAYS - 1))
  const keep = retentionDaysOf(c).get('activity_samples')
  if (keep !== undefined) {
    const kept = localDate(c.now - keep * DAY, tz)
    if (kept > from) from = kept
  }
  return { from, to: today }
}

/** A categoriser per person from some rules, built on first use (work profile and teams read once). */
export function categorizersFor(c: TenantScope, rules: readonly CategoryRuleInput[]): (userId: string) => Categorize {
  const byUser = new Map<string, Categorize>()
  return (userId) => {
    let categorize = byUser.get(userId)
    if (!categorize) {
      const user = getUserInTenant(c, userId)
      categorize = categorizer(rules, user.workProfile, teamIdsOf(c, userId))
      byUser.set(userId, categorize)
    }
    return categorize
  }
}

export interface RecomputeResult extends RecomputeWindow {
  samples_recategorized: number
  days_resummarized: number
}

/**
 * Recategorises the samples of the recompute window under the tenant's current rules and rewrites
 * the stored daily summaries of the days that changed and of every later summarised day (their
 * baselines read the earlier scores). Runs inside the caller's transaction: the rule change, the
 * new categories, the summaries and their events commit together. With `userIds`, only those
 * people's samples: what a change of someone's work profile or teams should call (same window).
 */
export function recomputeCategories(c: TenantBoundCtx, userIds?: readonly string[]): RecomputeResult {
  const window = recomputeWindow(c)
  const categorizeFor = categorizersFor(c, categoryRuleRows(c))
  // Who needs which application moved to which category: one update per (application, window class, category).
  const moves = new Map<string, { application: string; windowClass: string | null; category: Category; userIds: Set<string> }>()
  const only = userIds ? new Set(userIds) : null
  for (const g of sampleGroups(c, window.from, window.to)) {
    if (only && !only.has(g.userId)) continue
    const category = categorizeFor(g.userId)(g.application, g.windowClass)
    if (category === g.category) continue
    const key = `${g.application}\u0000${g.windowClass ?? '\u0001'}\u0000${category}`
    let move = moves.get(key)
    if (!move) moves.set(key, (move = { application: g.application, windowClass: g.windowClass, category, userIds: new Set() }))
    move.userIds.add(g.userId)
  }
  const changed = new Set<string>()
  let samples = 0
  for (const m of moves.values()) {
    const result = recategorizeSamples(c, { ...m, userIds: [...m.userIds] }, window.from)
    samples += result.count
    for (const d of result.dates) changed.add(d)
  }
  let days = 0
  if (changed.size > 0) {
    const first = [...changed].sort()[0]!
    const done = succeededKeys(c.db, dailySummariesJob.name, c.tenant.id, first)
    const dates: string[] = []
    for (let d = first; d <= window.to; d = addDays(d, 1)) dates.push(d)
    const summarised = summarisedDates(c, dates)
    for (const date of dates) {
      if (summarised.has(date) || (date < window.to && done.has(date))) {
        writeDailySummaries(c, date)
        days++
      }
    }
  }
  return { ...window, samples_recategorized: samples, days_resummarized: days }
}
