import { sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { prepared, sqliteOf, type DbLike } from '../../kernel/db'
import { ensureTriggers } from '../../kernel/triggers'
import { isoWeekday, localRange } from '../../kernel/time'
import { companySettingsAsOfAuth } from '../tenants/queries'
import { openLogNetMsSql } from '../time-tracking/worked-time-read-model'
import { OPEN_BUCKET_MS, openSessionSums } from './open-session-totals'
import { openSessionsCountedAtNow } from './person-week-queries'

/**
 * tenant_day_totals: the organisation's figures per tenant-local date, summed from
 * person_day_totals (worked ms) and daily_activity_summaries (activity seconds) by SQLite triggers
 * in the transaction that writes those rows, whoever writes them. The dashboard's organisation
 * scope reads a row per date here instead of a row per person and date. Created at start
 * (ensureTenantDayTotals); SQL because generated migrations hold no triggers.
 */
const WORKED = (sign: '+' | '-', row: 'new' | 'old') =>
  `insert into tenant_day_totals (tenant_id, date, worked_ms) values (${row}.tenant_id, ${row}.date, ${sign}${row}.worked_ms)
    on conflict (tenant_id, date) do update set worked_ms = worked_ms + excluded.worked_ms;`
const ACTIVITY = (sign: '+' | '-', row: 'new' | 'old') =>
  `insert into tenant_day_totals (tenant_id, date, productive_seconds, neutral_seconds, unproductive_seconds, idle_seconds, summary_rows)
    values (${row}.tenant_id, ${row}.date, ${sign}${row}.productive_seconds, ${sign}${row}.neutral_seconds, ${sign}${row}.unproductive_seconds, ${sign}${row}.idle_seconds, ${sign}1)
    on conflict (tenant_id, date) do update set productive_seconds = productive_seconds + excluded.productive_seconds,
      neutral_seconds = neutral_seconds + excluded.neutral_seconds, unproductive_seconds = unproductive_seconds + excluded.unproductive_seconds,
      idle_seconds = idle_seconds + excluded.idle_seconds, summary_rows = summary_rows + excluded.summary_rows;`

const TRIGGERS: [string, string][] = [
  ['tenant_day_worked_insert', `after insert on person_day_totals begin ${WORKED('+', 'new')} end`],
  ['tenant_day_worked_delete', `after delete on person_day_totals begin ${WORKED('-', 'old')} end`],
  ['tenant_day_worked_update', `after update on person_day_totals begin ${WORKED('-', 'old')} ${WORKED('+', 'new')} end`],
  ['tenant_day_activity_insert', `after insert on daily_activity_summaries begin ${ACTIVITY('+', 'new')} end`],
  ['tenant_day_activity_delete', `after delete on daily_activity_summaries begin ${ACTIVITY('-', 'old')} end`],
  ['tenant_day_activity_update', `after update on daily_activity_summaries begin ${ACTIVITY('-', 'old')} ${ACTIVITY('+', 'new')} end`],
]

/**
 * Creates the triggers when any is missing (a new database, or one from before the table) and
 * then recounts the whole table from its two sources in the same transaction.
 */
export function ensureTenantDayTotals(db: DbLike): void {
  ensureTriggers(db, {
    triggers: TRIGGERS,
    repair(tx) {
      tx.run(sql`delete from tenant_day_totals`)
      tx.run(sql`insert into tenant_day_totals (tenant_id, date, worked_ms)
      select tenant_id, date, sum(worked_ms) from person_day_totals group by tenant_id, date`)
      tx.run(sql`insert into tenant_day_totals (tenant_id, date, productive_seconds, neutral_seconds, unproductive_seconds, idle_seconds, summary_rows)
      select tenant_id, date, sum(productive_seconds), sum(neutral_seconds), sum(unproductive_seconds), sum(idle_seconds), count(*)
      from daily_activity_summaries where true group by tenant_id, date
      on conflict (tenant_id, date) do update set productive_seconds = excluded.productive_seconds, neutral_seconds = excluded.neutral_seconds,
        unproductive_seconds = excluded.unproductive_seconds, idle_seconds = excluded.idle_seconds, summary_rows = excluded.summary_rows`)
    },
  })
}

export interface TenantDayRow {
  date: string
  workedMs: number
  productive: number
  neutral: number
  unproductive: number
  idle: number
  summaryRows: number
}

/** The organisation's rows over [fromDate, toDate], in date order (dates without a row have none). */
export function tenantDaysBetween(c: TenantScope, fromDate: string, toDate: string): TenantDayRow[] {
  return sqliteOf(c.db)
    .query<TenantDayRow, [number, string, string]>(
      `select date, worked_ms as workedMs, productive_seconds as productive, neutral_seconds as neutral,
        unproductive_seconds as unproductive, idle_seconds as idle, summary_rows as summaryRows
       from tenant_day_totals where tenant_id = ? and date >= ? and date <= ? order by date`,
    )
    .all(c.tenant.id, fromDate, toDate)
}

/**
 * Net worked ms of the organisation's OPEN time logs (counted until now) that clocked in within
 * [fromDate, toDate], and of those that clocked in on `today`: netMsByUserDate's rule for open
 * logs (a session on its clock-in date; now minus clock-in minus the unpaid breaks, each clipped to
 * now, never below 0).
 *
 * The quarter hours of clock-in before the current one come from tenant_open_sessions (a handful
 * of rows, whatever the head count: open-session-totals.ts); the logs that clocked in from the
 * current quarter hour on are summed per log (openWorkedMsPerLog), as is everything when a day
 * start is not on a quarter hour (no such time zone today).
 */
export function openWorkedMs(c: TenantScope, fromDate: string, today: string): { total: number; today: number } {
  const tz = c.tenant.timezone
  const week = dayBounds(fromDate, today, tz)
  const day = dayBounds(today, today, tz)
  // As authentication read the row (a read-only operation; saves a tenant-row read and its drizzle mapping per call).
  const paid = companySettingsAsOfAuth(c).paidBreakKinds
  const start = Math.floor(c.now / OPEN_BUCKET_MS) * OPEN_BUCKET_MS
  if (week.from % OPEN_BUCKET_MS !== 0 || day.from % OPEN_BUCKET_MS !== 0 || start < week.from || start > week.to)
    return openWorkedMsPerLog(c, week.from, week.to, day.from, paid)
  // The current quarter hour from the sums too when no open session of the week clocked in or has a
  // break after now (the kept weeks' guard, over the week of `fromDate` when the zone's offsets place
  // its sessions): what is left after it is then no log at all.
  const cut = start + OPEN_BUCKET_MS <= week.to && isoWeekday(fromDate) === 1 && openSessionsCountedAtNow(c, fromDate) ? start + OPEN_BUCKET_MS : start
  const kept = openSessionSums(c, week.from, cut, day.from, paid)
  if (cut > start) return kept
  const recent = openWorkedMsPerLog(c, cut, week.to, day.from, paid)
  return { total: kept.total + recent.total, today: kept.today + recent.today }
}

/**
 * kernel/time `localRange`, remembered per zone and dates: each call resolves two local midnights
 * through Intl (~10 µs per dashboard call, issue 18); the answer depends only on the arguments.
 * Bounded: cleared when full.
 */
const knownBounds = new Map<string, { from: number; to: number }>()
function dayBounds(fromDate: string, toDate: string, tz: string): { from: number; to: number } {
  const key = `${tz} ${fromDate} ${toDate}`
  let r = knownBounds.get(key)
  if (r === undefined) {
    if (knownBounds.size >= 64) knownBounds.clear()
    knownBounds.set(key, (r = localRange(fromDate, toDate, tz)))
  }
  return r
}

/**
 * The same figure summed per open log by SQLite: the open logs that clocked in within [from, to)
 * (epoch ms) and, of those, the ones from `dayFrom` on, each log's breaks looked up once.
 */
export function openWorkedMsPerLog(c: TenantScope, from: number, to: number, dayFrom: number, paid: readonly string[]): { total: number; today: number } {
  const row = sqliteOf(c.db)
    .query<{ total: number; today: number }, [number, number, number, number, number]>(
      // Materialized: the outer query names `net` twice, and a flattened subquery would run each
      // log's break lookup twice. The open logs come from a covering partial index, by clock-in.
      `with open_net as materialized (
        select l.clock_in_at, ${openLogNetMsSql(paid)} as net
        from time_logs l indexed by time_logs_open_in_idx
        where l.tenant_id = ?5 and l.clock_out_at is null and l.clock_in_at >= ?2 and l.clock_in_at < ?3)
      select coalesce(sum(net), 0) as total, coalesce(sum(case when clock_in_at >= ?4 then net end), 0) as today from open_net`,
    )
    .get(c.now, from, to, dayFrom, c.tenant.id)
  return row ?? { total: 0, today: 0 }
}

/** Whether the tenant has time-log changes not yet counted into person_day_totals (rows written by hand). */
export const hasPendingPersonDays = (c: TenantScope): boolean =>
  prepared(c.db, 'tenantDay.pending', (d) =>
    sqliteOf(d).query<{ one: number }, [number]>('select 1 as one from person_day_changes where tenant_id = ? limit 1'),
  ).get(c.tenant.id) !== null
