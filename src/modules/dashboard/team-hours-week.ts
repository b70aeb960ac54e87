import type { TenantScope } from '../../kernel/ctx'
import { addDays } from '../../kernel/time'
import { closedTimeAfter, openSessionsCountedAtNow } from './person-week-queries'
import type { TeamHoursFigures } from './team-hours-candidates'
import { figuresNow } from './team-hours-now'
import { hasPendingPersonDays } from './tenant-day-totals'

export type { TeamHoursFigures } from './team-hours-candidates'

/**
 * The organisation-wide team hours of one ISO week (this_week, last_week) from the kept week rows
 * (person-week-totals.ts) instead of every person's days, by the streams at now
 * (team-hours-now.ts: its cost grows with the lists' length, not with the organisation nor with
 * the people clocked in).
 *
 * Null when the kept rows cannot answer exactly, and the caller computes from the days: time-log
 * changes not counted yet (rows written by hand), closed time on a date after today (it counts in
 * hours but not yet in overtime), or an open session of the week its kept columns cannot count at
 * this now (a clock-in or break after now, overlapping or odd breaks, a zone the offsets do not cover).
 */
export function orgWeekFigures(c: TenantScope, monday: string, today: string, listed: number): TeamHoursFigures | null {
  const sunday = addDays(monday, 6)
  const lastDate = sunday < today ? sunday : today
  if (lastDate < monday || hasPendingPersonDays(c) || (sunday > today && closedTimeAfter(c, today, sunday)) || !openSessionsCountedAtNow(c, monday)) return null
  const shown = Math.round((Date.parse(lastDate) - Date.parse(monday)) / 86_400_000) + 1
  return figuresNow(c, monday, shown, listed)
}
