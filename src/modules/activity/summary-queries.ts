import { and, between, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { fastRows, prepared } from '../../kernel/db'
import { activitySamples, dailyActivitySummaries } from './schema'

export type DailySummaryRow = typeof dailyActivitySummaries.$inferSelect

/** Stored daily summaries of these users (all when null) between two local dates. */
export function dailySummaries(c: TenantScope, userIds: string[] | null, fromDate: string, toDate: string): DailySummaryRow[] {
  if (userIds !== null && userIds.length === 0) return []
  const all = userIds === null
  // Prepared once per connection with placeholders (the productivity overview asks it on every call).
  const d = dailyActivitySummaries
  return prepared(c.db, `dailySummaries.between:${all}`, (db) =>
    fastRows(
      db
        .select()
        .from(d)
        .where(
          and(
            eq(d.tenantId, sql.placeholder('tenantId')),
            between(d.date, sql.placeholder('from'), sql.placeholder('to')),
            all ? undefined : sql`${d.userId} in (select value from json_each(${sql.placeholder('ids')}))`,
          ),
        )
        .prepare(),
    ),
  ).all({ tenantId: c.tenant.id, from: fromDate, to: toDate, ids: JSON.stringify(userIds ?? []) })
}

/** Every user's stored summary of one tenant-local date. */
export const summariesOfDay = (c: TenantScope, date: string): DailySummaryRow[] =>
  c.db
    .select()
    .from(dailyActivitySummaries)
    .where(and(eq(dailyActivitySummaries.tenantId, c.tenant.id), eq(dailyActivitySummaries.date, date)))
    .all()

/**
 * Recomputes every user's summary of one tenant-local day from its samples in one set-based
 * statement (an INSERT … SELECT … GROUP BY upsert): no per-user round trips. Idle seconds are
 * counted apart; the score is productive / (productive + neutral + unproductive), 0-100; the
 * baseline is the mean score of the user's summaries dated [baselineFrom, date) (the window of
 * daily-summaries.ts).
 */
export function upsertDailySummaries(c: TenantScope, date: string, baselineFrom: string): void {
  const tenantId = c.tenant.id
  const s = activitySamples
  const active = sql`sum(case when ${s.isIdle} = 0 then ${s.durationSeconds} else 0 end)`
  const productive = sql`sum(case when ${s.isIdle} = 0 and ${s.category} = 'productive' then ${s.durationSeconds} else 0 end)`
  c.db.run(sql`
    insert into daily_activity_summaries
      (tenant_id, user_id, date, total_seconds, productive_seconds, neutral_seconds, unproductive_seconds,
       idle_seconds, score, sample_count, baseline_score, computed_at)
    select ${s.tenantId}, ${s.userId}, ${s.localDate},
      sum(${s.durationSeconds}),
      ${productive},
      sum(case when ${s.isIdle} = 0 and ${s.category} = 'neutral' then ${s.durationSeconds} else 0 end),
      sum(case when ${s.isIdle} = 0 and ${s.category} = 'unproductive' then ${s.durationSeconds} else 0 end),
      sum(case when ${s.isIdle} = 1 then ${s.durationSeconds} else 0 end),
      case when ${active} > 0 then cast(round(100.0 * ${productive} / ${active}) as integer) else 0 end,
      count(*),
      (select avg(d.score) from daily_activity_summaries d
        where d.tenant_id = ${tenantId} and d.user_id = ${s.userId}
          and d.date >= ${baselineFrom} and d.date < ${date}),
      ${c.now}
    from ${s}
    where ${s.tenantId} = ${tenantId} and ${s.localDate} = ${date}
    group by ${s.userId}
    on conflict (tenant_id, date, user_id) do update set
      total_seconds = excluded.total_seconds, productive_seconds = excluded.productive_seconds,
      neutral_seconds = excluded.neutral_seconds, unproductive_seconds = excluded.unproductive_seconds,
      idle_seconds = excluded.idle_seconds, score = excluded.score, sample_count = excluded.sample_count,
      baseline_score = excluded.baseline_score, computed_at = excluded.computed_at
  `)
}

/** The stored daily summaries of these users over [fromDate, toDate] summed per date, by SQLite. */
export function dailySummarySumsByDate(
  c: TenantScope,
  userIds: string[] | null,
  fromDate: string,
  toDate: string,
): { date: string; productive: number; neutral: number; unproductive: number; idle: number }[] {
  if (userIds !== null && userIds.length === 0) return []
  const d = dailyActivitySummaries
  const sum = (col: SQLWrapper) => sql<number>`coalesce(sum(${col}), 0)`.mapWith(Number)
  return c.db
    .select({
      date: d.date,
      productive: sum(d.productiveSeconds),
      neutral: sum(d.neutralSeconds),
      unproductive: sum(d.unproductiveSeconds),
      idle: sum(d.idleSeconds),
    })
    .from(d)
    .where(and(eq(d.tenantId, c.tenant.id), between(d.date, fromDate, toDate), userIds === null ? undefined : inArray(d.userId, userIds)))
    .groupBy(d.date)
    .all()
}
