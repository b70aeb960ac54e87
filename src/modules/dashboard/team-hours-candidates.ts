import type { TenantScope } from '../../kernel/ctx'
import { hoursFromMs } from '../../kernel/time'
import { activeMembersByName, compareNames } from '../users/name-order'
import { countActiveUsers, type HoursMember } from '../users/queries'
import { dayOverShiftMs, weekOvertimeMs } from './overtime'
import { clockedInOf } from './person-week-queries'

/**
 * The people of the organisation-wide team hours of a week as its two lists rank them, and the
 * answer made of them (team-hours-now.ts).
 */

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
export interface Candidate {
  id: string
  name: string
  hours: number
  overtimeHours: number
  overtimeMs: number
  days: number
}

/**
 * The people with hours (all of them, ranked), then the active people without hours in listing
 * order (activeMembersByName) up to `listed`, each with their days, overtime and session as
 * `figuresOf` finds them (clocked in: their session may have given them a day; a few seconds
 * round to no hours), else none.
 */
export function withNoHours(c: TenantScope, listed: number, withHours: Candidate[], figuresOf: (ids: string[]) => ReadonlyMap<string, Candidate>): Candidate[] {
  const taken = new Set(withHours.map((p) => p.id))
  const rest: HoursMember[] = []
  for (const m of activeMembersByName(c)) {
    if (withHours.length + rest.length >= listed) break
    if (!taken.has(m.id)) rest.push(m)
  }
  const known = figuresOf(rest.map((m) => m.id))
  const noHours = rest.map((m): Candidate => known.get(m.id) ?? { id: m.id, name: m.name, hours: 0, overtimeHours: 0, overtimeMs: 0, days: 0 })
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

export const mostHours = (a: Candidate, b: Candidate) => b.hours - a.hours || byName(a, b)

export const mostOvertime = (a: Candidate, b: Candidate) => b.overtimeHours - a.overtimeHours || compareNames(a.name, b.name) || mostHours(a, b)

/** A person clocked in this week, with what liveCandidate needs. */
export interface LiveWeek {
  userId: string
  name: string
  contractMs: number
  /** Net ms of the open session until now. */
  liveMs: number
  /** The kept week's ms, days with time and ms over shifts. */
  workedMs: number
  daysWorked: number
  overShiftMs: number
  /** The kept ms of the session's date, and its shift's net ms (null: none). */
  dayMs: number
  shiftMs: number | null
}

/** A person clocked in as the lists rank them: their kept week with the open session added on its date. */
export function liveCandidate(o: LiveWeek): Candidate {
  const ms = o.workedMs + o.liveMs
  const after = o.dayMs + o.liveMs
  const shift = o.shiftMs ?? Number.NaN
  const days = o.daysWorked + Number(after > 0) - Number(o.dayMs > 0)
  const overShift = o.overShiftMs + dayOverShiftMs(after, shift) - dayOverShiftMs(o.dayMs, shift)
  const overtimeMs = weekOvertimeMs(ms, o.contractMs, overShift)
  return { id: o.userId, name: o.name, hours: hoursFromMs(ms), overtimeHours: hoursFromMs(overtimeMs), overtimeMs, days }
}

/** The answer from the week's totals and the two lists (each person's is_clocked_in read now). */
export function answerOf(
  c: TenantScope,
  totals: { totalMs: number; withTime: number; dayMs: number[] },
  members: Candidate[],
  overtime: Candidate[],
): TeamHoursFigures {
  const clockedIn = clockedInOf(
    c,
    members.map((p) => p.id),
  )
  return {
    memberCount: countActiveUsers(c, null),
    ...totals,
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
