import type { TenantScope } from '../../kernel/ctx'
import { MINUTE, addDays, toIso, weekStart, hoursFromMs } from '../../kernel/time'
import { scheduledShiftsOn, type ShiftSpan } from '../shifts/alert-queries'
import { shiftNetMs } from '../shifts/model'
import { workedMsBetween } from '../time-tracking/person-day-queries'
import type { WorkedMs } from '../time-tracking/worked-ms'
import { usersMatching, type UserRow } from '../users/queries'
import type { EventInput } from '../webhooks/outbox-queries'
import { DAILY_GRACE_MINUTES } from './overtime-grace'

/**
 * THE overtime rule of the product, used by the workload alerts (job and get_workload_alerts),
 * overtime.detected, summarize_team_hours and the demo seed. Hours are always worked time net of
 * breaks, each session on the local date it clocked in (time-tracking/worked-time-read-model.ts netMsByUserDate).
 *
 * On a tenant-local date a person is in overtime when either
 * - week: their hours from Monday to that date exceed their contracted weekly hours (strictly:
 *   exactly the contract is not overtime; a contract of 0 h has no weekly overtime), or
 * - day: a shift is scheduled for them that date and their hours of that date exceed the shift
 *   (end − start − unpaid break) by more than DAILY_GRACE_MINUTES.
 */

export interface Excess {
  /** First date of the period compared: Monday (week) or the date itself (day). */
  periodStart: string
  periodEnd: string
  scheduledMs: number
  workedMs: number
}

export interface OvertimeOn {
  week: Excess | null
  day: Excess | null
  /** The week went over its contract on this date (Monday to the day before did not). */
  weekCrossed: boolean
}

/**
 * The rule for one person and date, from their net worked ms per date (`worked` covering Monday
 * of the date's week to the date at least).
 */
export function overtimeOn(worked: WorkedMs, userId: string, date: string, weeklyHours: number, shiftMs: number | null): OvertimeOn {
  const monday = weekStart(date)
  const contract = weeklyHours * 3600_000
  const weekMs = worked.sum(userId, monday, date)
  const week = weekOvertimeMs(weekMs, contract, 0) > 0 ? { periodStart: monday, periodEnd: date, scheduledMs: contract, workedMs: weekMs } : null
  const dayMs = worked.on(userId, date)
  const day = shiftMs !== null && dayOverShiftMs(dayMs, shiftMs) > 0 ? { periodStart: date, periodEnd: date, scheduledMs: shiftMs, workedMs: dayMs } : null
  const weekCrossed = week !== null && weekMs - dayMs <= contract
  return { week, day, weekCrossed }
}

/**
 * Net scheduled ms per person and column of `worked` (NaN: no shift that date), from scheduled
 * shifts (one per person and date) of dates within its range: overtimeMsIn's shift rows.
 */
export function shiftRows(worked: WorkedMs, shifts: Iterable<ShiftSpan>): Map<string, Float64Array> {
  const rows = new Map<string, Float64Array>()
  // Shifts of a period come date by date (shift_schedules_tenant_date_idx): a column per date change.
  let lastDate = ''
  let i = -1
  for (const s of shifts) {
    if (s.date !== lastDate) i = worked.column((lastDate = s.date))
    if (i < 0) continue
    let row = rows.get(s.userId)
    if (!row) rows.set(s.userId, (row = new Float64Array(worked.dates.length).fill(Number.NaN)))
    row[i] = shiftNetMs(s)
  }
  return rows
}

/** One week of a period as columns of a WorkedMs: its Monday's, and the period's first and last in it. */
export interface OvertimeWeek {
  monday: number
  first: number
  last: number
}

/**
 * The weeks of a period (start to lastDate) as columns of `worked`, whose range must start on or
 * before the Monday of `start` and reach lastDate. Built once per period, not once per person.
 */
export function overtimeCalendar(worked: WorkedMs, start: string, lastDate: string): OvertimeWeek[] {
  const weeks: OvertimeWeek[] = []
  if (lastDate < start) return weeks
  for (let monday = weekStart(start); monday <= lastDate; monday = addDays(monday, 7)) {
    const end = addDays(monday, 6) < lastDate ? addDays(monday, 6) : lastDate
    const first = monday < start ? start : monday
    weeks.push({ monday: worked.column(monday), first: worked.column(first), last: worked.column(end) })
  }
  if (weeks.some((w) => w.monday < 0 || w.first < 0 || w.last < 0))
    throw new Error(`overtimeCalendar: ${weekStart(start)}..${lastDate} is not within the worked range ${worked.dates[0]}..${worked.dates.at(-1)}`)
  return weeks
}

/**
 * Overtime of a period for one person (whole days of the calendar's weeks): for each week, the
 * larger of its hours over contract (counted from its Monday) and the sum of its days over
 * schedule; a person "worked overtime" in the period exactly when some date of it is in overtime
 * by overtimeOn (the same rule date by date, with the week's running sum kept). `worked`: the
 * person's row of the WorkedMs the calendar was built on; `shifts`: their shiftRows row.
 */
export function overtimeMsIn(weeks: OvertimeWeek[], worked: Float64Array | undefined, weeklyHours: number, shifts: Float64Array | undefined): number {
  if (!worked) return 0
  const contract = weeklyHours * 3600_000
  let total = 0
  for (const w of weeks) {
    // Hours only grow through a week: its largest excess over contract is the one at its last date.
    let weekMs = 0
    let overShift = 0
    for (let i = w.monday; i <= w.last; i++) {
      weekMs += worked[i]!
      if (i >= w.first) overShift += dayOverShiftMs(worked[i]!, shifts === undefined ? Number.NaN : shifts[i]!)
    }
    total += weekOvertimeMs(weekMs, contract, overShift)
  }
  return total
}

/** The day rule's excess of a date: all of its ms beyond the shift when more than the grace beyond it (shiftMs NaN: no shift). */
export const dayOverShiftMs = (dayMs: number, shiftMs: number): number => (dayMs > shiftMs + DAILY_GRACE_MINUTES * MINUTE ? dayMs - shiftMs : 0)

/**
 * Overtime of (part of) a week: the larger of its ms to date over the contract (none with a
 * contract of 0 h) and its dates' excess over their shifts (dayOverShiftMs, summed).
 */
export const weekOvertimeMs = (weekMs: number, contractMs: number, overShiftMs: number): number =>
  Math.max(contractMs > 0 && weekMs > contractMs ? weekMs - contractMs : 0, overShiftMs)

/**
 * overtime.detected for one tenant-local date, at most one per user, by overtimeOn: the week
 * event on the day the week went over its contract (periodStart Monday, scheduledHours the
 * contract), otherwise the day event when the date is over its shift (periodStart = periodEnd).
 */
export function detectOvertime(
  ctx: TenantScope,
  date: string,
  /** Only these users (all when null): a report over a manager's teams judges only them. */
  userIds: string[] | null = null,
  /** Net worked ms per user and date covering Monday of `date`'s week to `date` (read once for a period). */
  worked: WorkedMs = workedMsBetween(ctx, weekStart(date), date, userIds),
  /** The rows of those users (read here when omitted): a report over many dates reads them once. */
  users?: UserRow[],
): EventInput[] {
  const shifts = new Map(scheduledShiftsOn(ctx, date, userIds).map((s) => [s.userId, shiftNetMs(s)]))
  const events: EventInput[] = []
  if (userIds !== null && userIds.length === 0) return events
  for (const u of users ?? usersMatching(ctx, { userIds })) {
    if (u.status !== 'active') continue
    const o = overtimeOn(worked, u.id, date, u.weeklyHours, shifts.get(u.id) ?? null)
    const found = o.weekCrossed ? o.week : o.day
    if (!found) continue
    events.push({
      type: 'overtime.detected',
      data: {
        userId: u.id,
        userEmail: u.email,
        periodStart: found.periodStart,
        periodEnd: date,
        scheduledHours: hoursFromMs(found.scheduledMs),
        workedHours: hoursFromMs(found.workedMs),
        overtimeHours: hoursFromMs(found.workedMs - found.scheduledMs),
        detectedAt: toIso(ctx.now),
      },
    })
  }
  return events
}
