import { addDays, localDate, startOfLocalDay } from '../../kernel/time'

export interface LogSpan {
  userId: string
  clockInAt: number
  clockOutAt: number | null
}

/**
 * Worked milliseconds per user and tenant-local date. A session crossing midnight is split at
 * local midnight, so each day gets the part worked on it.
 */
export function msByUserDate(logs: LogSpan[], tz: string, now: number): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>()
  for (const log of logs) {
    const end = log.clockOutAt ?? now
    let cursor = log.clockInAt
    while (cursor < end) {
      const date = localDate(cursor, tz)
      const dayEnd = Math.min(end, startOfLocalDay(addDays(date, 1), tz))
      const perUser = out.get(log.userId) ?? new Map<string, number>()
      perUser.set(date, (perUser.get(date) ?? 0) + (dayEnd - cursor))
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
