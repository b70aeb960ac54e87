import { afterAll, describe, expect, test } from 'bun:test'
import type { Role } from '../../src/kernel/ctx'
import type { Ctx } from '../../src/kernel/ctx'
import { DomainError } from '../../src/kernel/errors'
import { invoke } from '../../src/kernel/operation'
import { addDays, localDate, localRange, toIso } from '../../src/kernel/time'
import { findTenantCtx } from '../../src/modules/tenants/queries'
import { updateCompanySettings } from '../../src/modules/tenants/update-company-settings'
import { addTimeEntry } from '../../src/modules/time-tracking/add-time-entry'
import { clockIn } from '../../src/modules/time-tracking/clock-in'
import { clockOut } from '../../src/modules/time-tracking/clock-out'
import { correctTimeEntry } from '../../src/modules/time-tracking/correct-time-entry'
import { endBreak } from '../../src/modules/time-tracking/end-break'
import { gapFillJob, personDaysJob } from '../../src/modules/time-tracking/jobs'
import { workedMsBetween } from '../../src/modules/time-tracking/person-day-queries'
import { WorkedMs } from '../../src/modules/time-tracking/worked-ms'
import { workedAsMaps } from '../helpers/worked'
import { openLogUserIds, timeLogsOverlapping } from '../../src/modules/time-tracking/queries'
import { startBreak } from '../../src/modules/time-tracking/start-break'
import { netMsByUserDate } from '../../src/modules/time-tracking/worked-time-read-model'
import { jobWorld } from '../jobs/seed'
import { keyCtx, rng, scopeAt as scopeAtOf } from './sequences'

// person_day_totals (worked time per person and tenant-local date) against the raw computation
// (netMsByUserDate over the raw time logs and breaks) after random sequences of the product's own
// write operations, run in-process on a real migrated database with a controlled clock: clock-in
// and out, breaks of both kinds, added and corrected entries, auto-close by the job, paid break
// kinds and the time zone changed, and rows written by hand (outside the operations).

const w = jobWorld()
afterAll(() => w.rt.cleanup())

const HOUR = 3_600_000
const MINUTE = 60_000
const START = Date.UTC(2026, 2, 23, 6, 0) // Monday 23 March 2026, across the European DST change
const t = w.tenant({ createdAt: START - 30 * 24 * HOUR, timezone: 'Europe/Berlin', autoClockOutHours: 12 })
const people = [0, 1, 2, 3].map((i) => w.user(t.id, { name: `Person ${i}` }))
const admin = w.user(t.id, { name: 'Admin', role: 'admin' })

const ctxAs = (userId: string, role: Role, now: number): Ctx => keyCtx(w.rt, t.id, userId, role, now)
const scopeAt = (now: number) => scopeAtOf(w.rt, t.id, now)

/** What the table holds, as user -> date -> ms. */
function stored(): Map<string, Map<string, number>> {
  const rows = w.sqlite.query('select user_id, date, worked_ms from person_day_totals where tenant_id = ?').all(t.id) as {
    user_id: string
    date: string
    worked_ms: number
  }[]
  const out = new Map<string, Map<string, number>>()
  for (const r of rows) out.set(r.user_id, (out.get(r.user_id) ?? new Map()).set(r.date, r.worked_ms))
  return out
}

/** The raw computation: netMsByUserDate over every closed log of the tenant. */
function rawClosed(now: number): Map<string, Map<string, number>> {
  const logs = timeLogsOverlapping(scopeAt(now), { from: 0, to: Number.MAX_SAFE_INTEGER }, null).filter((l) => l.clockOutAt !== null)
  return netMsByUserDate(scopeAt(now), logs)
}

/** Per person and date, sorted, without dates of 0 ms (WorkedMs reads those as no time, as a missing date). */
const plain = (m: Map<string, Map<string, number>> | WorkedMs) =>
  Object.fromEntries(
    [...(m instanceof WorkedMs ? workedAsMaps(m) : m)]
      .map(([u, d]) => [u, [...d].filter(([, ms]) => ms !== 0)] as const)
      .filter(([, d]) => d.length > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([u, d]) => [u, Object.fromEntries(d.sort(([a], [b]) => a.localeCompare(b)))]),
  )

/** What the reads see over a range (stored + open sessions until now) equals the raw computation over the logs overlapping it. */
function expectReadEqualsRaw(now: number, from: string, to: string) {
  const c = scopeAt(now)
  const raw = netMsByUserDate(c, timeLogsOverlapping(c, localRange(from, to, c.tenant.timezone), null))
  for (const perDate of raw.values()) for (const d of [...perDate.keys()]) if (d < from || d > to) perDate.delete(d)
  const everyone = workedMsBetween(c, from, to, null)
  expect(plain(everyone)).toEqual(plain(raw))
  const some = [people[0]!, people[2]!]
  const rawSome = new Map([...raw].filter(([u]) => some.includes(u)))
  const theirs = workedMsBetween(c, from, to, some)
  expect(plain(theirs)).toEqual(plain(rawSome))
  // Who is clocked in, read with the live sessions (team hours' is_clocked_in), is who has an open log.
  expect([...everyone.clockedIn].sort()).toEqual([...openLogUserIds(c, null)].sort())
  expect([...theirs.clockedIn].sort()).toEqual([...openLogUserIds(c, some)].sort())
}

const pendingMarks = () => (w.sqlite.query('select count(*) n from person_day_changes where tenant_id = ?').get(t.id) as { n: number }).n

async function attempt(fn: () => Promise<unknown>): Promise<boolean> {
  try {
    await fn()
    return true
  } catch (e) {
    if (e instanceof DomainError) return false // refused (overlap, not clocked in…): writes nothing
    throw e
  }
}

describe('person_day_totals', () => {
  for (const seed of [1, 2, 3]) {
    test(`equals the raw computation after a random sequence of writes (seed ${seed})`, async () => {
      const rand = rng(seed)
      const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!
      let now = START + seed * 7 * 24 * HOUR
      const done: Record<string, number> = {}
      for (let step = 0; step < 160; step++) {
        now += Math.floor(rand() * 150 + 5) * MINUTE
        const who = pick(people)
        const r = rand()
        let op: string
        let ok = false
        if (r < 0.25) {
          op = 'clock_in'
          ok = await attempt(() => invoke(clockIn, ctxAs(who, 'employee', now), {}))
        } else if (r < 0.45) {
          op = 'clock_out'
          ok = await attempt(() => invoke(clockOut, ctxAs(who, 'employee', now), {}))
        } else if (r < 0.57) {
          op = 'start_break'
          ok = await attempt(() => invoke(startBreak, ctxAs(who, 'employee', now), { kind: pick(['break', 'lunch'] as const) }))
        } else if (r < 0.67) {
          op = 'end_break'
          ok = await attempt(() => invoke(endBreak, ctxAs(who, 'employee', now), {}))
        } else if (r < 0.75) {
          op = 'add_time_entry'
          const inAt = now - Math.floor(rand() * 20 * 24) * HOUR - Math.floor(rand() * 60) * MINUTE
          const outAt = inAt + Math.floor(rand() * 10 * 60 + 1) * MINUTE
          ok = await attempt(() =>
            invoke(addTimeEntry, ctxAs(admin, 'admin', now), {
              user_id: who,
              clock_in_at: toIso(inAt),
              clock_out_at: toIso(outAt),
              reason: 'Forgot to clock in',
            }),
          )
        } else if (r < 0.85) {
          op = 'correct_time_entry'
          const logs = w.sqlite.query('select id, clock_in_at, clock_out_at from time_logs where tenant_id = ? and clock_out_at is not null').all(t.id) as {
            id: string
            clock_in_at: number
            clock_out_at: number
          }[]
          if (logs.length > 0) {
            const log = pick(logs)
            const shift = (Math.floor(rand() * 240) - 120) * MINUTE
            const input = rand() < 0.5 ? { clock_in_at: toIso(log.clock_in_at + shift) } : { clock_out_at: toIso(log.clock_out_at + shift) }
            ok = await attempt(() => invoke(correctTimeEntry, ctxAs(admin, 'admin', now), { time_log_id: log.id, reason: 'Wrong time', ...input }))
          }
        } else if (r < 0.9) {
          op = 'auto_close'
          now += Math.floor(rand() * 14) * HOUR
          const tick = await w.tick(gapFillJob, now)
          expect(tick.error).toBeNull()
          ok = true
        } else if (r < 0.95) {
          op = 'settings'
          const input =
            rand() < 0.7
              ? { paid_break_kinds: pick([[], ['lunch'], ['break'], ['break', 'lunch']] as ('break' | 'lunch')[][]) }
              : { timezone: pick(['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC']) }
          ok = await attempt(() => invoke(updateCompanySettings, ctxAs(admin, 'admin', now), input))
        } else {
          op = 'raw_write'
          // A closed log written by hand (an import): the reads count it before anything settles it.
          const inAt = now - Math.floor(rand() * 40 + 30) * 24 * HOUR
          w.log(t.id, who, inAt, inAt + Math.floor(rand() * 9 * 60 + 1) * MINUTE)
          expect(pendingMarks()).toBeGreaterThan(0)
          ok = true
        }
        if (ok) done[op] = (done[op] ?? 0) + 1
        const today = localDate(now, findTenantCtx(w.rt.db, t.id)!.timezone)
        expectReadEqualsRaw(now, addDays(today, -75), today)
        if (op === 'raw_write') {
          // The job that closes a day counts what was written by hand.
          const tick = await w.tick(personDaysJob, now, { date: today, tenantId: t.id })
          expect(tick.error).toBeNull()
        }
        // Every write counted itself in its own transaction: nothing is left pending, the table is the raw computation.
        expect({ step, op, pending: pendingMarks() }).toEqual({ step, op, pending: 0 })
        expect(plain(stored())).toEqual(plain(rawClosed(now)))
      }
      // The sequence really exercised every kind of write.
      for (const op of ['clock_in', 'clock_out', 'start_break', 'end_break', 'add_time_entry', 'correct_time_entry', 'auto_close', 'settings', 'raw_write'])
        expect({ op, count: done[op] ?? 0 }).not.toEqual({ op, count: 0 })
    })
  }
})
