import type { TenantScope } from '../../kernel/ctx'
import { MINUTE, addDays, hoursFromMs } from '../../kernel/time'
import { activeMembersByName, compareNames } from '../users/name-order'
import { countActiveUsers, type HoursMember } from '../users/queries'
import { dayOverShiftMs, weekOvertimeMs } from './overtime'
import { DAILY_GRACE_MINUTES } from './overtime-grace'
import { DAYS, WITH_TIME_MS } from './person-week-totals'
import {
  closedTimeAfter,
  clockedInOf,
  dayStarts,
  keptWeeksOf,
  openSessions,
  openWeeks,
  tenantWeek,
  topOfIndex,
  type KeptWeek,
  type OpenSession,
  type OpenWeek,
} from './person-week-queries'
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
    const week = o.workedMs + o.liveMs
    // Overtime needs a week over its contract or a day over its shift's grace; a session adds to
    // it at most itself and that grace.
    const mayHaveOvertime = o.overtimeMs > 0 || week > Math.min(grace, o.contractMs > 0 ? o.contractMs : grace)
    const overtimeAtMost = o.overtimeMs + o.liveMs + grace
    return (week >= WITH_TIME_MS && week >= floorMs(hoursFloor)) || (mayHaveOvertime && overtimeAtMost >= floorMs(overtimeFloor))
  }
  const details = (ids: string[]) => openWeeks(c, monday, starts, ids).map(liveCandidate)
  const live = new Map(details(open.filter(mayRank).map((o) => o.userId)).map((p) => [p.id, p]))
  const kept = (k: KeptWeek): Candidate => live.get(k.userId) ?? keptCandidate(k)
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
    return live.get(m.id) ?? sessions.get(m.id) ?? (k ? keptCandidate(k) : { id: m.id, name: m.name, hours: 0, overtimeHours: 0, overtimeMs: 0, days: 0 })
  })
  return [...withHours, ...noHours]
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

/** A person not clocked in this week as the lists rank them: their kept week. */
function keptCandidate(k: KeptWeek): Candidate {
  return { id: k.userId, name: k.name, hours: hoursFromMs(k.workedMs), overtimeHours: hoursFromMs(k.overtimeMs), overtimeMs: k.overtimeMs, days: k.daysWorked }
}

/** A person clocked in as the lists rank them: their kept week with the open session added on its date. */
function liveCandidate(o: OpenWeek): Candidate {
  const ms = o.workedMs + o.liveMs
  const after = o.dayMs + o.liveMs
  const shift = o.shiftMs ?? Number.NaN
  const days = o.daysWorked + Number(after > 0) - Number(o.dayMs > 0)
  const overShift = o.overShiftMs + dayOverShiftMs(after, shift) - dayOverShiftMs(o.dayMs, shift)
  const overtimeMs = weekOvertimeMs(ms, o.contractMs, overShift)
  return { id: o.userId, name: o.name, hours: hoursFromMs(ms), overtimeHours: hoursFromMs(overtimeMs), overtimeMs, days }
}
