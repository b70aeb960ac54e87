import type { TenantScope } from '../../kernel/ctx'
import { MINUTE, addDays, dateRange, toIso, weekStart, hoursFromMs } from '../../kernel/time'
import { scheduledShiftsOn } from '../shifts/alert-queries'
import { sumDates } from '../time-tracking/hours'
import { workedMsBetween } from '../time-tracking/person-day-queries'
import { usersMatching } from '../users/queries'
import type { EventInput } from '../webhooks/outbox-queries'

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
export const DAILY_GRACE_MINUTES = 15

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

/** The rule for one person and date, from their net worked ms per date (Monday to `date` at least). */
export function overtimeOn(perDate: Map<string, number> | undefined, date: string, weeklyHours: number, shiftMs: number | null): OvertimeOn {
  const monday = weekStart(date)
  const contract = weeklyHours * 3600_000
  const weekMs = sumDates(perDate, monday, date)
  const week = contract > 0 && weekMs > contract ? { periodStart: monday, periodEnd: date, scheduledMs: contract, workedMs: weekMs } : null
  const dayMs = perDate?.get(date) ?? 0
  const day =
    shiftMs !== null && dayMs > shiftMs + DAILY_GRACE_MINUTES * MINUTE ? { periodStart: date, periodEnd: date, scheduledMs: shiftMs, workedMs: dayMs } : null
  const weekCrossed = week !== null && sumDates(perDate, monday, addDays(date, -1)) <= contract
  return { week, day, weekCrossed }
}

/** Net length of a scheduled shift: end − start − unpaid break. */
export const shiftNetMs = (s: { startsAt: number; endsAt: number; breakMinutes: number }): number =>
  Math.max(0, s.endsAt - s.startsAt - s.breakMinutes * MINUTE)

/**
 * Overtime of a period for one person (whole days, up to `lastDate`): for each week overlapping
 * the period, the larger of its hours over contract (counted from its Monday) and the sum of its
 * days over schedule; a person "worked overtime" in the period exactly when some date of it is in
 * overtime by overtimeOn. shiftMsByDate: net scheduled ms per date of the person.
 */
export function overtimeMsOfPeriod(
  perDate: Map<string, number> | undefined,
  start: string,
  lastDate: string,
  weeklyHours: number,
  shiftMsByDate: Map<string, number> | undefined,
): number {
  if (lastDate < start) return 0
  let total = 0
  for (let monday = weekStart(start); monday <= lastDate; monday = addDays(monday, 7)) {
    const end = addDays(monday, 6) < lastDate ? addDays(monday, 6) : lastDate
    let weekly = 0
    let daily = 0
    for (const date of dateRange(monday < start ? start : monday, end)) {
      const o = overtimeOn(perDate, date, weeklyHours, shiftMsByDate?.get(date) ?? null)
      if (o.week) weekly = Math.max(weekly, o.week.workedMs - o.week.scheduledMs)
      if (o.day) daily += o.day.workedMs - o.day.scheduledMs
    }
    total += Math.max(weekly, daily)
  }
  return total
}

/**
 * Net worked ms per user and date over [fromDate, toDate] for these users (all when null): the
 * stored totals per person and date with open sessions counted until now (netMsByUserDate's figures).
 */
export function netWorkedBetween(ctx: TenantScope, fromDate: string, toDate: string, userIds: string[] | null): Map<string, Map<string, number>> {
  return workedMsBetween(ctx, fromDate, toDate, userIds)
}

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
  worked: Map<string, Map<string, number>> = netWorkedBetween(ctx, weekStart(date), date, userIds),
): EventInput[] {
  const shifts = new Map(scheduledShiftsOn(ctx, date, userIds).map((s) => [s.userId, shiftNetMs(s)]))
  const events: EventInput[] = []
  if (userIds !== null && userIds.length === 0) return events
  for (const u of usersMatching(ctx, { userIds })) {
    if (u.status !== 'active') continue
    const o = overtimeOn(worked.get(u.id), date, u.weeklyHours, shifts.get(u.id) ?? null)
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
