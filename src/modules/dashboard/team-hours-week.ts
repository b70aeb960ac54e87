import type { TenantScope } from '../../kernel/ctx'
import { MINUTE, addDays, hoursFromMs } from '../../kernel/time'
import { zoneCovers } from '../tenants/zone-offsets'
import { DAILY_GRACE_MINUTES } from './overtime-grace'
import { DAYS, WITH_TIME_MS } from './person-week-totals'
import {
  closedTimeAfter,
  dayStarts,
  keptWeeksOf,
  openSessions,
  openWeeks,
  tenantWeek,
  topOfIndex,
  guardAfter,
  type KeptWeek,
  type OpenSession,
} from './person-week-queries'
import {
  answerOf,
  keptCandidate,
  liveCandidate,
  mostHours,
  mostOvertime,
  unique,
  withNoHours,
  type Candidate,
  type TeamHoursFigures,
} from './team-hours-candidates'
import { figuresNow } from './team-hours-now'
import { hasPendingPersonDays } from './tenant-day-totals'

export type { TeamHoursFigures } from './team-hours-candidates'

/**
 * The organisation-wide team hours of one ISO week (this_week, last_week) from the kept week rows
 * (person-week-totals.ts) instead of every person's days. Usually by the streams at now
 * (team-hours-now.ts: its cost grows with the lists' length, not with the organisation nor with
 * the people clocked in); when an open session of the week needs a later now than this one to be
 * counted from its kept columns (a break or clock-in after now, odd breaks) or the zone's offsets
 * do not cover the week, per clocked-in person (weekPerSession: it grows with them).
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
  const starts = dayStarts(monday, c.tenant.timezone)
  if (zoneCovers(c.db, c.tenant.timezone, starts[0]!, starts[7]!) && !guardAfter(c, monday)) return figuresNow(c, monday, shown, listed)
  return weekPerSession(c, monday, shown, listed, starts)
}

/** The open sessions of the week read one by one, each with its kept week (see orgWeekFigures). */
function weekPerSession(c: TenantScope, monday: string, shown: number, listed: number, starts: number[]): TeamHoursFigures {
  const week = tenantWeek(c, monday)
  const dayMs = DAYS.slice(0, shown).map((d) => week[d])
  let totalMs = DAYS.reduce((sum, d) => sum + week[d], 0)
  let withTime = week.withTime

  // People clocked in now: their open session's ms of the week (their kept week holds none of it).
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
  const ranked = unique([...byHours.map(kept), ...[...live.values()].filter((p) => p.hours >= hoursFloor)]).sort(mostHours)
  // Fewer people with hours than the list shows: everyone with hours, then the rest by name.
  const members =
    withTime >= listed
      ? ranked.slice(0, listed)
      : withNoHours(
          c,
          listed,
          ranked.filter((p) => p.hours > 0),
          (ids) => {
            // Clocked in this week: their session's figures; the others their kept week.
            const sessions = new Map(details(ids.filter((id) => inWeek.has(id) && !live.has(id))).map((p) => [p.id, p]))
            const kept = keptWeeksOf(
              c,
              monday,
              ids.filter((id) => !inWeek.has(id)),
            ).map(keptCandidate)
            return new Map([...kept.map((p): [string, Candidate] => [p.id, p]), ...sessions, ...[...live].filter(([id]) => ids.includes(id))])
          },
        )
  const overtime = unique([...byOvertime.map(kept), ...live.values()])
    .filter((p) => p.overtimeMs > 0 && p.overtimeHours >= overtimeFloor)
    .sort(mostOvertime)
    .slice(0, listed)
  return answerOf(c, { totalMs, withTime, dayMs }, members, overtime)
}
