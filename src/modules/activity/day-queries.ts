import { and, asc, count, desc, eq, inArray, max, min, sql, type SQL } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { fastRows, prepared } from '../../kernel/db'
import { activitySamples, type Category } from './schema'

/**
 * Reads of activity samples by local day (activity endpoints, day summaries, productivity). Every
 * query leads with the tenant and names the local dates it reads (equality on
 * activity_samples_tenant_date_user_idx), so a range of a few days never scans the other users'
 * samples of those days.
 */
const s = activitySamples
const ids = (userIds: string[] | null): SQL | undefined => (userIds === null ? undefined : inArray(s.userId, userIds))

export interface ActivityBounds {
  firstAt: number
  lastAt: number
}

/** First sample start and last sample end of each user on one local date. */
export function activityBounds(ctx: TenantScope, userIds: string[] | null, date: string): Map<string, ActivityBounds> {
  if (userIds !== null && userIds.length === 0) return new Map()
  const rows = ctx.db
    .select({ userId: s.userId, firstAt: min(s.startedAt), lastAt: max(sql<number>`${s.startedAt} + ${s.durationSeconds} * 1000`) })
    .from(s)
    .where(and(eq(s.tenantId, ctx.tenant.id), eq(s.localDate, date), ids(userIds)))
    .groupBy(s.userId)
    .all()
  return new Map(rows.map((r) => [r.userId, { firstAt: Number(r.firstAt), lastAt: Number(r.lastAt) }]))
}

export interface AppUsageRow {
  date: string
  application: string
  category: Category
  activeSeconds: number
  idleSeconds: number
  samples: number
  firstAt: number
  lastAt: number
}

/** One page of a user's application usage per date, most used first within a date; and the total. */
export function appUsagePage(
  ctx: TenantScope,
  f: { userId: string; dates: readonly string[]; category?: Category | undefined },
  page: { offset: number; limit: number },
): { rows: AppUsageRow[]; total: number } {
  const where = and(eq(s.tenantId, ctx.tenant.id), inArray(s.localDate, f.dates), eq(s.userId, f.userId), f.category ? eq(s.category, f.category) : undefined)
  const active = sql<number>`coalesce(sum(case when ${s.isIdle} = 0 then ${s.durationSeconds} end), 0)`.mapWith(Number)
  const rows = ctx.db
    .select({
      date: s.localDate,
      application: s.application,
      category: s.category,
      activeSeconds: active,
      idleSeconds: sql<number>`coalesce(sum(case when ${s.isIdle} = 1 then ${s.durationSeconds} end), 0)`.mapWith(Number),
      samples: count(),
      firstAt: min(s.startedAt).mapWith(Number),
      lastAt: max(sql<number>`${s.startedAt} + ${s.durationSeconds} * 1000`).mapWith(Number),
    })
    .from(s)
    .where(where)
    .groupBy(s.localDate, s.application, s.category)
    .orderBy(asc(s.localDate), desc(active), asc(s.application))
    .limit(page.limit)
    .offset(page.offset)
    .all()
  const groups = ctx.db.select({ one: sql`1` }).from(s).where(where).groupBy(s.localDate, s.application, s.category).as('groups')
  const total = ctx.db.select({ n: count() }).from(groups).get()?.n ?? 0
  return { rows, total }
}

export interface SampleSpan {
  date: string
  startedAt: number
  durationSeconds: number
  category: Category
  isIdle: boolean
}

/** A user's samples on these local dates, in start order (optionally only the idle ones). */
export function userSamples(ctx: TenantScope, userId: string, dates: readonly string[], opts: { idleOnly?: boolean } = {}): SampleSpan[] {
  if (dates.length === 0) return []
  return ctx.db
    .select({ date: s.localDate, startedAt: s.startedAt, durationSeconds: s.durationSeconds, category: s.category, isIdle: s.isIdle })
    .from(s)
    .where(and(eq(s.tenantId, ctx.tenant.id), inArray(s.localDate, dates), eq(s.userId, userId), opts.idleOnly ? eq(s.isIdle, true) : undefined))
    .orderBy(asc(s.startedAt))
    .all()
}

export interface CategoryTotals {
  userId: string
  date: string
  productive: number
  neutral: number
  unproductive: number
  idle: number
  samples: number
}

/**
 * Seconds by category per user and date straight from the samples (days not yet summarised).
 * Prepared once per connection and shape (everyone, or an id list), the dates and ids travelling
 * as JSON arrays (the same index search as literal IN lists): building and rendering this query
 * was a third of get_productivity_overview's CPU per call (issue 18).
 */
export function sampleTotals(ctx: TenantScope, userIds: string[] | null, dates: readonly string[]): CategoryTotals[] {
  if ((userIds !== null && userIds.length === 0) || dates.length === 0) return []
  const all = userIds === null
  return prepared(ctx.db, `activity.sampleTotals:${all}`, (db) => {
    const active = (cat: string) => sql<number>`coalesce(sum(case when ${s.isIdle} = 0 and ${s.category} = ${cat} then ${s.durationSeconds} end), 0)`
    return fastRows(
      db
        .select({
          userId: s.userId,
          date: s.localDate,
          productive: active('productive'),
          neutral: active('neutral'),
          unproductive: active('unproductive'),
          idle: sql<number>`coalesce(sum(case when ${s.isIdle} = 1 then ${s.durationSeconds} end), 0)`,
          samples: sql<number>`count(*)`,
        })
        .from(s)
        .where(
          and(
            eq(s.tenantId, sql.placeholder('tenantId')),
            sql`${s.localDate} in (select value from json_each(${sql.placeholder('dates')}))`,
            all ? undefined : sql`${s.userId} in (select value from json_each(${sql.placeholder('ids')}))`,
          ),
        )
        .groupBy(s.localDate, s.userId)
        .prepare(),
    )
  }).all({ tenantId: ctx.tenant.id, dates: JSON.stringify(dates), ids: JSON.stringify(userIds ?? []) })
}
