import { sql } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import { MINUTE, hoursFromMs } from '../../kernel/time'
import { ensureTriggers } from '../../kernel/triggers'

/**
 * person_week_totals and tenant_week_totals (schema.ts), kept by SQLite triggers in the
 * transaction that writes their sources, whoever writes them:
 * - a person's week from person_day_totals: each date's worked ms into its weekday's column;
 * - from shift_schedules: each scheduled shift's net ms (shifts/model.ts shiftNetMs) into its
 *   weekday's column, cleared when cancelled, moved or deleted;
 * - the person's name, contract and status from users;
 * - the organisation's active people per week (tenant_week_totals) from the person rows.
 * The week's total, days, time over shifts and overtime are generated columns of the row, written
 * by the schema from overtime.ts' rules. SQL because the generated migrations hold no triggers;
 * test/perf/team-hours-kept checks the answers read from these rows against the ones computed
 * from the days.
 */

/** The least whole ms that rounds to more than 0 hours (hoursFromMs): who counts as "with time". */
export const WITH_TIME_MS = (() => {
  let ms = 0
  while (hoursFromMs(ms) <= 0) ms += 1
  return ms
})()

/** The weekday columns, Monday first (worked ms; s0 … s6 the shifts' net ms). */
export const DAYS = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6'] as const
export const SHIFTS = ['s0', 's1', 's2', 's3', 's4', 's5', 's6'] as const

/** Monday = 0 … Sunday = 6 of a YYYY-MM-DD expression. */
const weekday = (date: string) => `((cast(strftime('%w', ${date}) as integer) + 6) % 7)`
/** The Monday of a YYYY-MM-DD expression's ISO week. */
const mondayOf = (date: string) => `date(${date}, '-' || ${weekday(date)} || ' days')`
/** A scheduled shift's net ms (shifts/model.ts shiftNetMs) of a shift_schedules row or alias. */
const shiftNet = (s: string) => `max(0, ${s}.ends_at - ${s}.starts_at - ${s}.break_minutes * ${MINUTE})`
/** One value per weekday column: `value` in the date's weekday, `otherwise` in the others. */
const onWeekday = (date: string, value: string, otherwise: string) =>
  DAYS.map((_, i) => `case when ${weekday(date)} = ${i} then ${value} else ${otherwise} end`)
/** A users row's contract in ms, and whether it is active, as SQL over alias `u` (or new/old). */
export const contractMsSql = (u: string) => `${u}.weekly_hours * 3600000.0`
export const isActiveSql = (u: string) => `${u}.status = 'active'`
/** The person's name, contract (ms) and status as columns of a new row, from `users u` joined by PERSON_JOIN (none: '', 0, 0). */
const PERSON = `coalesce(u.name, ''), coalesce(${contractMsSql('u')}, 0), coalesce(${isActiveSql('u')}, 0)`
/** One lookup of the row's person (a trigger's insert … select reads the three columns from it). */
const personJoin = (userId: string) => `from (select 1) left join users u on u.id = ${userId}`
const KEY = (row: string, date: string) => `tenant_id = ${row}.tenant_id and monday = ${mondayOf(date)} and user_id = ${row}.user_id`

/** Adds a person-day row's ms to its week (the row made when missing). */
const addDay = (row: 'new') =>
  `insert into person_week_totals (tenant_id, monday, user_id, ${DAYS.join(', ')}, name, contract_ms, active)
    select ${row}.tenant_id, ${mondayOf(`${row}.date`)}, ${row}.user_id, ${onWeekday(`${row}.date`, `${row}.worked_ms`, '0').join(', ')}, ${PERSON}
    ${personJoin(`${row}.user_id`)} where true
    on conflict (tenant_id, monday, user_id) do update set ${DAYS.map((d) => `${d} = ${d} + excluded.${d}`).join(', ')};`

/** Takes a person-day row's ms off its week (an update only: a deleted person's week is gone, not made again). */
const removeDay = (row: 'old') =>
  `update person_week_totals set ${DAYS.map((d, i) => `${d} = ${d} - ${onWeekday(`${row}.date`, `${row}.worked_ms`, '0')[i]}`).join(', ')}
    where ${KEY(row, `${row}.date`)};`

/** A scheduled shift's net ms into its weekday (the row made when missing). */
const setShift = (row: 'new') =>
  `insert into person_week_totals (tenant_id, monday, user_id, ${SHIFTS.join(', ')}, name, contract_ms, active)
    select ${row}.tenant_id, ${mondayOf(`${row}.date`)}, ${row}.user_id, ${onWeekday(`${row}.date`, shiftNet(row), 'null').join(', ')}, ${PERSON}
    ${personJoin(`${row}.user_id`)} where ${row}.status = 'scheduled'
    on conflict (tenant_id, monday, user_id) do update set ${SHIFTS.map((s) => `${s} = coalesce(excluded.${s}, ${s})`).join(', ')};`

/** A shift's weekday cleared (one shift per person and date: shift_schedules_tenant_user_date_uq). */
const clearShift = (row: 'old') =>
  `update person_week_totals set ${SHIFTS.map((s, i) => `${s} = ${onWeekday(`${row}.date`, 'null', s)[i]}`).join(', ')}
    where ${row}.status = 'scheduled' and ${KEY(row, `${row}.date`)};`

/** Adds (or subtracts) an active person's week to the organisation's. */
const addWeek = (row: 'new' | 'old', sign: '' | '-') =>
  `insert into tenant_week_totals (tenant_id, monday, ${DAYS.join(', ')}, with_time)
    select ${row}.tenant_id, ${row}.monday, ${DAYS.map((d) => `${sign}${row}.${d}`).join(', ')}, ${sign}(${row}.worked_ms >= ${WITH_TIME_MS})
    where ${row}.active = 1
    on conflict (tenant_id, monday) do update set ${DAYS.map((d) => `${d} = ${d} + excluded.${d}`).join(', ')}, with_time = with_time + excluded.with_time;`

const TRIGGERS: [string, string][] = [
  ['person_week_day_insert', `after insert on person_day_totals begin ${addDay('new')} end`],
  ['person_week_day_delete', `after delete on person_day_totals begin ${removeDay('old')} end`],
  ['person_week_day_update', `after update on person_day_totals begin ${removeDay('old')} ${addDay('new')} end`],
  ['person_week_shift_insert', `after insert on shift_schedules begin ${setShift('new')} end`],
  ['person_week_shift_delete', `after delete on shift_schedules begin ${clearShift('old')} end`],
  ['person_week_shift_update', `after update on shift_schedules begin ${clearShift('old')} ${setShift('new')} end`],
  [
    'person_week_user_update',
    `after update of name, weekly_hours, status on users
      when old.name is not new.name or old.weekly_hours is not new.weekly_hours or old.status is not new.status begin
      update person_week_totals set name = new.name, contract_ms = ${contractMsSql('new')}, active = (${isActiveSql('new')})
      where tenant_id = new.tenant_id and user_id = new.id; end`,
  ],
  ['person_week_user_delete', 'after delete on users begin delete from person_week_totals where tenant_id = old.tenant_id and user_id = old.id; end'],
  ['tenant_week_insert', `after insert on person_week_totals begin ${addWeek('new', '')} end`],
  ['tenant_week_delete', `after delete on person_week_totals begin ${addWeek('old', '-')} end`],
  ['tenant_week_update', `after update on person_week_totals begin ${addWeek('old', '-')} ${addWeek('new', '')} end`],
]

/**
 * Creates the triggers when any is missing (a new database, or one from before the tables) and
 * then counts both tables again (recountPersonWeeks) in the same transaction.
 */
export function ensurePersonWeekTotals(db: DbLike): void {
  ensureTriggers(db, { triggers: TRIGGERS, repair: recountPersonWeeks })
}

/**
 * Both tables counted again from person_day_totals, shift_schedules and users (the person rows'
 * inserts fill the organisation's through the triggers).
 */
export function recountPersonWeeks(db: DbLike): void {
  // In this order: the person rows' deletion subtracts them from the organisation's first.
  db.run(sql`delete from person_week_totals`)
  db.run(sql`delete from tenant_week_totals`)
  db.run(
    sql.raw(`insert into person_week_totals (tenant_id, monday, user_id, ${DAYS.join(', ')}, ${SHIFTS.join(', ')}, name, contract_ms, active)
    select x.tenant_id, x.monday, x.user_id, ${DAYS.map((d) => `sum(x.${d})`).join(', ')}, ${SHIFTS.map((s) => `max(x.${s})`).join(', ')},
      coalesce(max(u.name), ''), coalesce(max(${contractMsSql('u')}), 0), coalesce(max(${isActiveSql('u')}), 0)
    from (
      select tenant_id, ${mondayOf('date')} as monday, user_id, ${onWeekday('date', 'worked_ms', '0')
        .map((v, i) => `${v} as d${i}`)
        .join(', ')}, ${SHIFTS.map((s) => `null as ${s}`).join(', ')}
      from person_day_totals
      union all
      select s.tenant_id, ${mondayOf('s.date')}, s.user_id, ${DAYS.map(() => '0').join(', ')}, ${onWeekday('s.date', shiftNet('s'), 'null').join(', ')}
      from shift_schedules s where s.status = 'scheduled'
    ) x left join users u on u.id = x.user_id
    group by x.tenant_id, x.monday, x.user_id`),
  )
}
