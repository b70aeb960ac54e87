import type { TenantScope } from '../../kernel/ctx'
import { prepared, sqliteOf } from '../../kernel/db'
import { addDays, localRange } from '../../kernel/time'
import { zoneCovers } from '../tenants/zone-offsets'
import { BASES, DAYS, PAUSED, RUNNING } from './person-week-totals'

/**
 * The statements of the organisation-wide team hours of a week (team-hours-week.ts,
 * team-hours-now.ts) over the kept rows: person_week_totals, tenant_week_totals, person_open_sessions.
 */

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
 * (otDay) while running. Read lazily: the caller stops when no later row can rank, and then
 * must close it (`return()`): a statement left stepping keeps its read snapshot after the request's
 * transaction ends, and the connection's next write fails with SQLITE_BUSY_SNAPSHOT once another
 * process has written (test/perf/team-hours-streams.test.ts).
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

/**
 * Whether every open session clocked in within the week of `monday` is counted by its kept columns
 * at this now: the zone's offsets cover the week (so each is placed on its week's row), and no
 * open_guard is after now (no clock-in or break after now, no overlapping or odd breaks).
 */
export function openSessionsCountedAtNow(c: TenantScope, monday: string): boolean {
  const starts = dayStarts(monday, c.tenant.timezone)
  if (!zoneCovers(c.db, c.tenant.timezone, starts[0]!, starts[7]!)) return false
  return (
    prepared(c.db, 'personWeek.guard', (d) =>
      sqliteOf(d).query<{ one: number }, [number, string, number]>(
        'select 1 as one from person_week_totals indexed by person_week_totals_guard_idx where tenant_id = ? and monday = ? and open_guard > ? limit 1',
      ),
    ).get(c.tenant.id, monday, c.now) === null
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
