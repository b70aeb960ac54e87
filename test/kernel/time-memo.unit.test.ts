import { describe, expect, test } from 'bun:test'
import { localDate, localParts, toIso, zonedTimeToInstant } from '../../src/kernel/time'

/** The parts straight from Intl, without kernel/time's memo. */
function fresh(ms: number, tz: string) {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  const out: Record<string, number> = {}
  for (const p of f.formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value)
  const part = (name: string): number => {
    const v = out[name]
    if (v === undefined) throw new Error(`Intl gave no ${name}`)
    return v
  }
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') }
}

// localParts remembers the parts of recent (zone, whole second) pairs: every instant, also the
// milliseconds either side of a DST change and of midnight, must still get its own parts.
describe('localParts memo', () => {
  const around = [
    Date.UTC(2026, 2, 29, 1, 0, 0), // Europe/Berlin springs forward
    Date.UTC(2026, 9, 25, 1, 0, 0), // and falls back
    Date.UTC(2026, 2, 8, 7, 0, 0), // America/New_York springs forward
    Date.UTC(2026, 10, 22, 23, 0, 0), // midnight in Berlin
    Date.UTC(2026, 3, 4, 15, 30, 0), // Australia/Adelaide (half-hour zone) falls back
  ]
  const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Adelaide', 'Asia/Kathmandu', 'UTC']
  test('the same parts as Intl for instants around offset changes, called twice each in any order', () => {
    const instants: number[] = []
    for (const t of around) for (const d of [-61_000, -1_001, -1_000, -999, -1, 0, 1, 999, 1_000, 59_999, 3_600_000]) instants.push(t + d)
    for (let pass = 0; pass < 2; pass++) {
      for (const tz of zones) {
        for (const ms of pass === 0 ? instants : [...instants].reverse()) {
          expect(localParts(ms, tz)).toEqual(fresh(ms, tz))
        }
      }
    }
  })
  test('a caller changing the returned parts does not change what the next caller gets', () => {
    const ms = Date.UTC(2026, 5, 1, 12, 0, 0)
    const first = localParts(ms, 'Europe/Berlin')
    first.day = 99
    expect(localParts(ms, 'Europe/Berlin').day).toBe(1)
    expect(localDate(ms, 'Europe/Berlin')).toBe('2026-06-01')
  })
  test('wall-clock times across a DST change still resolve as before', () => {
    expect(zonedTimeToInstant('2026-03-29', '02:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 1, 30))
    // 02:30 happens twice on the night Berlin falls back: the first one (CEST, 00:30 UTC), as
    // the function's comment says (it resolved to the second before 2026-11-23).
    expect(zonedTimeToInstant('2026-10-25', '02:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 25, 0, 30))
    // America/Santiago changes at midnight. 2026-04-05 00:00 -03 falls back to 04-04 23:00 -04, so
    // 23:30 of 04-04 happens twice: the first is 02:30 UTC. 2026-09-06 00:00 -04 jumps to 01:00 -03:
    // that day starts at 01:00 local (04:00 UTC), the first instant it has.
    expect(zonedTimeToInstant('2026-09-06', '00:00', 'America/Santiago')).toBe(Date.UTC(2026, 8, 6, 4, 0))
    expect(zonedTimeToInstant('2026-04-04', '23:30', 'America/Santiago')).toBe(Date.UTC(2026, 3, 5, 2, 30))
  })
})

// localDate remembers the date per zone and quarter hour: every instant around a local midnight or
// an offset change, in whole-, half- and quarter-hour zones, must still get the date Intl gives.
describe('localDate memo', () => {
  // Intl's own date (en-CA formats YYYY-MM-DD), one formatter per zone: the memo's answer must equal it.
  const formatters = new Map<string, Intl.DateTimeFormat>()
  const freshDate = (ms: number, tz: string) => {
    let f = formatters.get(tz)
    if (!f) formatters.set(tz, (f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })))
    return f.format(new Date(ms))
  }
  const zones = ['Europe/Berlin', 'America/New_York', 'America/Santiago', 'Australia/Adelaide', 'Asia/Kathmandu', 'Pacific/Chatham', 'UTC']
  test('the same date as Intl every minute either side of each local midnight and offset change of 2026, twice over', () => {
    for (const tz of zones) {
      const instants: number[] = []
      // Every local midnight of a few days around each change, ±30 minutes minute by minute (and the
      // milliseconds either side of each minute), from UTC days 2026-01-01 to 2026-12-31 sampled weekly.
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 7 * 86_400_000) {
        const midnight = zonedTimeToInstant(new Date(day).toISOString().slice(0, 10), '00:00', tz)
        for (let m = -30; m <= 30; m++) instants.push(midnight + m * 60_000 - 1, midnight + m * 60_000)
      }
      for (const change of [
        Date.UTC(2026, 2, 29, 1),
        Date.UTC(2026, 9, 25, 1),
        Date.UTC(2026, 2, 8, 7),
        Date.UTC(2026, 10, 1, 6),
        Date.UTC(2026, 3, 5, 3),
        Date.UTC(2026, 8, 6, 4),
      ])
        for (let m = -90; m <= 90; m++) instants.push(change + m * 60_000 - 1, change + m * 60_000)
      for (const order of [instants, [...instants].reverse()]) for (const ms of order) expect(localDate(ms, tz)).toBe(freshDate(ms, tz))
    }
  })
})

// toIso remembers recent instants (a page of rows converts the same ones on every call): every
// instant must still get its own string, past the memo's bound too, and a bad one still throws.
describe('toIso memo', () => {
  test('the same string as Date#toISOString for 10,000 instants, asked twice in both orders', () => {
    const base = Date.UTC(2026, 10, 28, 12, 0, 0)
    const instants = Array.from({ length: 10_000 }, (_, i) => base + i * 997 - (i % 3) * 86_400_000)
    for (const order of [instants, [...instants].reverse(), instants]) for (const ms of order) expect(toIso(ms)).toBe(new Date(ms).toISOString())
    expect(toIso(0)).toBe('1970-01-01T00:00:00.000Z')
    expect(toIso(-1)).toBe('1969-12-31T23:59:59.999Z')
  })
  test('an instant Date cannot hold throws RangeError each time, as before', () => {
    for (let i = 0; i < 2; i++) {
      expect(() => toIso(Number.NaN)).toThrow(RangeError)
      expect(() => toIso(8.64e15 + 1)).toThrow(RangeError)
    }
  })
})
