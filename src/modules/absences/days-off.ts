import type { TenantScope } from '../../kernel/ctx'
import { dateRange, isoWeekday, zonedTimeToInstant } from '../../kernel/time'
import { scheduledShiftSpans } from '../shifts/alert-queries'
import { shiftNetMs } from '../shifts/model'
import { usersMatching } from '../users/queries'
import { absencesOverlapping, holidaysBetween } from './queries'

/** Why a person is off on a date, and when (a timed part day), for alerts and payroll. */
export interface DayOff {
  reason: 'holiday' | 'vacation' | 'sick' | 'other'
  /** Whole day (a holiday or a full-day absence). */
  fullDay: boolean
  /** A part day given by start and end times: the local window; null otherwise. */
  window: { from: number; to: number } | null
  /** Part day given by hours (or times): the hours; null for a whole day. */
  hours: number | null
  paid: boolean
}

export type DaysOff = Map<string, Map<string, DayOff[]>>

/**
 * Holidays (of the person's home office, or company-wide) and absences per person and local date
 * over [from, to], for these users (all when null). The one reader of who is off, used by
 * workload alerts (no "not clocked in", no timesheet gap) and by paid absence hours.
 */
export function daysOffByUser(c: TenantScope, from: string, to: string, userIds: string[] | null): DaysOff {
  const out: DaysOff = new Map()
  const add = (userId: string, date: string, d: DayOff) => {
    let m = out.get(userId)
    if (!m) out.set(userId, (m = new Map()))
    const list = m.get(date)
    if (list) list.push(d)
    else m.set(date, [d])
  }
  const hol = holidaysBetween(c, from, to)
  if (hol.length > 0) {
    for (const u of usersMatching(c, { userIds })) {
      for (const h of hol) {
        if (h.officeId === null || h.officeId === u.homeOfficeId) add(u.id, h.date, { reason: 'holiday', fullDay: true, window: null, hours: null, paid: true })
      }
    }
  }
  const tz = c.tenant.timezone
  for (const a of absencesOverlapping(c, from, to, userIds)) {
    const window =
      a.startTime && a.endTime ? { from: zonedTimeToInstant(a.startDate, a.startTime, tz), to: zonedTimeToInstant(a.startDate, a.endTime, tz) } : null
    for (const date of dateRange(a.startDate < from ? from : a.startDate, a.endDate > to ? to : a.endDate))
      add(a.userId, date, { reason: a.kind, fullDay: a.hours === null, window, hours: a.hours, paid: a.paid })
  }
  return out
}

/**
 * True when a day off excuses a shift starting at `startsAt`: a holiday, a whole-day absence, a
 * part day given only in hours (its time is unknown), or a timed part day covering the start.
 */
export function excusesShiftStart(days: DayOff[] | undefined, startsAt: number): boolean {
  return (days ?? []).some((d) => d.fullDay || d.window === null || (d.window.from <= startsAt && startsAt < d.window.to))
}

/**
 * PAID ABSENCE for payroll: seconds per person and local date over [from, to] (users: all when
 * null). A holiday or a whole-day paid absence is paid at the person's scheduled shift of that
 * date (end − start − unpaid break, when a shift is scheduled and not cancelled), otherwise at
 * contract hours / 5 on Monday to Friday and 0 at the weekend. A paid part day is paid its hours.
 * Several on one date (a holiday during a vacation) count once: the largest. Unpaid absences
 * (kind other by default) count 0 and are left out.
 */
export function paidAbsenceSecondsByUserDate(c: TenantScope, from: string, to: string, userIds: string[] | null = null): Map<string, Map<string, number>> {
  const off = daysOffByUser(c, from, to, userIds)
  const out = new Map<string, Map<string, number>>()
  if (off.size === 0) return out
  const ids = [...off.keys()]
  const weekly = new Map(usersMatching(c, { userIds: ids }).map((u) => [u.id, u.weeklyHours]))
  const shiftSec = new Map<string, number>()
  for (const s of scheduledShiftSpans(c, from, to, ids)) shiftSec.set(`${s.userId}|${s.date}`, Math.round(shiftNetMs(s) / 1000))
  for (const [userId, dates] of off) {
    for (const [date, days] of dates) {
      const dayValue = shiftSec.get(`${userId}|${date}`) ?? (isoWeekday(date) <= 5 ? Math.round(((weekly.get(userId) ?? 0) * 3600) / 5) : 0)
      let best = 0
      for (const d of days) {
        if (!d.paid) continue
        best = Math.max(best, d.fullDay ? dayValue : Math.round((d.hours ?? 0) * 3600))
      }
      if (best === 0) continue
      let m = out.get(userId)
      if (!m) out.set(userId, (m = new Map()))
      m.set(date, best)
    }
  }
  return out
}
