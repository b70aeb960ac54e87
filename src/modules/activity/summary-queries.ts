import { and, eq, sql } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import { addDays } from '../../kernel/time'
import { users } from '../users/schema'
import { activitySamples, dailyActivitySummaries } from './schema'

export type DailySummaryRow = typeof dailyActivitySummaries.$inferSelect

/** Days of history the baseline score averages over. */
export const BASELINE_DAYS = 14

export const summariesOfDay = (db: DbLike, tenantId: number, date: string): DailySummaryRow[] =>
  db.select().from(dailyActivitySummaries).where(and(eq(dailyActivitySummaries.tenantId, tenantId), eq(dailyActivitySummaries.date, date))).all()

/**
 * Recomputes every user's summary of one tenant-local day from its samples in one set-based
 * statement (an INSERT … SELECT … GROUP BY upsert): no per-user round trips. Idle seconds are
 * counted apart; the score is productive / (productive + neutral + unproductive), 0-100.
 */
export function upsertDailySummaries(db: DbLike, tenantId: number, date: string, computedAt: number): void {
  const s = activitySamples
  const active = sql`sum(case when ${s.isIdle} = 0 then ${s.durationSeconds} else 0 end)`
  const productive = sql`sum(case when ${s.isIdle} = 0 and ${s.category} = 'productive' then ${s.durationSeconds} else 0 end)`
  db.run(sql`
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
          and d.date >= ${addDays(date, -BASELINE_DAYS)} and d.date < ${date}),
      ${computedAt}
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

/** Emails of the users of a tenant, for event payloads. */
export function userEmails(db: DbLike, tenantId: number): Map<string, string> {
  const rows = db.select({ id: users.id, email: users.email }).from(users).where(eq(users.tenantId, tenantId)).all()
  return new Map(rows.map((r) => [r.id, r.email]))
}
