import { addDays, localDate, startOfLocalDay } from '../../kernel/time'

export interface LogSpan {
  userId: string
  clockInAt: number
  clockOutAt: number | null
}

/** Every zone's offset is a multiple of 15 minutes, so a local day never starts inside a quarter hour. */
const QUARTER_HOUR = 15 * 60_000

/**
 * The local day of an instant, its start and its end, remembered per quarter hour: the zone
 * arithmetic (Intl) runs once per day and quarter hour instead of once per log.
 */
function localDays(tz: string): (at: number) => { date: string; end: number } {
  const byQuarter = new Map<number, { date: string; end: number }>()
  return (at) => {
    const q = Math.floor(at / QUARTER_HOUR)
    let day = byQuarter.get(q)
    if (!day) {
      const date = localDate(at, tz)
      day = { date, end: startOfLocalDay(addDays(date, 1), tz) }
      byQuarter.set(q, day)
    }
    return day
  }
}

/**
 * Worked milliseconds per user and tenant-local date. A session crossing midnight is split at
 * local midnight, so each day gets the part worked on it.
 */
export function msByUserDate(logs: LogSpan[], tz: string, now: number): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>()
  const dayOf = localDays(tz)
  for (const log of logs) {
    const end = log.clockOutAt ?? now
    let cursor = log.clockInAt
    while (cursor < end) {
      const day = dayOf(cursor)
      const dayEnd = Math.min(end, day.end)
      const perUser = out.get(log.userId) ?? new Map<string, number>()
      perUser.set(day.date, (perUser.get(day.date) ?? 0) + (dayEnd - cursor))
      out.set(log.userId, perUser)
      if (dayEnd <= cursor) break
      cursor = dayEnd
    }
  }
  return out
}

/** Sum of a user's ms over dates within [fromDate, toDate]. */
export function sumDates(perDate: Map<string, number> | undefined, fromDate: string, toDate: string): number {
  let total = 0
  for (const [date, ms] of perDate ?? []) if (date >= fromDate && date <= toDate) total += ms
  return total
}
