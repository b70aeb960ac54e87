import { sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { prepared, sqliteOf, type DbLike } from '../../kernel/db'
import { ensureTriggers } from '../../kernel/triggers'

/**
 * tenant_open_sessions: the organisation's open time logs per tenant and quarter hour of clock-in
 * (count, clock-in sum, and per break kind the ended breaks' ms and the unended breaks' count and
 * start sum). It is kept by SQLite triggers in whatever transaction writes time_logs or breaks,
 * so no write path calls anything. Created at start (ensureOpenSessionTotals); SQL because
 * generated migrations hold no triggers.
 *
 * A log counts while it is open (clock_out_at is null). Its breaks count while the log is open:
 * a change of a break of an open log adds or removes that break; a log that opens, closes, moves
 * or is deleted adds or removes itself with all its breaks. A log's delete is counted BEFORE the
 * row goes (the foreign key's cascade then deletes the breaks, whose triggers find no parent and
 * do nothing).
 */
export const OPEN_BUCKET_MS = 900_000

const COLUMNS = 'tenant_id, bucket, open_logs, clock_in_sum, break_ended_ms, break_open, break_open_start_sum, lunch_ended_ms, lunch_open, lunch_open_start_sum'
const ADD = `on conflict (tenant_id, bucket) do update set open_logs = open_logs + excluded.open_logs, clock_in_sum = clock_in_sum + excluded.clock_in_sum,
  break_ended_ms = break_ended_ms + excluded.break_ended_ms, break_open = break_open + excluded.break_open,
  break_open_start_sum = break_open_start_sum + excluded.break_open_start_sum, lunch_ended_ms = lunch_ended_ms + excluded.lunch_ended_ms,
  lunch_open = lunch_open + excluded.lunch_open, lunch_open_start_sum = lunch_open_start_sum + excluded.lunch_open_start_sum;`

/** Per-kind columns of a set of breaks `b` (aggregates). */
const BREAK_SUMS = (['break', 'lunch'] as const)
  .map(
    (k) =>
      `coalesce(sum(case when b.kind = '${k}' and b.ended_at is not null then b.ended_at - b.started_at end), 0) as ${k}_ended_ms,
       count(case when b.kind = '${k}' and b.ended_at is null then 1 end) as ${k}_open,
       coalesce(sum(case when b.kind = '${k}' and b.ended_at is null then b.started_at end), 0) as ${k}_open_start_sum`,
  )
  .join(',\n')

/** Adds (or removes) an open log `row` of time_logs with every break it has now; nothing when it is closed. */
const LOG = (sign: '+' | '-', row: 'new' | 'old') =>
  `insert into tenant_open_sessions (${COLUMNS})
    select ${row}.tenant_id, ${row}.clock_in_at / ${OPEN_BUCKET_MS}, ${sign}1, ${sign}${row}.clock_in_at,
      ${sign}s.break_ended_ms, ${sign}s.break_open, ${sign}s.break_open_start_sum, ${sign}s.lunch_ended_ms, ${sign}s.lunch_open, ${sign}s.lunch_open_start_sum
    from (select ${BREAK_SUMS} from breaks b where b.tenant_id = ${row}.tenant_id and b.time_log_id = ${row}.id) s
    where ${row}.clock_out_at is null
    ${ADD}`
/** Drops the old row's bucket when no open log is left in it (its break sums are then 0 too). */
const PRUNE = `delete from tenant_open_sessions where tenant_id = old.tenant_id and bucket = old.clock_in_at / ${OPEN_BUCKET_MS} and open_logs = 0;`

/** Adds (or removes) one break `row` to its log's bucket when that log exists and is open. */
const BREAK = (sign: '+' | '-', row: 'new' | 'old') => {
  const col = (k: string, ended: string, open: string, start: string) =>
    `case when ${row}.kind = '${k}' and ${row}.ended_at is not null then ${sign}(${row}.ended_at - ${row}.started_at) else 0 end${ended},
     case when ${row}.kind = '${k}' and ${row}.ended_at is null then ${sign}1 else 0 end${open},
     case when ${row}.kind = '${k}' and ${row}.ended_at is null then ${sign}${row}.started_at else 0 end${start}`
  return `insert into tenant_open_sessions (${COLUMNS})
    select l.tenant_id, l.clock_in_at / ${OPEN_BUCKET_MS}, 0, 0, ${col('break', '', '', '')}, ${col('lunch', '', '', '')}
    from time_logs l where l.id = ${row}.time_log_id and l.tenant_id = ${row}.tenant_id and l.clock_out_at is null
    ${ADD}`
}

const TRIGGERS: [string, string][] = [
  ['open_session_log_insert', `after insert on time_logs when new.clock_out_at is null begin ${LOG('+', 'new')} end`],
  ['open_session_log_delete', `before delete on time_logs when old.clock_out_at is null begin ${LOG('-', 'old')} ${PRUNE} end`],
  [
    'open_session_log_update',
    `after update of clock_in_at, clock_out_at, tenant_id, id on time_logs
      when (old.clock_out_at is null or new.clock_out_at is null) and (old.clock_in_at is not new.clock_in_at
        or (old.clock_out_at is null) is not (new.clock_out_at is null) or old.tenant_id is not new.tenant_id or old.id is not new.id)
      begin ${LOG('-', 'old')} ${LOG('+', 'new')} ${PRUNE} end`,
  ],
  ['open_session_break_insert', `after insert on breaks begin ${BREAK('+', 'new')} end`],
  ['open_session_break_delete', `after delete on breaks begin ${BREAK('-', 'old')} end`],
  [
    'open_session_break_update',
    `after update of kind, started_at, ended_at, time_log_id, tenant_id on breaks begin ${BREAK('-', 'old')} ${BREAK('+', 'new')} end`,
  ],
]

/** Recounts tenant_open_sessions from the raw rows (every open log and its breaks). */
export function recountOpenSessions(db: DbLike): void {
  db.run(sql`delete from tenant_open_sessions`)
  db.run(
    sql.raw(`insert into tenant_open_sessions (${COLUMNS})
    select l.tenant_id, l.clock_in_at / ${OPEN_BUCKET_MS}, count(*), sum(l.clock_in_at),
      coalesce(sum(s.break_ended_ms), 0), coalesce(sum(s.break_open), 0), coalesce(sum(s.break_open_start_sum), 0),
      coalesce(sum(s.lunch_ended_ms), 0), coalesce(sum(s.lunch_open), 0), coalesce(sum(s.lunch_open_start_sum), 0)
    from time_logs l left join (
      select b.tenant_id, b.time_log_id, ${BREAK_SUMS} from breaks b
      where b.time_log_id in (select id from time_logs where clock_out_at is null) group by b.tenant_id, b.time_log_id
    ) s on s.tenant_id = l.tenant_id and s.time_log_id = l.id
    where l.clock_out_at is null group by l.tenant_id, l.clock_in_at / ${OPEN_BUCKET_MS}`),
  )
}

/**
 * Creates the triggers when any is missing (a new database, or one from before the table) and
 * then recounts the table from the raw rows in the same transaction.
 */
export function ensureOpenSessionTotals(db: DbLike): void {
  ensureTriggers(db, { triggers: TRIGGERS, repair: recountOpenSessions })
}

/**
 * Net worked ms of the organisation's open logs that clocked in within [from, to) (epoch ms, both
 * multiples of OPEN_BUCKET_MS and at most the start of the current quarter hour), and of those that
 * clocked in from `dayFrom` on: per bucket `n x now - clock-in sum - unpaid breaks` where an unpaid
 * kind's breaks are its ended ms plus `unended x now - their start sum`. Equal to netMsByUserDate's
 * per-log rule for logs that clocked in before now with breaks that started after the clock-in and
 * before now (the rows every operation writes).
 */
export function openSessionSums(c: TenantScope, from: number, to: number, dayFrom: number, paid: readonly string[]): { total: number; today: number } {
  const unpaid = (['break', 'lunch'] as const).filter((k) => !paid.includes(k))
  const breaks = unpaid.map((k) => ` - ${k}_ended_ms - (${k}_open * cast(?1 as integer) - ${k}_open_start_sum)`).join('')
  const row = prepared(c.db, `openSessions.sums:${unpaid.join(',')}`, (d) =>
    sqliteOf(d).query<{ total: number; today: number }, [number, number, number, number, number]>(
      `select coalesce(sum(net), 0) as total, coalesce(sum(case when bucket >= ?4 then net end), 0) as today from (
        select bucket, open_logs * cast(?1 as integer) - clock_in_sum${breaks} as net
        from tenant_open_sessions where tenant_id = ?5 and bucket >= ?2 and bucket < ?3)`,
    ),
  ).get(c.now, from / OPEN_BUCKET_MS, to / OPEN_BUCKET_MS, dayFrom / OPEN_BUCKET_MS, c.tenant.id)
  return row ?? { total: 0, today: 0 }
}

/** How many people in the organisation have an open session now (at most one open log each). */
export const openLogCountMaintained = (c: TenantScope): number =>
  prepared(c.db, 'openSessions.count', (d) =>
    sqliteOf(d).query<{ n: number }, [number]>('select coalesce(sum(open_logs), 0) as n from tenant_open_sessions where tenant_id = ?'),
  ).get(c.tenant.id)?.n ?? 0
