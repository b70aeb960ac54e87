import { sql } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import { ensureTriggers } from '../../kernel/triggers'

/**
 * person_open_sessions (schema.ts): each person's open time log with its breaks' sums, kept by
 * SQLite triggers in whatever transaction writes time_logs or breaks. A log's row exists while it
 * is open; any change of one of its breaks counts the row's sums again from that log's breaks (a
 * handful of rows). SQL because generated migrations hold no triggers.
 */

/** The row's columns after (tenant_id, user_id, log_id, clock_in_at): the breaks `b` of one log, summed. */
const BREAK_COLUMNS = 'break_ended_ms, lunch_ended_ms, open_break_kind, open_break_since, latest_break_at, odd_breaks'
const BREAK_SUMS = `coalesce(sum(case when b.kind = 'break' and b.ended_at is not null then b.ended_at - b.started_at end), 0),
  coalesce(sum(case when b.kind = 'lunch' and b.ended_at is not null then b.ended_at - b.started_at end), 0),
  max(case when b.ended_at is null then b.kind end), max(case when b.ended_at is null then b.started_at end),
  max(max(b.started_at, coalesce(b.ended_at, b.started_at))),
  count(case when b.ended_at < b.started_at or b.kind not in ('break', 'lunch') then 1 end)`

/** The row of an open log `row` (new) with its breaks now; nothing when it is closed. */
const OPEN = (row: 'new') =>
  `insert or replace into person_open_sessions (tenant_id, user_id, log_id, clock_in_at, ${BREAK_COLUMNS})
    select ${row}.tenant_id, ${row}.user_id, ${row}.id, ${row}.clock_in_at, ${BREAK_SUMS}
    from breaks b where b.tenant_id = ${row}.tenant_id and b.time_log_id = ${row}.id
    having ${row}.clock_out_at is null;`
const CLOSE = (row: 'old') => `delete from person_open_sessions where tenant_id = ${row}.tenant_id and log_id = ${row}.id;`
/** Counts again the break sums of the open rows of these logs. */
const RECOUNT = (logs: string) =>
  `update person_open_sessions set (${BREAK_COLUMNS}) = (select ${BREAK_SUMS} from breaks b
      where b.tenant_id = person_open_sessions.tenant_id and b.time_log_id = person_open_sessions.log_id)
    where ${logs};`

const TRIGGERS: [string, string][] = [
  ['person_open_log_insert', `after insert on time_logs when new.clock_out_at is null begin ${OPEN('new')} end`],
  [
    'person_open_log_update',
    `after update of clock_in_at, clock_out_at, user_id, tenant_id, id on time_logs when old.clock_out_at is null or new.clock_out_at is null
      begin ${CLOSE('old')} ${OPEN('new')} end`,
  ],
  ['person_open_log_delete', `after delete on time_logs when old.clock_out_at is null begin ${CLOSE('old')} end`],
  ['person_open_break_insert', `after insert on breaks begin ${RECOUNT('tenant_id = new.tenant_id and log_id = new.time_log_id')} end`],
  ['person_open_break_delete', `after delete on breaks begin ${RECOUNT('tenant_id = old.tenant_id and log_id = old.time_log_id')} end`],
  [
    'person_open_break_update',
    `after update of kind, started_at, ended_at, time_log_id, tenant_id on breaks begin
      ${RECOUNT('tenant_id in (old.tenant_id, new.tenant_id) and log_id in (old.time_log_id, new.time_log_id)')} end`,
  ],
]

/** The table counted again from the open logs and their breaks. */
export function recountPersonOpenSessions(db: DbLike): void {
  db.run(sql`delete from person_open_sessions`)
  db.run(
    sql.raw(`insert into person_open_sessions (tenant_id, user_id, log_id, clock_in_at, ${BREAK_COLUMNS})
    select l.tenant_id, l.user_id, l.id, l.clock_in_at, ${BREAK_SUMS}
    from time_logs l left join breaks b on b.tenant_id = l.tenant_id and b.time_log_id = l.id
    where l.clock_out_at is null group by l.tenant_id, l.id`),
  )
}

/** Creates the triggers when any is missing (a new database, or one from before the table), then counts the table again. */
export function ensurePersonOpenSessions(db: DbLike): void {
  ensureTriggers(db, { triggers: TRIGGERS, repair: recountPersonOpenSessions })
}
