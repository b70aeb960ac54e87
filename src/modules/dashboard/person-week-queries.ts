import type { TenantScope } from '../../kernel/ctx'
import { prepared, sqliteOf } from '../../kernel/db'
import { addDays, hoursFromMs, localRange } from '../../kernel/time'
import { companySettingsAsOfAuth } from '../tenants/queries'
import { openSessionNetMsSql } from './person-open-sessions'
import { BASES, DAYS, PAUSED, RUNNING, SHIFTS, WITH_TIME_MS, contractMsSql, isActiveSql } from './person-week-totals'

/**
 * The statements of the organisation-wide team hours of a week (team-hours-week.ts) over the kept
 * rows: person_week_totals, tenant_week_totals, person_open_sessions.
 */

export type WeekDays = Record<(typeof DAYS)[number], number>

/** Which of these people are clocked in now. */
export function clockedInOf(c: TenantScope, ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set()
  const rows = prepared(c.db, 'personOpen.of', (d) =>
    sqliteOf(d).query<{ userId: string }, [number, string]>(
      'select o.user_id as userId from json_each(?2) j cross join person_open_sessions o on o.tenant_id = ?1 and o.user_id = j.value',
    ),
  ).all(c.tenant.id, JSON.stringify(ids))
  return new Set(rows.map((r) => r.userId))
}

/** These people's kept weeks (each id once). */
export function keptWeeksOf(c: TenantScope, monday: string, ids: readonly string[]): KeptWeek[] {
  if (ids.length === 0) return []
  return prepared(c.db, 'personWeek.of', (d) =>
    sqliteOf(d).query<KeptWeek, [number, string, string]>(
      `select p.user_id as userId, p.name, p.worked_ms as workedMs, p.days_worked as daysWorked, p.overtime_ms as overtimeMs
       from json_each(?3) j cross join person_week_totals p on p.tenant_id = ?1 and p.monday = ?2 and p.user_id = j.value`,
    ),
  ).all(c.tenant.id, monday, JSON.stringify(ids))
}

export interface KeptWeek {
  userId: string
  name: string
  workedMs: number
  daysWorked: number
  overtimeMs: number
}

/**
 * The active people by their kept weeks, most hours (or overtime) first, until `listed` are read
 * and the next one rounds lower than the last: whoever not clocked in could rank, ties included.
 * Only people with hours (or overtime): those without are listed by name (withNoHours), and early
 * in a week they are everyone.
 */
export function topOfIndex(c: TenantScope, by: 'hours' | 'overtime', monday: string, listed: number): KeptWeek[] {
  const stmt = prepared(c.db, `personWeek.top:${by}`, (d) =>
    sqliteOf(d).query<KeptWeek, [number, string]>(
      `select user_id as userId, name, worked_ms as workedMs, days_worked as daysWorked, overtime_ms as overtimeMs from person_week_totals ${
        by === 'hours'
          ? `indexed by person_week_totals_hours_idx where tenant_id = ?1 and monday = ?2 and active = 1 and worked_ms >= ${WITH_TIME_MS} order by worked_ms desc`
          : 'indexed by person_week_totals_overtime_idx where tenant_id = ?1 and monday = ?2 and active = 1 and overtime_ms > 0 order by overtime_ms desc'
      }`,
    ),
  )
  const rounded = (k: KeptWeek) => hoursFromMs(by === 'hours' ? k.workedMs : k.overtimeMs)
  const out: KeptWeek[] = []
  let last = Number.POSITIVE_INFINITY
  for (const k of stmt.iterate(c.tenant.id, monday)) {
    if (out.length >= listed && rounded(k) < last) break
    out.push(k)
    last = rounded(k)
  }
  return out
}

/** An active person clocked in since the week began: their open session's net ms until now and its day, and their kept week's ms, overtime and contract. */
export interface OpenSession {
  userId: string
  liveMs: number
  /** The session's clock-in date as a day of the week (0 = Monday). */
  day: number
  workedMs: number
  overtimeMs: number
  contractMs: number
}

/** Sessions of person_open_sessions row `o` clocked in within the week: ?3 and ?10, the instants its Monday and the next Monday start at. */
const IN_WEEK = 'o.clock_in_at >= ?3 and o.clock_in_at < ?10'
/** The clock-in's day of the week (0 = Monday) of an IN_WEEK row, given ?4 … ?9, the instants Tuesday … Sunday start at: how many of them it is at or after. */
const DAY_OF_WEEK = `(${[4, 5, 6, 7, 8, 9].map((i) => `(o.clock_in_at >= ?${i})`).join(' + ')})`

/** Their kept week (?11: its Monday); without one, their figures from users. */
const KEPT_WEEK = 'left join person_week_totals p on p.tenant_id = ?2 and p.monday = ?11 and p.user_id = o.user_id'
const orUser = (column: string, expr: string) => `coalesce(p.${column}, (select ${expr} from users u where u.id = o.user_id))`
const ACTIVE = `${orUser('active', isActiveSql('u'))} = 1`

/**
 * Every active person clocked in now since the week began (person_open_sessions: a row each, one
 * range; a session from before adds nothing to the week), with what the organisation's totals and
 * the lists' cut need: a few numbers each, not their whole week.
 */
export function openSessions(c: TenantScope, monday: string, starts: number[]): OpenSession[] {
  const paid = companySettingsAsOfAuth(c).paidBreakKinds
  return prepared(c.db, `personWeek.openSessions:${paid.join(',')}`, (d) =>
    sqliteOf(d).query<OpenSession, (string | number)[]>(
      `select o.user_id as userId, ${openSessionNetMsSql('o', paid)} as liveMs, ${DAY_OF_WEEK} as day,
        coalesce(p.worked_ms, 0) as workedMs, coalesce(p.overtime_ms, 0) as overtimeMs,
        ${orUser('contract_ms', contractMsSql('u'))} as contractMs
      from person_open_sessions o ${KEPT_WEEK} where o.tenant_id = ?2 and ${IN_WEEK} and ${ACTIVE}`,
    ),
  ).all(c.now, c.tenant.id, ...starts, monday)
}

/** A person clocked in, with what liveCandidate needs. */
export interface OpenWeek {
  userId: string
  name: string
  contractMs: number
  /** Net ms of the open session until now. */
  liveMs: number
  /** Its clock-in date as a day of the week (0 = Monday). */
  day: number
  /** The kept week's ms, days with time and ms over shifts. */
  workedMs: number
  daysWorked: number
  overShiftMs: number
  /** The kept ms of the session's date, and its shift's net ms (null: none). */
  dayMs: number
  shiftMs: number | null
}

/** These people clocked in since the week began (ids from openSessions), each with their name, contract and the kept week's figures liveCandidate needs. */
export function openWeeks(c: TenantScope, monday: string, starts: number[], ids: string[]): OpenWeek[] {
  if (ids.length === 0) return []
  const paid = companySettingsAsOfAuth(c).paidBreakKinds
  const ofDay = (columns: readonly string[]) => `case ${DAY_OF_WEEK} ${columns.map((column, i) => `when ${i} then p.${column}`).join(' ')} end`
  return prepared(c.db, `personWeek.openWeeks:${paid.join(',')}`, (d) =>
    sqliteOf(d).query<OpenWeek, (string | number)[]>(
      `select o.user_id as userId, ${orUser('name', 'u.name')} as name, ${orUser('contract_ms', contractMsSql('u'))} as contractMs,
        ${openSessionNetMsSql('o', paid)} as liveMs, ${DAY_OF_WEEK} as day,
        coalesce(p.worked_ms, 0) as workedMs, coalesce(p.days_worked, 0) as daysWorked, coalesce(p.over_shift_ms, 0) as overShiftMs,
        coalesce(${ofDay(DAYS)}, 0) as dayMs, ${ofDay(SHIFTS)} as shiftMs
      from json_each(?12) j cross join person_open_sessions o on o.tenant_id = ?2 and o.user_id = j.value ${KEPT_WEEK} where ${IN_WEEK}`,
    ),
  ).all(c.now, c.tenant.id, ...starts, monday, JSON.stringify(ids))
}

/** The instants a week's 7 days and the next Monday start at, per zone and Monday (Intl arithmetic: remembered). */
const knownStarts = new Map<string, number[]>()

export function dayStarts(monday: string, tz: string): number[] {
  const key = `${tz} ${monday}`
  let starts = knownStarts.get(key)
  if (starts === undefined) {
    if (knownStarts.size >= 64) knownStarts.clear()
    starts = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => localRange(addDays(monday, i), addDays(monday, i), tz).from)
    knownStarts.set(key, starts)
  }
  return starts
}

/** The organisation's active week per weekday and how many have time (zeros before anyone has). */
export function tenantWeek(c: TenantScope, monday: string): WeekDays & { withTime: number } {
  const row = prepared(c.db, 'tenantWeek.row', (d) =>
    sqliteOf(d).query<WeekDays & { withTime: number }, [number, string]>(
      `select ${DAYS.join(', ')}, with_time as withTime from tenant_week_totals where tenant_id = ? and monday = ?`,
    ),
  ).get(c.tenant.id, monday)
  return row ?? { d0: 0, d1: 0, d2: 0, d3: 0, d4: 0, d5: 0, d6: 0, withTime: 0 }
}

/** Whether anyone has closed time on a date in (after, to]. */
export function closedTimeAfter(c: TenantScope, after: string, to: string): boolean {
  return (
    prepared(c.db, 'personDay.after', (d) =>
      sqliteOf(d).query<{ one: number }, [number, string, string]>(
        'select 1 as one from person_day_totals where tenant_id = ? and date > ? and date <= ? limit 1',
      ),
    ).get(c.tenant.id, after, to) !== null
  )
}

/**
 * A person's kept week with their open session of the week, as the lists at now read it
 * (team-hours-now.ts): `v` is the stream's key (see weekStream).
 */
export interface WeekRow {
  userId: string
  name: string
  workedMs: number
  daysWorked: number
  overShiftMs: number
  overtimeMs: number
  contractMs: number
  openIn: number | null
  openDay: number | null
  openBase: number | null
  openPausedAt: number | null
  openDayMs: number | null
  openShiftMs: number | null
  v: number
}

const WEEK_ROW = `user_id as userId, name, worked_ms as workedMs, days_worked as daysWorked, over_shift_ms as overShiftMs,
  overtime_ms as overtimeMs, contract_ms as contractMs, open_in as openIn, open_day as openDay, open_base as openBase,
  open_paused_at as openPausedAt, open_day_ms as openDayMs, open_shift_ms as openShiftMs`

/**
 * The week's active people in one stream's order, largest key first, keys at least ?3: the week's
 * ms when it does not grow with now (static), or minus now while running (running); the overtime
 * that does not grow (otStatic), or minus now over the contract (otWeek) or over the day's shift
 * (otDay) while running. Read lazily: the caller stops when no later row can rank.
 */
export type WeekStream = 'static' | 'running' | 'otStatic' | 'otWeek' | 'otDay'
const STREAM: Record<WeekStream, { column: string; index: string }> = {
  static: { column: 'week_static', index: 'person_week_totals_static_idx' },
  running: { column: 'week_running', index: 'person_week_totals_running_idx' },
  otStatic: { column: 'ot_static', index: 'person_week_totals_ot_static_idx' },
  otWeek: { column: 'ot_run_week', index: 'person_week_totals_ot_week_idx' },
  otDay: { column: 'ot_run_day', index: 'person_week_totals_ot_day_idx' },
}
export function weekStream(c: TenantScope, stream: WeekStream, monday: string, atLeast: number): IterableIterator<WeekRow> {
  const { column, index } = STREAM[stream]
  return prepared(c.db, `personWeek.stream:${stream}`, (d) =>
    sqliteOf(d).query<WeekRow, [number, string, number]>(
      `select ${WEEK_ROW}, ${column} as v from person_week_totals indexed by ${index}
       where tenant_id = ?1 and monday = ?2 and active = 1 and ${column} >= ?3 order by ${column} desc`,
    ),
  ).iterate(c.tenant.id, monday, atLeast)
}

/** These people's kept weeks with their open session of the week (each id once; none for who has no row). */
export function weekRowsOf(c: TenantScope, monday: string, ids: readonly string[]): WeekRow[] {
  if (ids.length === 0) return []
  return prepared(c.db, 'personWeek.rowsOf', (d) =>
    sqliteOf(d).query<WeekRow, [number, string, string]>(
      `select ${WEEK_ROW}, 0 as v from person_week_totals where tenant_id = ?1 and monday = ?2 and user_id in (select value from json_each(?3))`,
    ),
  ).all(c.tenant.id, monday, JSON.stringify(ids))
}

/** The organisation's week with its open sessions' sums per weekday of clock-in (tenant_week_totals). */
export interface WeekNow {
  days: number[]
  running: number[]
  bases: number[]
  paused: number[]
  withTimeStatic: number
}
export function tenantWeekNow(c: TenantScope, monday: string): WeekNow {
  const cols = [...DAYS, ...RUNNING, ...BASES, ...PAUSED, 'with_time_static']
  const row = prepared(c.db, 'tenantWeek.now', (d) =>
    sqliteOf(d).query<Record<string, number>, [number, string]>(`select ${cols.join(', ')} from tenant_week_totals where tenant_id = ? and monday = ?`),
  ).get(c.tenant.id, monday)
  const of = (names: readonly string[]) => names.map((n) => row?.[n] ?? 0)
  return { days: of(DAYS), running: of(RUNNING), bases: of(BASES), paused: of(PAUSED), withTimeStatic: row?.with_time_static ?? 0 }
}

/** Whether an open session of the week needs a later now than `now` to be counted from the kept columns (or has odd breaks). */
export function guardAfter(c: TenantScope, monday: string): boolean {
  return (
    prepared(c.db, 'personWeek.guard', (d) =>
      sqliteOf(d).query<{ one: number }, [number, string, number]>(
        'select 1 as one from person_week_totals indexed by person_week_totals_guard_idx where tenant_id = ? and monday = ? and open_guard > ? limit 1',
      ),
    ).get(c.tenant.id, monday, c.now) !== null
  )
}

/** Active people running a session whose week is still under `below` ms at now (just clocked in). */
export function runningUnder(c: TenantScope, monday: string, below: number): number {
  return (
    prepared(c.db, 'personWeek.runningUnder', (d) =>
      sqliteOf(d).query<{ n: number }, [number, string, number]>(
        'select count(*) as n from person_week_totals indexed by person_week_totals_running_idx where tenant_id = ? and monday = ? and active = 1 and week_running < ?',
      ),
    ).get(c.tenant.id, monday, below - c.now)?.n ?? 0
  )
}
