import { sql } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import { MINUTE, hoursFromMs } from '../../kernel/time'
import { ensureTriggers } from '../../kernel/triggers'
import { localDaysSql } from '../tenants/zone-offsets'

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

/** The organisation's per-weekday columns of the open sessions: running count, their open_base sum, the paused ones' ms. */
export const RUNNING = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6'] as const
export const BASES = ['b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6'] as const
export const PAUSED = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6'] as const
/** A person row's contribution to each of those columns. */
const openColumns = (row: string): string[] =>
  [0, 1, 2, 3, 4, 5, 6].flatMap((i) => {
    const on = `${row}.open_day = ${i}`
    return [
      `(${row}.week_running is not null and ${on})`,
      `(case when ${row}.week_running is not null and ${on} then ${row}.open_base else 0 end)`,
      `(case when ${row}.open_paused_at is not null and ${on} then max(0, ${row}.open_paused_at - ${row}.open_base) else 0 end)`,
    ]
  })
const OPEN_COLUMNS = [0, 1, 2, 3, 4, 5, 6].flatMap((i) => [RUNNING[i], BASES[i], PAUSED[i]])
const ORG_COLUMNS = [...DAYS, 'with_time', 'with_time_static', ...OPEN_COLUMNS]

/** Adds (or subtracts) an active person's week to the organisation's. */
const addWeek = (row: 'new' | 'old', sign: '' | '-') =>
  `insert into tenant_week_totals (tenant_id, monday, ${ORG_COLUMNS.join(', ')})
    select ${row}.tenant_id, ${row}.monday, ${[
      ...DAYS.map((d) => `${row}.${d}`),
      `(${row}.worked_ms >= ${WITH_TIME_MS})`,
      `coalesce(${row}.week_static >= ${WITH_TIME_MS}, 0)`,
      ...openColumns(row),
    ]
      .map((v) => `${sign}${v}`)
      .join(', ')}
    where ${row}.active = 1
    on conflict (tenant_id, monday) do update set ${ORG_COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')};`

/**
 * Open sessions onto their weeks: each person_open_sessions row `o` that `where` picks, on the row
 * of its clock-in's tenant-local week (zone_offsets: a clock-in the table does not cover is not
 * placed, and the kept reads decline for that tenant: team-hours-week.ts), with the tenant's paid
 * break kinds. The week's row is made when missing.
 */
const OPEN_FIELDS = [
  'open_in',
  'open_day',
  'open_break_ms',
  'open_lunch_ms',
  'open_break_kind',
  'open_break_since',
  'open_odd',
  'open_latest',
  'paid_break',
  'paid_lunch',
]
/** The Monday (YYYY-MM-DD) and the weekday (0 = Monday) of a day counted from 1970-01-01, a Thursday. */
const mondayOfDays = (days: string) => `date((${days} - (${days} + 3) % 7) * 86400, 'unixepoch')`
const weekdayOfDays = (days: string) => `((${days} + 3) % 7)`
const paidSql = (kind: string) => `coalesce(instr(t.paid_break_kinds, '"${kind}"') > 0, 0)`
const place = (where: string) =>
  `insert into person_week_totals (tenant_id, monday, user_id, name, contract_ms, active, ${OPEN_FIELDS.join(', ')})
    select o.tenant_id, ${mondayOfDays('o.days')}, o.user_id, ${PERSON},
      o.clock_in_at, ${weekdayOfDays('o.days')}, o.break_ended_ms, o.lunch_ended_ms, o.open_break_kind, o.open_break_since, o.odd_breaks,
      max(o.clock_in_at, coalesce(o.latest_break_at, o.clock_in_at)), ${paidSql('break')}, ${paidSql('lunch')}
    from (select s.*, ${localDaysSql('s.clock_in_at', 's.tenant_id')} as days from person_open_sessions s where ${where}) o
      left join users u on u.id = o.user_id left join tenants t on t.id = o.tenant_id
    where o.days is not null
    on conflict (tenant_id, monday, user_id) do update set ${OPEN_FIELDS.map((f) => `${f} = excluded.${f}`).join(', ')};`
const CLEARED =
  'open_in = null, open_day = null, open_break_ms = 0, open_lunch_ms = 0, open_break_kind = null, open_break_since = null, open_odd = 0, open_latest = null, paid_break = 0, paid_lunch = 0'
/** Takes an open session `old` off its week's row. */
const unplace = (row: 'old') => {
  const days = localDaysSql(`${row}.clock_in_at`, `${row}.tenant_id`)
  return `update person_week_totals set ${CLEARED}
    where tenant_id = ${row}.tenant_id and monday = ${mondayOfDays(days)} and user_id = ${row}.user_id
      and open_in = ${row}.clock_in_at;`
}
/** Every open session of tenants `where` (SQL over tenants `t2`) placed again: their zone or paid kinds changed, or their zone's offsets arrived. */
const placeAgain = (tenants: string) =>
  `update person_week_totals set ${CLEARED} where open_in is not null and tenant_id in (select t2.id from tenants t2 where ${tenants});
   ${place(`s.tenant_id in (select t2.id from tenants t2 where ${tenants})`)}`

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
  ['person_week_open_insert', `after insert on person_open_sessions begin ${place('s.tenant_id = new.tenant_id and s.user_id = new.user_id')} end`],
  ['person_week_open_delete', `after delete on person_open_sessions begin ${unplace('old')} end`],
  [
    'person_week_open_update',
    `after update on person_open_sessions begin ${unplace('old')} ${place('s.tenant_id = new.tenant_id and s.user_id = new.user_id')} end`,
  ],
  [
    'person_week_open_tenant_update',
    `after update of timezone, paid_break_kinds on tenants
      when old.timezone is not new.timezone or old.paid_break_kinds is not new.paid_break_kinds begin ${placeAgain('t2.id = new.id')} end`,
  ],
  // A zone's rows end with the null one (tenants/zone-offsets.ts): its tenants' sessions placed again.
  ['person_week_open_zone', `after insert on zone_offsets when new.offset_ms is null begin ${placeAgain('t2.timezone = new.zone')} end`],
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
  db.run(sql.raw(place('true')))
}
