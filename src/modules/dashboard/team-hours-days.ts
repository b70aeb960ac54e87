import type { TenantScope } from '../../kernel/ctx'
import { hoursFromMs, weekStart } from '../../kernel/time'
import { scheduledShiftSpans } from '../shifts/alert-queries'
import { workedMsBetween } from '../time-tracking/person-day-queries'
import type { WorkedMs } from '../time-tracking/worked-ms'
import { peopleOrder } from '../users/name-order'
import { hoursMembers, type HoursMember } from '../users/queries'
import { overtimeCalendar, overtimeMsIn, shiftRows, type OvertimeWeek } from './overtime'
import type { TeamHoursFigures } from './team-hours-candidates'
import { topPositions } from './top-positions'

/**
 * The figures from every member's days of the period (any scope and period): worked time per
 * person and date, their scheduled shifts, and the overtime rule run per person.
 */
export function figuresFromDays(
  ctx: TenantScope,
  userIds: string[] | null,
  organisation: boolean,
  period: { start: string; end: string; today: string },
  listed: number,
): TeamHoursFigures {
  const { start, end, today } = period
  const members = hoursMembers(ctx, userIds)
  const ids = organisation ? null : members.map((m) => m.id)
  // From the Monday of the first week: weekly overtime counts the whole week to date.
  const worked = workedMsBetween(ctx, weekStart(start), end, ids)
  const lastDate = end < today ? end : today
  // One query over the period (one shift per person and date: shift_schedules_tenant_user_date_uq).
  const shifts = shiftRows(worked, lastDate >= start ? scheduledShiftSpans(ctx, start, lastDate, ids) : [])
  const calendar = overtimeCalendar(worked, start, lastDate)
  const clockedIn = worked.clockedIn
  const [first, last] = worked.span(start, end)
  const periodDates = worked.dates.slice(first, last + 1)
  const shownDates = periodDates.filter((d) => d <= lastDate).length
  const order = peopleOrder(ctx, members)
  const nameRank = order.ranks
  const { hours, overtimeMs, dayMs, totalMs, withTime, rows } = periodTotals(members, order.positionOf, worked, { first, last, shownDates }, calendar, shifts)
  // Most hours first, then by name, then in the SQL's order (what a stable sort of the rows kept).
  const byHours = (a: number, b: number) => hours[b]! - hours[a]! || nameRank[a]! - nameRank[b]! || a - b
  const top = topPositions(hours, listed, byHours)
  const daysWorked = (position: number) => {
    const row = rows[position]
    let days = 0
    if (row) for (let i = first; i <= last; i++) if (row[i]! > 0) days++
    return days
  }
  // Rounded once per person, not in each of the sort's comparisons.
  const overtimeHours = new Float64Array(members.length)
  const withOvertime: number[] = []
  for (let p = 0; p < members.length; p++) {
    if (overtimeMs[p]! <= 0) continue
    overtimeHours[p] = hoursFromMs(overtimeMs[p]!)
    withOvertime.push(p)
  }
  // Most overtime first, then by name, then as the members are listed (a stable sort of the listed order).
  const byOvertime = (a: number, b: number) => overtimeHours[b]! - overtimeHours[a]! || nameRank[a]! - nameRank[b]! || byHours(a, b)
  const overtime = topPositions(overtimeHours, listed, byOvertime, withOvertime)
  return {
    memberCount: members.length,
    totalMs,
    withTime,
    dayMs: [...dayMs],
    members: top.map((p) => ({
      user_id: members[p]!.id,
      name: members[p]!.name,
      hours: hours[p]!,
      overtime_hours: overtimeHours[p]!,
      days_worked: daysWorked(p),
      is_clocked_in: clockedIn.has(members[p]!.id),
    })),
    overtime: overtime.map((p) => ({ user_id: members[p]!.id, name: members[p]!.name, overtime_hours: overtimeHours[p]! })),
  }
}

interface MemberTotals {
  /** Hours of the period per member position (rounded as answered). */
  hours: Float64Array
  /** Overtime ms of the period per member position. */
  overtimeMs: Float64Array
  /** Everyone's ms per shown date of the period (by_day). */
  dayMs: Float64Array
  totalMs: number
  /** Members with hours > 0. */
  withTime: number
  /** Each member's row of `worked`, by position (undefined: nothing worked in its range). */
  rows: (Float64Array | undefined)[]
}

/**
 * One pass per member with worked time over the period's columns (first..last of `worked`, the
 * first `shownDates` of them up to today): into arrays by member position, so that the answer's
 * objects are built only for the members and overtime it lists (the organisation-wide call walks
 * 1,000 people: issue 18). Members are found from worked's rows (`positionOf`, by ids hashed once
 * already as its keys), not each member's row looked up by a member's id: a hash of every member's id
 * a call. Rows of people who are not members (no longer active) are left out.
 */
function periodTotals(
  members: readonly HoursMember[],
  positionOf: ReadonlyMap<string, number>,
  worked: WorkedMs,
  period: { first: number; last: number; shownDates: number },
  calendar: OvertimeWeek[],
  shifts: Map<string, Float64Array>,
): MemberTotals {
  const { first, last, shownDates } = period
  const out: MemberTotals = {
    hours: new Float64Array(members.length),
    overtimeMs: new Float64Array(members.length),
    dayMs: new Float64Array(shownDates),
    totalMs: 0,
    withTime: 0,
    rows: new Array(members.length),
  }
  for (const [userId, row] of worked.people()) {
    const position = positionOf.get(userId)
    if (position === undefined) continue
    out.rows[position] = row
    let ms = 0
    for (let i = first; i <= last; i++) {
      ms += row[i]!
      if (i - first < shownDates) out.dayMs[i - first]! += row[i]!
    }
    out.totalMs += ms
    out.hours[position] = hoursFromMs(ms)
    if (out.hours[position]! > 0) out.withTime++
    out.overtimeMs[position] = overtimeMsIn(calendar, row, members[position]!.weeklyHours, shifts.get(userId))
  }
  return out
}
