import type { TenantScope } from '../../kernel/ctx'
import { prepared, sqliteOf } from '../../kernel/db'
import { MINUTE, addDays, hoursFromMs, localRange } from '../../kernel/time'
import { companySettingsAsOfAuth } from '../tenants/queries'
import { activeMembersByName, compareNames } from '../users/name-order'
import { countActiveUsers, type HoursMember } from '../users/queries'
import { dayOverShiftMs, weekOvertimeMs } from './overtime'
import { DAILY_GRACE_MINUTES } from './overtime-grace'
import { openSessionNetMsSql } from './person-open-sessions'
import { DAYS, SHIFTS, WITH_TIME_MS } from './person-week-totals'
import { hasPendingPersonDays } from './tenant-day-totals'

/** What summarize_team_hours answers, computed either way (summarize-team-hours.ts). */
export interface TeamHoursFigures {
  memberCount: number
  totalMs: number
  withTime: number
  /** Everyone's ms per date of the period up to today. */
  dayMs: number[]
  members: ListedMember[]
  overtime: { user_id: string; name: string; overtime_hours: number }[]
}

export interface ListedMember {
  user_id: string
  name: string
  hours: number
  overtime_hours: number
  days_worked: number
  is_clocked_in: boolean
}

/** A person as the two lists rank them. */
interface Candidate {
  id: string
  name: string
  hours: number
  overtimeHours: number
  overtimeMs: number
  days: number
}

type WeekDays = Record<(typeof DAYS)[number], number>

/**
 * The organisation-wide team hours of one ISO week (this_week, last_week) from the kept week rows
 * (person-week-totals.ts) instead of every person's days: the totals from the organisation's row,
 * the top of each list from its index, and the people clocked in now from their kept week plus
 * their open session (which the kept rows do not hold). Its cost grows with the people clocked in
 * and the lists' length, not with the organisation (issue 18, growth).
 *
 * Null when the kept rows cannot answer exactly, and the caller computes from the days: time-log
 * changes not counted yet (rows written by hand), or closed time on a date after today (it counts
 * in hours but not yet in overtime).
 */
export function orgWeekFigures(c: TenantScope, monday: string, today: string, listed: number): TeamHoursFigures | null {
  const sunday = addDays(monday, 6)
  const lastDate = sunday < today ? sunday : today
  if (lastDate < monday || hasPendingPersonDays(c) || (sunday > today && closedTimeAfter(c, today, sunday))) return null
  const shown = Math.round((Date.parse(lastDate) - Date.parse(monday)) / 86_400_000) + 1
  const week = tenantWeek(c, monday)
  const dayMs = DAYS.slice(0, shown).map((d) => week[d])
  let totalMs = DAYS.reduce((sum, d) => sum + week[d], 0)
  let withTime = week.withTime

  // People clocked in now: their open session's ms of the week (their kept week holds none of it).
  const starts = dayStarts(monday, c.tenant.timezone)
  const open = openSessions(c, monday, starts)
  const inWeek = new Set<string>()
  for (const o of open) {
    inWeek.add(o.userId)
    if (o.day < 0) continue
    totalMs += o.liveMs
    withTime += Number(o.workedMs + o.liveMs >= WITH_TIME_MS) - Number(o.workedMs >= WITH_TIME_MS)
    if (o.day < shown) dayMs[o.day]! += o.liveMs
  }

  // The top of each list by the kept weeks. The people clocked in rank at their kept week or
  // above, so whoever can rank is in these rows, or clocked in and could reach the last row.
  const byHours = topOfIndex(c, 'hours', monday, listed)
  const byOvertime = topOfIndex(c, 'overtime', monday, listed)
  const floor = (kept: KeptWeek[], value: (k: KeptWeek) => number) => (kept.length < listed ? Number.NEGATIVE_INFINITY : hoursFromMs(value(kept.at(-1)!)))
  const hoursFloor = floor(byHours, (k) => k.workedMs)
  const overtimeFloor = floor(byOvertime, (k) => k.overtimeMs)
  // A little under the floors (hours are rounded to hundredths): a superset, judged exactly below.
  const floorMs = (hours: number) => (hours - 0.01) * 3_600_000
  const grace = DAILY_GRACE_MINUTES * MINUTE
  const mayRank = (o: OpenSession) => {
    const session = o.day < 0 ? 0 : o.liveMs
    const week = o.workedMs + session
    // Overtime needs a week over its contract or a day over its shift's grace; a session adds to
    // it at most itself and that grace.
    const mayHaveOvertime = o.overtimeMs > 0 || week > Math.min(grace, o.contractMs > 0 ? o.contractMs : grace)
    const overtimeAtMost = o.overtimeMs + (o.day < 0 ? 0 : session + grace)
    return (week >= WITH_TIME_MS && week >= floorMs(hoursFloor)) || (mayHaveOvertime && overtimeAtMost >= floorMs(overtimeFloor))
  }
  const details = (ids: string[]) => openWeeks(c, monday, starts, ids).map(liveCandidate)
  const live = new Map(details(open.filter(mayRank).map((o) => o.userId)).map((p) => [p.id, p]))
  const kept = (k: KeptWeek): Candidate =>
    live.get(k.userId) ?? {
      id: k.userId,
      name: k.name,
      hours: hoursFromMs(k.workedMs),
      overtimeHours: hoursFromMs(k.overtimeMs),
      overtimeMs: k.overtimeMs,
      days: k.daysWorked,
    }
  const unique = (people: Candidate[]) => [...new Map(people.map((p) => [p.id, p])).values()]
  const ranked = unique([...byHours.map(kept), ...[...live.values()].filter((p) => p.hours >= hoursFloor)]).sort(mostHours)
  // Fewer people with hours than the list shows: everyone with hours, then the rest by name.
  const members =
    withTime >= listed
      ? ranked.slice(0, listed)
      : withNoHours(
          c,
          monday,
          listed,
          ranked.filter((p) => p.hours > 0),
          live,
          inWeek,
          details,
        )
  const overtime = unique([...byOvertime.map(kept), ...live.values()])
    .filter((p) => p.overtimeMs > 0 && p.overtimeHours >= overtimeFloor)
    .sort(mostOvertime)
    .slice(0, listed)
  const clockedIn = clockedInOf(
    c,
    members.map((p) => p.id),
  )
  return {
    memberCount: countActiveUsers(c, null),
    totalMs,
    withTime,
    dayMs,
    members: members.map((p) => ({
      user_id: p.id,
      name: p.name,
      hours: p.hours,
      overtime_hours: p.overtimeHours,
      days_worked: p.days,
      is_clocked_in: clockedIn.has(p.id),
    })),
    overtime: overtime.map((p) => ({ user_id: p.id, name: p.name, overtime_hours: p.overtimeHours })),
  }
}

/**
 * The people with hours (all of them, ranked), then the active people without hours in listing
 * order (activeMembersByName) up to `listed`, each with their days, overtime and session: their
 * live figures when clocked in, else their kept week (a few seconds round to no hours), else none.
 */
function withNoHours(
  c: TenantScope,
  monday: string,
  listed: number,
  withHours: Candidate[],
  live: ReadonlyMap<string, Candidate>,
  inWeek: ReadonlySet<string>,
  details: (ids: string[]) => Candidate[],
): Candidate[] {
  const taken = new Set(withHours.map((p) => p.id))
  const rest: HoursMember[] = []
  for (const m of activeMembersByName(c)) {
    if (withHours.length + rest.length >= listed) break
    if (!taken.has(m.id)) rest.push(m)
  }
  // Clocked in without hours yet: their session may still have given them a day.
  const sessions = new Map(details(rest.filter((m) => inWeek.has(m.id) && !live.has(m.id)).map((m) => m.id)).map((p) => [p.id, p]))
  const keptWeeks = new Map(
    keptWeeksOf(
      c,
      monday,
      rest.filter((m) => !inWeek.has(m.id)).map((m) => m.id),
    ).map((k) => [k.userId, k]),
  )
  const noHours = rest.map((m): Candidate => {
    const k = keptWeeks.get(m.id)
    return (
      live.get(m.id) ??
      sessions.get(m.id) ?? {
        id: m.id,
        name: m.name,
        hours: 0,
        overtimeHours: k ? hoursFromMs(k.overtimeMs) : 0,
        overtimeMs: k?.overtimeMs ?? 0,
        days: k?.daysWorked ?? 0,
      }
    )
  })
  return [...withHours, ...noHours]
}

/** Which of these people are clocked in now. */
function clockedInOf(c: TenantScope, ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set()
  const rows = prepared(c.db, 'personOpen.of', (d) =>
    sqliteOf(d).query<{ userId: string }, [number, string]>(
      'select o.user_id as userId from json_each(?2) j cross join person_open_sessions o on o.tenant_id = ?1 and o.user_id = j.value',
    ),
  ).all(c.tenant.id, JSON.stringify(ids))
  return new Set(rows.map((r) => r.userId))
}

/** These people's kept weeks (each id once). */
function keptWeeksOf(c: TenantScope, monday: string, ids: readonly string[]): KeptWeek[] {
  if (ids.length === 0) return []
  return prepared(c.db, 'personWeek.of', (d) =>
    sqliteOf(d).query<KeptWeek, [number, string, string]>(
      `select p.user_id as userId, p.name, p.worked_ms as workedMs, p.days_worked as daysWorked, p.overtime_ms as overtimeMs
       from json_each(?3) j cross join person_week_totals p on p.tenant_id = ?1 and p.monday = ?2 and p.user_id = j.value`,
    ),
  ).all(c.tenant.id, monday, JSON.stringify(ids))
}

/**
 * The order of the days path (team-hours-days.ts): by name as people-order ranks names (the
 * default collator), then as the members are read there (users_tenant_name_idx: name in SQLite's
 * binary order, then id).
 */
function byName(a: Candidate, b: Candidate): number {
  return compareNames(a.name, b.name) || Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}
const mostHours = (a: Candidate, b: Candidate) => b.hours - a.hours || byName(a, b)
const mostOvertime = (a: Candidate, b: Candidate) => b.overtimeHours - a.overtimeHours || compareNames(a.name, b.name) || mostHours(a, b)

interface KeptWeek {
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
function topOfIndex(c: TenantScope, by: 'hours' | 'overtime', monday: string, listed: number): KeptWeek[] {
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

interface OpenWeek {
  userId: string
  name: string
  contractMs: number
  /** Net ms of the open session until now. */
  liveMs: number
  /** Its clock-in date as a day of the week (0 = Monday), -1 outside the week. */
  day: number
  /** The kept week's ms, days with time and ms over shifts. */
  workedMs: number
  daysWorked: number
  overShiftMs: number
  /** The kept ms of the session's date (0 outside the week), and its shift's net ms (null: none). */
  dayMs: number
  shiftMs: number | null
}

/** A person clocked in as the lists rank them: their kept week with the open session added on its date. */
function liveCandidate(o: OpenWeek): Candidate {
  let ms = o.workedMs
  let days = o.daysWorked
  let overShift = o.overShiftMs
  if (o.day >= 0) {
    const after = o.dayMs + o.liveMs
    const shift = o.shiftMs ?? Number.NaN
    ms += o.liveMs
    days += Number(after > 0) - Number(o.dayMs > 0)
    overShift += dayOverShiftMs(after, shift) - dayOverShiftMs(o.dayMs, shift)
  }
  const overtimeMs = weekOvertimeMs(ms, o.contractMs, overShift)
  return { id: o.userId, name: o.name, hours: hoursFromMs(ms), overtimeHours: hoursFromMs(overtimeMs), overtimeMs, days }
}

/** An active person clocked in: their open session's net ms until now and day of the week, and their kept week's ms and overtime. */
interface OpenSession {
  userId: string
  liveMs: number
  /** The session's clock-in date as a day of the week (0 = Monday), -1 outside the week. */
  day: number
  workedMs: number
  overtimeMs: number
  contractMs: number
}

/**
 * The clock-in's day of the week of person_open_sessions row `o`, given ?3 … ?10, the instants
 * Monday … Sunday and the next Monday start at: how many of Tuesday … Sunday's starts it is at or
 * after; -1 outside the week.
 */
const DAY_OF_WEEK = `case when o.clock_in_at < ?3 or o.clock_in_at >= ?10 then -1 else ${[4, 5, 6, 7, 8, 9].map((i) => `(o.clock_in_at >= ?${i})`).join(' + ')} end`
/** Their kept week (?11: its Monday); without one, their status from users. */
const KEPT_WEEK = 'left join person_week_totals p on p.tenant_id = ?2 and p.monday = ?11 and p.user_id = o.user_id'
const ACTIVE = "coalesce(p.active, (select u.status = 'active' from users u where u.id = o.user_id)) = 1"

/**
 * Every active person clocked in now since the week began (person_open_sessions: a row each, one
 * range; a session from before adds nothing to the week), with what the organisation's totals and
 * the lists' cut need: a few numbers each, not their whole week.
 */
function openSessions(c: TenantScope, monday: string, starts: number[]): OpenSession[] {
  const paid = companySettingsAsOfAuth(c).paidBreakKinds
  return prepared(c.db, `personWeek.openSessions:${paid.join(',')}`, (d) =>
    sqliteOf(d).query<OpenSession, (string | number)[]>(
      `select o.user_id as userId, ${openSessionNetMsSql('o', paid)} as liveMs, ${DAY_OF_WEEK} as day,
        coalesce(p.worked_ms, 0) as workedMs, coalesce(p.overtime_ms, 0) as overtimeMs,
        coalesce(p.contract_ms, (select u.weekly_hours * 3600000.0 from users u where u.id = o.user_id)) as contractMs
      from person_open_sessions o ${KEPT_WEEK} where o.tenant_id = ?2 and o.clock_in_at >= ?3 and o.clock_in_at < ?10 and ${ACTIVE}`,
    ),
  ).all(c.now, c.tenant.id, ...starts, monday)
}

/** A person clocked in, with what liveCandidate needs. */
interface OpenWeek {
  userId: string
  name: string
  contractMs: number
  liveMs: number
  day: number
  /** The kept week's ms, days with time and ms over shifts. */
  workedMs: number
  daysWorked: number
  overShiftMs: number
  /** The kept ms of the session's date (0 outside the week), and its shift's net ms (null: none). */
  dayMs: number
  shiftMs: number | null
}

/** These people clocked in (ids from openSessions), each with their name, contract and the kept week's figures liveCandidate needs. */
function openWeeks(c: TenantScope, monday: string, starts: number[], ids: string[]): OpenWeek[] {
  if (ids.length === 0) return []
  const paid = companySettingsAsOfAuth(c).paidBreakKinds
  const ofDay = (columns: readonly string[]) => `case ${DAY_OF_WEEK} ${columns.map((column, i) => `when ${i} then p.${column}`).join(' ')} end`
  const orUser = (column: string, expr: string) => `coalesce(p.${column}, (select ${expr} from users u where u.id = o.user_id))`
  return prepared(c.db, `personWeek.openWeeks:${paid.join(',')}`, (d) =>
    sqliteOf(d).query<OpenWeek, (string | number)[]>(
      `select o.user_id as userId, ${orUser('name', 'u.name')} as name, ${orUser('contract_ms', 'u.weekly_hours * 3600000.0')} as contractMs,
        ${openSessionNetMsSql('o', paid)} as liveMs, ${DAY_OF_WEEK} as day,
        coalesce(p.worked_ms, 0) as workedMs, coalesce(p.days_worked, 0) as daysWorked, coalesce(p.over_shift_ms, 0) as overShiftMs,
        coalesce(${ofDay(DAYS)}, 0) as dayMs, ${ofDay(SHIFTS)} as shiftMs
      from json_each(?12) j cross join person_open_sessions o on o.tenant_id = ?2 and o.user_id = j.value ${KEPT_WEEK}`,
    ),
  ).all(c.now, c.tenant.id, ...starts, monday, JSON.stringify(ids))
}

/** The instants a week's 7 days and the next Monday start at, per zone and Monday (Intl arithmetic: remembered). */
const knownStarts = new Map<string, number[]>()
function dayStarts(monday: string, tz: string): number[] {
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
function tenantWeek(c: TenantScope, monday: string): WeekDays & { withTime: number } {
  const row = prepared(c.db, 'tenantWeek.row', (d) =>
    sqliteOf(d).query<WeekDays & { withTime: number }, [number, string]>(
      `select ${DAYS.join(', ')}, with_time as withTime from tenant_week_totals where tenant_id = ? and monday = ?`,
    ),
  ).get(c.tenant.id, monday)
  return row ?? { d0: 0, d1: 0, d2: 0, d3: 0, d4: 0, d5: 0, d6: 0, withTime: 0 }
}

/** Whether anyone has closed time on a date in (after, to]. */
function closedTimeAfter(c: TenantScope, after: string, to: string): boolean {
  return (
    prepared(c.db, 'personDay.after', (d) =>
      sqliteOf(d).query<{ one: number }, [number, string, string]>(
        'select 1 as one from person_day_totals where tenant_id = ? and date > ? and date <= ? limit 1',
      ),
    ).get(c.tenant.id, after, to) !== null
  )
}
