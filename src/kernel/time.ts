/**
 * Time helpers. Instants are ms since epoch in the database and ISO 8601 UTC strings ending in Z
 * on the wire; dates are YYYY-MM-DD in the tenant's IANA time zone; weeks start on Monday.
 */
export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/** Hours, rounded to two decimals (the precision every tool and payload reports), from milliseconds. */
export const hoursFromMs = (ms: number): number => Math.round((ms / HOUR) * 100) / 100

/** Hours, rounded to two decimals, from seconds (timesheet and summary totals are stored in seconds). */
export const hoursFromSeconds = (seconds: number): number => Math.round((seconds / 3600) * 100) / 100

export function parseInstant(s: string): number {
  const ms = Date.parse(s)
  if (Number.isNaN(ms)) throw new RangeError(`Not an ISO 8601 instant: ${s}`)
  return ms
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(tz, f)
  }
  return f
}

export function isValidTimeZone(tz: string): boolean {
  try {
    formatter(tz)
    return true
  } catch {
    return false
  }
}

interface LocalParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/**
 * Local parts already computed, by zone and whole second: the parts of an instant depend only on
 * its second (the time zone database changes offsets at whole seconds), and formatToParts costs
 * ~5-10 µs, several times per request (a request's `now`, its period bounds). Bounded: cleared
 * when full.
 */
const recentParts = new Map<string, LocalParts>()
const MAX_RECENT_PARTS = 512

export function localParts(ms: number, tz: string): LocalParts {
  const key = `${tz} ${Math.floor(ms / 1000)}`
  const known = recentParts.get(key)
  if (known) return { ...known }
  const out: Record<string, number> = {}
  for (const p of formatter(tz).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value)
  }
  const parts = { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second! }
  if (recentParts.size >= MAX_RECENT_PARTS) recentParts.clear()
  recentParts.set(key, parts)
  return { ...parts }
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/** Every zone offset in use is a multiple of 15 minutes: all instants of one quarter hour share a local date. */
const QUARTER_MS = 900_000

/** The local date of quarter hour number `quarter` (an instant's ms / QUARTER_MS, floored). */
function dateOfQuarter(tz: string, quarter: number): string {
  const p = localParts(quarter * QUARTER_MS, tz)
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`
}

const rememberedDate = memo((key: string): string => {
  const bar = key.lastIndexOf('|')
  return dateOfQuarter(key.slice(0, bar), Number(key.slice(bar + 1)))
})

/**
 * The tenant-local calendar date of an instant, remembered per zone and quarter hour: a request
 * asks today's date several times (its period, its bounds), and a lookup costs a fraction of the
 * parts, their copy and the padded string (issue 18).
 */
export const localDate = (ms: number, tz: string): string => rememberedDate(`${tz}|${Math.floor(ms / QUARTER_MS)}`)

/**
 * Tenant-local dates of many instants of one zone, remembered per quarter hour as `localDate` does,
 * but keyed by the quarter's number in a map of the caller's own: a loop over thousands of samples
 * or sessions builds no key string per instant and never crowds the shared memo out.
 */
export function localDateMemo(tz: string): (ms: number) => string {
  const memo = new Map<number, string>()
  return (ms) => {
    const quarter = Math.floor(ms / QUARTER_MS)
    let date = memo.get(quarter)
    if (date === undefined) memo.set(quarter, (date = dateOfQuarter(tz, quarter)))
    return date
  }
}

/** Offset of the zone from UTC at an instant, in ms (positive east of Greenwich). */
export function zoneOffset(ms: number, tz: string): number {
  const p = localParts(ms, tz)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return asUtc - Math.floor(ms / 1000) * 1000
}

/**
 * The instant at which the local wall-clock time `date time` happens in `tz`. Times skipped by a
 * DST jump move forward; repeated times resolve to the first occurrence.
 */
export function zonedTimeToInstant(date: string, time: string, tz: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number]
  const [h, mi] = time.split(':').map(Number) as [number, number]
  const wall = Date.UTC(y, mo - 1, d, h, mi)
  // The offsets in force a day either side: a wall time maps back under one of them (both when it
  // is repeated, none when a jump skipped it). In a zone that falls back at midnight the repeated
  // hour is the start of the day, so the earlier instant is the one a day range must begin at.
  const DAY = 86_400_000
  const earlier = wall - zoneOffset(wall - DAY, tz)
  const later = wall - zoneOffset(wall + DAY, tz)
  const fits = (instant: number) => instant + zoneOffset(instant, tz) === wall
  if (fits(earlier) && fits(later)) return Math.min(earlier, later)
  if (fits(later)) return later
  if (fits(earlier)) return earlier
  // Skipped by a jump forward: the same distance past the jump (02:30 on a 02:00→03:00 night is 03:30).
  return earlier
}

export const startOfLocalDay = (date: string, tz: string): number => zonedTimeToInstant(date, '00:00', tz)

/**
 * Answers of the pure calendar functions below, by their arguments. A request asks the same few
 * dates (today, this week) many times over, and a lookup costs a fraction of the Date round trip
 * (~1 µs each; issue 18). Bounded: the memory starts over past MEMO_MAX entries.
 */
const MEMO_MAX = 4096
function memo<K extends string | number, T>(compute: (key: K) => T): (key: K) => T {
  const known = new Map<K, T>()
  return (key) => {
    let v = known.get(key)
    if (v === undefined) {
      v = compute(key)
      if (known.size >= MEMO_MAX) known.clear()
      known.set(key, v)
    }
    return v
  }
}

/**
 * An instant as ISO 8601 UTC. Remembered: a list answer converts the same stored instants on every
 * call (a page of tasks, three each), and a lookup is a fraction of the Date and string it would
 * build (issue 18, docs/performance.md).
 */
export const toIso = memo((ms: number): string => new Date(ms).toISOString())
export const toIsoOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : toIso(ms))

const shiftedDate = memo((key: string): string => {
  const bar = key.indexOf('|')
  const [y, m, d] = key.slice(0, bar).split('-').map(Number) as [number, number, number]
  const days = Number(key.slice(bar + 1))
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
})

export const addDays = (date: string, days: number): string => shiftedDate(`${date}|${days}`)

/** Start and end instants of a run of local dates [fromDate, toDate] in a time zone. */
export function localRange(fromDate: string, toDate: string, tz: string): { from: number; to: number } {
  return { from: startOfLocalDay(fromDate, tz), to: startOfLocalDay(addDays(toDate, 1), tz) }
}

/** Milliseconds of the interval [start, end) that fall inside [from, to); 0 when they do not meet. */
export const overlapMs = (start: number, end: number, from: number, to: number): number => Math.max(0, Math.min(end, to) - Math.max(start, from))

/** ISO weekday: Monday 1 … Sunday 7. */
export const isoWeekday = memo((date: string): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const wd = new Date(Date.UTC(y, m - 1, d)).getUTCDay()
  return wd === 0 ? 7 : wd
})

export const weekStart = (date: string): string => addDays(date, 1 - isoWeekday(date))

/** The first day of the week holding `date`, for weeks that start on ISO weekday `start` (1 = Monday … 7 = Sunday). */
export const weekStartOn = (date: string, start: number): string => addDays(date, -((isoWeekday(date) - start + 7) % 7))
export const monthStart = (date: string): string => `${date.slice(0, 7)}-01`

export function monthEnd(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY)
}

/** Ranges of up to this many dates are remembered (a period's, typically); longer ones are built each time. */
const REMEMBERED_RANGE_DAYS = 62

function buildDateRange(from: string, to: string): string[] {
  const out: string[] = []
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d)
  return out
}

const rememberedRange = memo((key: string): readonly string[] => {
  const bar = key.indexOf('|')
  return Object.freeze(buildDateRange(key.slice(0, bar), key.slice(bar + 1)))
})

/**
 * Every date from `from` to `to`, both included. A short range is remembered: a read asks for its
 * period's dates on every call, and one lookup costs a fraction of a lookup per date (issue 18).
 */
export function dateRange(from: string, to: string): readonly string[] {
  return to < addDays(from, REMEMBERED_RANGE_DAYS) ? rememberedRange(`${from}|${to}`) : buildDateRange(from, to)
}

export type Period = 'today' | 'this_week' | 'last_week' | 'this_month' | 'last_month'

/** First and last local date of a named period around `today` (remembered: asked on every call of a period read). */
export const periodRange = (period: Period, today: string): Readonly<{ start: string; end: string }> => rememberedPeriod(`${period}|${today}`)

const rememberedPeriod = memo((key: string): Readonly<{ start: string; end: string }> => {
  const bar = key.indexOf('|')
  return Object.freeze(computePeriodRange(key.slice(0, bar) as Period, key.slice(bar + 1)))
})

function computePeriodRange(period: Period, today: string): { start: string; end: string } {
  switch (period) {
    case 'today':
      return { start: today, end: today }
    case 'this_week':
      return { start: weekStart(today), end: addDays(weekStart(today), 6) }
    case 'last_week': {
      const start = addDays(weekStart(today), -7)
      return { start, end: addDays(start, 6) }
    }
    case 'this_month':
      return { start: monthStart(today), end: monthEnd(today) }
    case 'last_month': {
      const start = monthStart(addDays(monthStart(today), -1))
      return { start, end: monthEnd(start) }
    }
  }
}

export const isDate = (s: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))

/**
 * An instant as a person reads it in a message: tenant-local "09:02 (Europe/Berlin)", with the
 * local date in front when it is not the same local day as `now` ("2026-03-02 17:45 (Europe/Berlin)").
 */
export function localTimeLabel(ms: number, tz: string, now: number = ms): string {
  const p = localParts(ms, tz)
  const hhmm = `${pad(p.hour % 24)}:${pad(p.minute)}`
  const date = localDate(ms, tz)
  return `${date === localDate(now, tz) ? '' : `${date} `}${hhmm} (${tz})`
}
