import type { TenantBoundCtx, TenantScope } from '../../kernel/ctx'
import { prepared, sqliteOf } from '../../kernel/db'
import { dateRange, localDate } from '../../kernel/time'
import { sampleTotals } from './day-queries'
import { dailySummaries, dailySummarySumsByDate } from './summary-queries'

/**
 * Productivity is category-based: seconds of application use classed productive, neutral or
 * unproductive (idle excluded). score = round(100 x productive / active). No keystrokes, content
 * or URLs are ever recorded, so none can be used.
 */
export const PRIVACY_NOTE =
  "Scores come only from how long applications were in use, grouped into productive, neutral and unproductive categories by the company's rules. No keystrokes, screen content, screenshots or URLs are recorded or used."

/** Active seconds by category: what a productivity score is computed from. */
export interface CategorySeconds {
  productive: number
  neutral: number
  unproductive: number
}

export interface Totals extends CategorySeconds {
  idle: number
  /** Dates with any recorded activity. */
  days: number
}

const empty = (): Totals => ({ productive: 0, neutral: 0, unproductive: 0, idle: 0, days: 0 })

export const activeSeconds = (t: CategorySeconds): number => t.productive + t.neutral + t.unproductive

export const scoreOf = (t: CategorySeconds): number => {
  const active = activeSeconds(t)
  return active === 0 ? 0 : Math.round((100 * t.productive) / active)
}

function add(into: Totals, t: Omit<Totals, 'days'>): void {
  into.productive += t.productive
  into.neutral += t.neutral
  into.unproductive += t.unproductive
  into.idle += t.idle
  into.days += 1
}

/**
 * Category totals per user over [fromDate, toDate]: stored daily summaries where the job has run,
 * the raw samples for dates it has not summarised yet (today, typically). Future dates are skipped.
 */
export function productivityTotals(ctx: TenantBoundCtx, userIds: string[] | null, fromDate: string, toDate: string): Map<string, Totals> {
  const today = localDate(ctx.now, ctx.tenant.timezone)
  const until = toDate < today ? toDate : today
  const perUser = new Map<string, Totals>()
  if (fromDate > until) return perUser
  const bucket = (userId: string) => {
    let t = perUser.get(userId)
    if (!t) perUser.set(userId, (t = empty()))
    return t
  }
  const summarised = new Set<string>()
  for (const row of dailySummaries(ctx, userIds, fromDate, until)) {
    summarised.add(row.date)
    add(bucket(row.userId), { productive: row.productiveSeconds, neutral: row.neutralSeconds, unproductive: row.unproductiveSeconds, idle: row.idleSeconds })
  }
  const missing = dateRange(fromDate, until).filter((d) => !summarised.has(d))
  for (const row of sampleTotals(ctx, userIds, missing)) add(bucket(row.userId), row)
  return perUser
}

/** Sum of several users' totals (a team or the organisation). */
export function combine(totals: Iterable<Totals>): Totals {
  const out = empty()
  for (const t of totals) {
    out.productive += t.productive
    out.neutral += t.neutral
    out.unproductive += t.unproductive
    out.idle += t.idle
    out.days = Math.max(out.days, t.days)
  }
  return out
}

/**
 * combine(productivityTotals(…)) without a row per person and date: the same sources date by date
 * (stored summaries where the job has run, raw samples for dates it has not summarised), summed by
 * SQLite. What a team or organisation score needs (the dashboard); `days` is left out.
 */
export function combinedProductivity(ctx: TenantBoundCtx, userIds: string[] | null, fromDate: string, toDate: string): Omit<Totals, 'days'> {
  const out = { productive: 0, neutral: 0, unproductive: 0, idle: 0 }
  const today = localDate(ctx.now, ctx.tenant.timezone)
  const until = toDate < today ? toDate : today
  if (fromDate > until) return out
  const add = (t: Omit<Totals, 'days'>) => {
    out.productive += t.productive
    out.neutral += t.neutral
    out.unproductive += t.unproductive
    out.idle += t.idle
  }
  const summarised = new Set<string>()
  for (const row of dailySummarySumsByDate(ctx, userIds, fromDate, until)) {
    summarised.add(row.date)
    add(row)
  }
  add(
    summedSampleSeconds(
      ctx,
      userIds,
      dateRange(fromDate, until).filter((d) => !summarised.has(d)),
    ),
  )
  return out
}

/**
 * day-queries `sampleTotals` summed, as one prepared statement per shape (everyone or an id list,
 * which travels as one JSON array) and number of dates (1-7 here): the same sums, but drizzle
 * built and rendered that query on every call, ~120 µs of the organisation dashboard's ~250 µs of
 * JavaScript (issue 18, perf-reads-js). For the dates not yet summarised (today, typically).
 */
export function summedSampleSeconds(ctx: TenantScope, userIds: string[] | null, dates: readonly string[]): Omit<Totals, 'days'> {
  if ((userIds !== null && userIds.length === 0) || dates.length === 0) return { productive: 0, neutral: 0, unproductive: 0, idle: 0 }
  const active = (cat: string) => `coalesce(sum(case when is_idle = 0 and category = '${cat}' then duration_seconds end), 0)`
  const stmt = prepared(ctx.db, `activity.summedSamples:${userIds === null ? 'all' : 'ids'}:${dates.length}`, (d) =>
    sqliteOf(d).query<Omit<Totals, 'days'>, (string | number)[]>(
      `select ${active('productive')} as productive, ${active('neutral')} as neutral, ${active('unproductive')} as unproductive,
        coalesce(sum(case when is_idle = 1 then duration_seconds end), 0) as idle
       from activity_samples where tenant_id = ? and local_date in (${dates.map(() => '?').join(', ')})${
         userIds === null ? '' : ' and user_id in (select value from json_each(?))'
       }`,
    ),
  )
  const row = userIds === null ? stmt.get(ctx.tenant.id, ...dates) : stmt.get(ctx.tenant.id, ...dates, JSON.stringify(userIds))
  return row ?? { productive: 0, neutral: 0, unproductive: 0, idle: 0 }
}
