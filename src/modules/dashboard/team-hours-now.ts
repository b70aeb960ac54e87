import type { TenantScope } from '../../kernel/ctx'
import { hoursFromMs } from '../../kernel/time'
import { WITH_TIME_MS } from './person-week-totals'
import { runningUnder, tenantWeekNow, weekRowsOf, weekStream, type WeekRow, type WeekStream } from './person-week-queries'
import { answerOf, liveCandidate, mostHours, mostOvertime, withNoHours, type Candidate, type TeamHoursFigures } from './team-hours-candidates'

/**
 * The organisation-wide team hours of a week at now, from the kept week rows and their open
 * sessions (person-week-totals.ts). A person's week is a constant (not clocked in this week, or
 * paused on an unpaid break) or `week_running + now` (running), so:
 * - totals and by_day: the organisation's row, its running sessions' `count x now - sum of bases`
 *   and its paused ones' ms, per weekday of clock-in;
 * - members_with_time: the constant weeks with time, plus the running sessions, less those still
 *   under the threshold (just clocked in: an index range of a few rows);
 * - the top of each list: index streams in their value's order, merged, read until no later row
 *   can reach the last one listed (ties included). A running person's overtime is the larger of
 *   their constant part, `ot_run_week + now` and `ot_run_day + now`: each stream's key is an
 *   upper bound of what it adds, and each person is figured exactly when read.
 * The cost grows with the lists' length, not with the organisation nor the people clocked in.
 * Only while every open session of the week is counted by its kept columns at this now
 * (person-week-queries.ts openSessionsCountedAtNow, checked by team-hours-week.ts), so that each
 * stream's order is its value's.
 */
export function figuresNow(c: TenantScope, monday: string, shown: number, listed: number): TeamHoursFigures {
  const now = c.now
  const week = tenantWeekNow(c, monday)
  const dayTotal = week.days.map((d, i) => d + week.running[i]! * now - week.bases[i]! + week.paused[i]!)
  const totalMs = dayTotal.reduce((sum, d) => sum + d, 0)
  const running = week.running.reduce((sum, n) => sum + n, 0)
  const withTime = week.withTimeStatic + running - runningUnder(c, monday, WITH_TIME_MS)

  const byHours = top(listed, [stream(c, 'static', monday, WITH_TIME_MS, 0), stream(c, 'running', monday, WITH_TIME_MS - now, now)], (p) => p.hours, now)
  const members =
    withTime >= listed
      ? byHours.sort(mostHours).slice(0, listed)
      : withNoHours(
          c,
          listed,
          byHours.filter((p) => p.hours > 0).sort(mostHours),
          (ids) => new Map(weekRowsOf(c, monday, ids).map((r) => [r.userId, candidateAt(r, now)])),
        )
  // Overtime above 0 only (the streams' keys: over 0 ms, a running one's plus now).
  const overtimeStreams = [stream(c, 'otStatic', monday, 1, 0), stream(c, 'otWeek', monday, 1 - now, now), stream(c, 'otDay', monday, 1 - now, now)]
  const overtime = top(listed, overtimeStreams, (p) => p.overtimeHours, now)
    .filter((p) => p.overtimeMs > 0)
    .sort(mostOvertime)
    .slice(0, listed)
  return answerOf(c, { totalMs, withTime, dayMs: dayTotal.slice(0, shown) }, members, overtime)
}

/** A stream of rows with the bound of each (its key plus `plus`), read one ahead. */
interface Stream {
  next: { row: WeekRow; bound: number } | null
  advance(): void
  /** Lets go of the statement (weekStream says why it must). */
  close(): void
}

function stream(c: TenantScope, which: WeekStream, monday: string, atLeast: number, plus: number): Stream {
  const rows = weekStream(c, which, monday, atLeast)
  const s: Stream = {
    next: null,
    advance() {
      const r = rows.next()
      s.next = r.done ? null : { row: r.value, bound: r.value.v + plus }
    },
    close() {
      rows.return?.()
    },
  }
  s.advance()
  return s
}

/**
 * Every person who can be among the first `listed` by `value` (rounded hours, ties at the last
 * place included), each figured exactly at now, from streams whose bounds never fall below the
 * value of a row they have not given yet: always read the stream with the highest bound, and stop
 * once `listed` people are known and no bound rounds to the last one's value or more.
 */
function top(listed: number, streams: Stream[], value: (p: Candidate) => number, now: number): Candidate[] {
  try {
    return topOf(listed, streams, value, now)
  } finally {
    for (const s of streams) s.close()
  }
}
function topOf(listed: number, streams: Stream[], value: (p: Candidate) => number, now: number): Candidate[] {
  const seen = new Map<string, Candidate>()
  // The `listed` highest values above 0 so far, highest first.
  const highest: number[] = []
  for (;;) {
    let best: Stream | null = null
    for (const s of streams) if (s.next && (best?.next == null || s.next.bound > best.next.bound)) best = s
    if (best?.next == null) break
    const { row, bound } = best.next
    if (highest.length >= listed && hoursFromMs(bound) < highest[listed - 1]!) break
    best.advance()
    if (seen.has(row.userId)) continue
    const p = candidateAt(row, now)
    seen.set(row.userId, p)
    const v = value(p)
    if (v > 0 && (highest.length < listed || v > highest[listed - 1]!)) {
      let at = highest.length
      while (at > 0 && highest[at - 1]! < v) at--
      highest.splice(at, 0, v)
      if (highest.length > listed) highest.pop()
    }
  }
  return [...seen.values()]
}

/** A person's figures at now: their kept week, with their open session of the week added on its day (liveCandidate's rule). */
function candidateAt(r: WeekRow, now: number): Candidate {
  if (r.openIn === null || r.openBase === null || r.openDay === null)
    return {
      id: r.userId,
      name: r.name,
      hours: hoursFromMs(r.workedMs),
      overtimeHours: hoursFromMs(r.overtimeMs),
      overtimeMs: r.overtimeMs,
      days: r.daysWorked,
    }
  const liveMs = Math.max(0, (r.openPausedAt ?? now) - r.openBase)
  return liveCandidate({
    userId: r.userId,
    name: r.name,
    contractMs: r.contractMs,
    liveMs,
    workedMs: r.workedMs,
    daysWorked: r.daysWorked,
    overShiftMs: r.overShiftMs,
    dayMs: r.openDayMs ?? 0,
    shiftMs: r.openShiftMs,
  })
}
