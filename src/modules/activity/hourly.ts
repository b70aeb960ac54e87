import { HOUR, MINUTE, localParts } from '../../kernel/time'
import type { Category } from './schema'

/** Seconds of one local wall-clock hour of a day, by category. */
export interface HourBucket {
  hour: number
  productive: number
  neutral: number
  unproductive: number
  idle: number
  clockedIn: number
}

export const emptyHours = (): HourBucket[] =>
  Array.from({ length: 24 }, (_, hour) => ({ hour, productive: 0, neutral: 0, unproductive: 0, idle: 0, clockedIn: 0 }))

/**
 * Splits [start, end) at local hour boundaries and hands each part to `add` with its local hour.
 * Zone offsets are whole minutes, so the next boundary is the local minute and second away.
 */
export function splitByLocalHour(start: number, end: number, tz: string, add: (hour: number, ms: number) => void): void {
  let cursor = start
  while (cursor < end) {
    const p = localParts(cursor, tz)
    const boundary = cursor - p.minute * MINUTE - p.second * 1000 - (cursor % 1000) + HOUR
    const stop = Math.min(end, boundary)
    add(p.hour, stop - cursor)
    cursor = stop
  }
}

/** Adds a sample to the buckets of its local hours, as idle or under its category. */
export function addSample(
  buckets: HourBucket[],
  s: { startedAt: number; durationSeconds: number; category: Category; isIdle: boolean },
  tz: string,
  dayStart: number,
  dayEnd: number,
): void {
  const from = Math.max(s.startedAt, dayStart)
  const to = Math.min(s.startedAt + s.durationSeconds * 1000, dayEnd)
  splitByLocalHour(from, to, tz, (hour, ms) => {
    const b = buckets[hour]!
    if (s.isIdle) b.idle += ms / 1000
    else b[s.category] += ms / 1000
  })
}
