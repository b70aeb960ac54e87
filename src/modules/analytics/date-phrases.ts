/**
 * The time a question talks about ("yesterday", "last week", "in March", "since Monday"), read as
 * local dates of the tenant, and turned into what each tool takes: a named period, one date, a
 * date range or an instant. Pure functions of the question and the tenant's local today.
 */
import { addDays, isDate, isoWeekday, monthEnd, periodRange, zonedTimeToInstant, toIso, type Period, daysBetween } from '../../kernel/time'

/** A run of local dates [from, to]; `period` when the words named one of the tools' periods. */
export interface When {
  from: string
  to: string
  period?: Period
  /** The words it was read from, for the client to show. */
  phrase: string
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']
const MONTH_RE = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
const WEEKDAY_RE = '(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)'
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fourteen: 14,
  thirty: 30,
}

const monthIndex = (word: string): number => MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3)))
const weekdayIndex = (word: string): number => WEEKDAYS.findIndex((d) => d.startsWith(word.slice(0, 3))) + 1
const pad = (n: number): string => String(n).padStart(2, '0')
const count = (s: string): number => (/^\d+$/.test(s) ? Number(s) : (NUMBER_WORDS[s] ?? 0))

function named(period: Period, today: string, phrase: string): When {
  const r = periodRange(period, today)
  return { from: r.start, to: r.end, period, phrase }
}
const day = (date: string, phrase: string): When => ({ from: date, to: date, phrase })

/** The most recent date (today included when `includeToday`) falling on an ISO weekday. */
function lastWeekday(today: string, weekday: number, includeToday: boolean): string {
  let back = (isoWeekday(today) - weekday + 7) % 7
  if (back === 0 && !includeToday) back = 7
  return addDays(today, -back)
}

/** The most recent month with this index (0-11) up to the current one, as a date range. */
function pastMonth(today: string, month: number, year?: number): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number]
  const yy = year ?? (month + 1 > m ? y - 1 : y)
  const from = `${yy}-${pad(month + 1)}-01`
  return { from, to: monthEnd(from) }
}

/** A calendar date named by day and month ("4 March", "March 4th"), in the most recent past year. */
function pastDate(today: string, month: number, dayOfMonth: number, year?: number): string | null {
  const y = year ?? Number(today.slice(0, 4))
  let date = `${y}-${pad(month + 1)}-${pad(dayOfMonth)}`
  if (!isDate(date)) return null
  if (year === undefined && date > today) date = `${y - 1}${date.slice(4)}`
  return isDate(date) ? date : null
}

type Reader = (q: string, today: string) => When | null

/** Readers, most specific first: the first that matches wins. `q` is the lowercased question. */
const READERS: Reader[] = [
  // ISO dates: "2026-03-04", "from 2026-03-01 to 2026-03-07"
  (q) => {
    const m = /(\d{4}-\d{2}-\d{2})(?:\s*(?:to|until|till|through|-|–|and)\s*(\d{4}-\d{2}-\d{2}))?/.exec(q)
    if (!m || !isDate(m[1]!)) return null
    const to = m[2] && isDate(m[2]) ? m[2] : m[1]!
    return { from: m[1]!, to, phrase: m[0] }
  },
  (q, today) => {
    const m = /\b(?:the )?day before yesterday\b/.exec(q)
    return m ? day(addDays(today, -2), m[0]) : null
  },
  (q, today) => {
    const m = /\byesterday\b/.exec(q)
    return m ? day(addDays(today, -1), m[0]) : null
  },
  // "last 7 days", "past two weeks", "over the last 3 months"
  (q, today) => {
    const m = /\b(?:last|past|previous)\s+(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|fourteen|thirty)\s+(day|week|month)s?\b/.exec(q)
    if (!m) return null
    const n = count(m[1]!)
    if (n < 1) return null
    const days = m[2] === 'day' ? n : m[2] === 'week' ? 7 * n : 30 * n
    return { from: addDays(today, 1 - days), to: today, phrase: m[0] }
  },
  // "the past week" / "the last month" (a rolling window, not the calendar one)
  (q, today) => {
    const m = /\b(?:the|over the|in the|during the)\s+(?:past|last)\s+(week|fortnight|month)\b/.exec(q)
    if (!m) return null
    const days = m[1] === 'week' ? 7 : m[1] === 'fortnight' ? 14 : 30
    return { from: addDays(today, 1 - days), to: today, phrase: m[0] }
  },
  (q, today) => {
    const m = /\b(?:last|previous|past) week(?:'s|’s)?\b|\bweek before this\b/.exec(q)
    return m ? named('last_week', today, m[0]) : null
  },
  (q, today) => {
    const m = /\b(?:last|previous|past) month(?:'s|’s)?\b/.exec(q)
    return m ? named('last_month', today, m[0]) : null
  },
  (q, today) => {
    const m = /\b(?:this|current) month(?:'s|’s)?\b|\bmonth[- ]to[- ]date\b|\bso far this month\b|\bmonthly\b/.exec(q)
    return m ? named('this_month', today, m[0]) : null
  },
  (q, today) => {
    const m = /\b(?:this|current) week(?:'s|’s)?\b|\bweek[- ]to[- ]date\b|\bso far this week\b|\bweekly\b/.exec(q)
    return m ? named('this_week', today, m[0]) : null
  },
  // "since Monday", "since 3 March", "since March 3"
  (q, today) => {
    const m = new RegExp(`\\bsince (?:last )?${WEEKDAY_RE}\\b`).exec(q)
    if (!m) return null
    return { from: lastWeekday(today, weekdayIndex(m[1]!), true), to: today, phrase: m[0] }
  },
  // "on 4 March", "March 4th", "4th of March 2026"
  (q, today) => {
    const m =
      new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?(?: of)? ${MONTH_RE}\\b(?:,? (\\d{4}))?`).exec(q) ??
      new RegExp(`\\b${MONTH_RE} (\\d{1,2})(?:st|nd|rd|th)?\\b(?:,? (\\d{4}))?`).exec(q)
    if (!m) return null
    const numFirst = /^\d/.test(m[1]!)
    const dayOfMonth = Number(numFirst ? m[1] : m[2])
    const month = monthIndex(numFirst ? m[2]! : m[1]!)
    const date = pastDate(today, month, dayOfMonth, m[3] ? Number(m[3]) : undefined)
    return date ? { ...day(date, m[0]), ...(q.includes(`since ${m[0]}`) ? { to: today, phrase: `since ${m[0]}` } : {}) } : null
  },
  // "in March", "for February 2026", "during october", "March's hours"
  (q, today) => {
    const m = new RegExp(`\\b(?:in|for|during|of|over|from|throughout)\\s+${MONTH_RE}\\b(?:\\s+(\\d{4}))?`).exec(q)
    if (!m) return null
    const word = m[1]!
    // "may" is also a verb: only read it after a preposition, which this pattern requires.
    const range = pastMonth(today, monthIndex(word), m[2] ? Number(m[2]) : undefined)
    const thisMonth = periodRange('this_month', today)
    const lastMonth = periodRange('last_month', today)
    const period: Period | undefined = range.from === thisMonth.start ? 'this_month' : range.from === lastMonth.start ? 'last_month' : undefined
    return { ...range, ...(period ? { period } : {}), phrase: m[0] }
  },
  // "last Friday", "on Monday", "this Tuesday"
  (q, today) => {
    const m = new RegExp(`\\b(last|on|this|past)\\s+${WEEKDAY_RE}\\b`).exec(q)
    if (!m) return null
    const wd = weekdayIndex(m[2]!)
    if (m[1] === 'this') return day(addDays(today, wd - isoWeekday(today)), m[0])
    return day(lastWeekday(today, wd, m[1] === 'on'), m[0])
  },
  (q, today) => {
    const m =
      /\btoday(?:'s|’s)?\b|\bright now\b|\bat the moment\b|\bcurrently\b|\bso far today\b|\bthis morning\b|\bthis afternoon\b|\btonight\b|\bat present\b|\bnow\b/.exec(
        q,
      )
    return m ? { from: today, to: today, period: 'today', phrase: m[0] } : null
  },
]

/** The time the question talks about, or null when it names none. */
export function readWhen(question: string, today: string): When | null {
  const q = question.toLowerCase()
  for (const read of READERS) {
    const w = read(q, today)
    if (w) return w
  }
  return null
}

/** A named period the question mentions (the words alone, without dates). */
export function periodIn(question: string, today = new Date().toISOString().slice(0, 10)): Period | null {
  return readWhen(question, today)?.period ?? null
}

const ORDER: Period[] = ['today', 'this_week', 'last_week', 'this_month', 'last_month']

/**
 * The tool's period for a When: the named one when the tool takes it, else the period whose dates
 * are exactly the same, else the smallest allowed period containing the dates (with a note), else none.
 */
export function asPeriod(w: When, today: string, allowed: readonly Period[]): { period?: Period; note?: string } {
  if (w.period && allowed.includes(w.period)) return { period: w.period }
  const candidates = ORDER.filter((p) => allowed.includes(p)).map((p) => ({ p, r: periodRange(p, today) }))
  const same = candidates.find(({ r }) => r.start === w.from && (r.end === w.to || (w.to === today && r.end >= today)))
  if (same) return { period: same.p }
  const containing = candidates
    .filter(({ r }) => r.start <= w.from && w.to <= r.end)
    .sort((a, b) => daysBetween(a.r.start, a.r.end) - daysBetween(b.r.start, b.r.end))[0]
  if (containing) {
    return { period: containing.p, note: `"${w.phrase}" (${describe(w)}) is not one of the tool's periods: ${containing.p} is the smallest one containing it.` }
  }
  return { note: `"${w.phrase}" (${describe(w)}) is outside the tool's periods (${allowed.join(', ')}).` }
}

/** One date for tools that look at a single day: the day itself, or the last day of a range (a week's total shows on its last day). */
export function asDate(w: When, today: string): { date: string; note?: string } {
  const last = w.to > today ? today : w.to
  if (w.from === w.to) return { date: w.from }
  return { date: last, note: `The tool looks at one date: ${last}, the last day of "${w.phrase}" (week totals such as overtime are complete there).` }
}

/** A date range capped at today. */
export function asDateRange(w: When, today: string): { from: string; to: string } {
  return { from: w.from, to: w.to > today ? today : w.to }
}

/** The start of the first local day as an instant (ISO), for tools taking `since`. */
export function asSince(w: When, tz: string): string {
  return toIso(zonedTimeToInstant(w.from, '00:00', tz))
}

const describe = (w: When): string => (w.from === w.to ? w.from : `${w.from} to ${w.to}`)
