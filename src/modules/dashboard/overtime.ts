import type { TenantBoundCtx } from '../../kernel/ctx'
import { MINUTE, addDays, toIso, weekStart, hoursFromMs, localRange } from '../../kernel/time'
import { scheduledShiftsOn } from '../shifts/alert-queries'
import { msByUserDate, sumDates, type LogSpan } from '../time-tracking/hours'
import { timeLogsOverlapping } from '../time-tracking/queries'
import { usersMatching } from '../users/queries'
import type { EventInput } from '../webhooks/outbox-queries'
import { breaksOfLogs } from '../time-tracking/break-queries'

/**
 * Worked milliseconds per user and local date between two dates: time logs (an open one runs
 * until now) minus their breaks, split at local midnight.
 */
function workedByUserDate(ctx: TenantBoundCtx, fromDate: string, toDate: string): Map<string, Map<string, number>> {
  const tz = ctx.tenant.timezone
  const logs = timeLogsOverlapping(ctx, localRange(fromDate, toDate, tz), null)
  const byId = new Map(logs.map((l) => [l.id, l]))
  const pauses: LogSpan[] = breaksOfLogs(
    ctx,
    logs.map((l) => l.id),
  ).map((b) => {
    const log = byId.get(b.timeLogId)!
    const end = log.clockOutAt ?? ctx.now
    return { userId: log.userId, clockInAt: Math.min(b.startedAt, end), clockOutAt: Math.min(b.endedAt ?? end, end) }
  })
  const worked = msByUserDate(logs, tz, ctx.now)
  for (const [userId, perDate] of msByUserDate(pauses, tz, ctx.now)) {
    for (const [date, ms] of perDate) worked.get(userId)?.set(date, Math.max(0, (worked.get(userId)?.get(date) ?? 0) - ms))
  }
  return worked
}

/**
 * overtime.detected for one tenant-local date, at most one per user:
 * - week: the hours worked Monday to `date` exceed the contracted weekly hours while Monday to the
 *   day before did not (the day the week went over; periodStart Monday, scheduledHours the contract);
 * - day: otherwise, on a date with a scheduled shift, hours worked that date exceed the shift
 *   (end − start − unpaid break; periodStart = periodEnd = date).
 * Worked hours are clocked time net of breaks, split at local midnight (as payroll counts them).
 */
export function detectOvertime(ctx: TenantBoundCtx, date: string): EventInput[] {
  const monday = weekStart(date)
  const worked = workedByUserDate(ctx, monday, date)
  const shifts = new Map(scheduledShiftsOn(ctx, date, null).map((s) => [s.userId, s]))
  const events: EventInput[] = []
  for (const u of usersMatching(ctx, { userIds: null })) {
    if (u.status !== 'active') continue
    const perDate = worked.get(u.id)
    const week = sumDates(perDate, monday, date)
    const contract = u.weeklyHours * 3600_000
    const shift = shifts.get(u.id)
    let found: { start: string; scheduledMs: number; workedMs: number } | null = null
    if (contract > 0 && week > contract && sumDates(perDate, monday, addDays(date, -1)) <= contract) {
      found = { start: monday, scheduledMs: contract, workedMs: week }
    } else if (shift) {
      const scheduledMs = shift.endsAt - shift.startsAt - shift.breakMinutes * MINUTE
      const day = perDate?.get(date) ?? 0
      if (day > scheduledMs) found = { start: date, scheduledMs, workedMs: day }
    }
    if (!found) continue
    events.push({
      type: 'overtime.detected',
      data: {
        userId: u.id,
        userEmail: u.email,
        periodStart: found.start,
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
