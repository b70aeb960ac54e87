import { afterAll, describe, expect, test } from 'bun:test'
import type { Ctx, Role, TenantBoundCtx } from '../../src/kernel/ctx'
import { DomainError } from '../../src/kernel/errors'
import { invoke } from '../../src/kernel/operation'
import { addDays, localDate, localRange, weekStart } from '../../src/kernel/time'
import { recountPersonOpenSessions } from '../../src/modules/dashboard/person-open-sessions'
import { BASES, PAUSED, RUNNING, recountPersonWeeks } from '../../src/modules/dashboard/person-week-totals'
import { rebuildPersonDayTotals } from '../../src/modules/time-tracking/person-day-queries'
import { summarizeTeamHours } from '../../src/modules/dashboard/summarize-team-hours'
import { figuresFromDays } from '../../src/modules/dashboard/team-hours-days'
import { orgWeekFigures } from '../../src/modules/dashboard/team-hours-week'
import { clockIn } from '../../src/modules/time-tracking/clock-in'
import { clockOut } from '../../src/modules/time-tracking/clock-out'
import { endBreak } from '../../src/modules/time-tracking/end-break'
import { gapFillJob, personDaysJob } from '../../src/modules/time-tracking/jobs'
import { startBreak } from '../../src/modules/time-tracking/start-break'
import { jobWorld } from '../jobs/seed'
import { keyCtx, rng } from './sequences'

// person_week_totals, tenant_week_totals and person_open_sessions (kept by triggers) against a recount from their
// sources, and the organisation-wide team hours of a week read from them (team-hours-week.ts)
// against the same figures computed from everyone's days (team-hours-days.ts), exactly, after
// random sequences of writes on a real migrated database with a controlled clock: clock-in and
// out, breaks (and odd ones by hand: ending after now, or before they start), auto clock-out, closed logs written, moved and deleted by hand (on past, current
// and future dates; a week copied from one person to another), shifts scheduled, moved, cancelled and deleted, contracts changed (to 0 and
// to fractions), people renamed and deactivated. Lists of 2 and 5 over 9 people (two with the same name), so that
// the lists' cut, its ties and the people clocked in are exercised.

const w = jobWorld()
afterAll(() => w.rt.cleanup())

const HOUR = 3_600_000
const MINUTE = 60_000
// Monday 23 March 2026, 07:00 in Berlin; the clocks go forward on Sunday 29 March.
const START = Date.UTC(2026, 2, 23, 6, 0)
const t = w.tenant({ createdAt: START - 30 * 24 * HOUR, timezone: 'Europe/Berlin', autoClockOutHours: 12 })
// 'Émile' twice: composed and decomposed (equal to the collator, not to SQLite's binary order).
const NAMES = ['Ana', 'ana', 'Bo', 'Sam', 'Sam', '\u00c9mile', 'Zoë', 'Lee', 'E\u0301mile']
const people = NAMES.map((name, i) => {
  const id = w.user(t.id, { name: `Person ${i}`, weeklyHours: [40, 37.5, 20, 40, 40, 8, 40, 0, 40][i]! })
  // Named afterwards: the helper makes emails from names, and these repeat.
  w.sqlite.prepare('update users set name = ? where id = ?').run(name, id)
  return id
})
const admin = w.user(t.id, { name: 'Admin', role: 'admin' })
const LISTED = [2, 5]

const ctxAs = (userId: string, role: Role, now: number): Ctx => keyCtx(w.rt, t.id, userId, role, now)
/** A key's context, its tenant known (as the operation's run receives it). */
const bound = (c: Ctx): TenantBoundCtx => {
  if (!c.tenant) throw new Error('no tenant')
  return { ...c, tenant: c.tenant }
}

const NONZERO = 'where tenant_id = ? and (d0 or d1 or d2 or d3 or d4 or d5 or d6'
const keptRows = () => ({
  people: w.sqlite
    .query(`select * from person_week_totals ${NONZERO} or days_worked or over_shift_ms or open_in is not null) order by user_id, monday`)
    .all(t.id),
  organisation: w.sqlite
    .query(`select * from tenant_week_totals ${NONZERO} or with_time or with_time_static or ${[...RUNNING, ...BASES, ...PAUSED].join(' or ')}) order by monday`)
    .all(t.id),
  open: w.sqlite.query('select * from person_open_sessions where tenant_id = ? order by user_id').all(t.id),
})

/** The kept rows equal a recount from their sources (inside a rolled-back savepoint). */
function expectRowsEqualRecount() {
  const kept = keptRows()
  w.sqlite.exec('savepoint recount')
  recountPersonWeeks(w.rt.db)
  recountPersonOpenSessions(w.rt.db)
  const recounted = keptRows()
  w.sqlite.exec('rollback to recount')
  w.sqlite.exec('release recount')
  expect(kept).toEqual(recounted)
}

async function attempt(fn: () => Promise<unknown>): Promise<boolean> {
  try {
    await fn()
    return true
  } catch (e) {
    if (e instanceof DomainError) return false
    throw e
  }
}

const closedLogs = () => w.sqlite.query('select id from time_logs where tenant_id = ? and clock_out_at is not null').all(t.id) as { id: string }[]
const shifts = () => w.sqlite.query('select id from shift_schedules where tenant_id = ?').all(t.id) as { id: string }[]

describe('organisation-wide team hours of a week from the kept week rows', () => {
  let now = START
  for (const seed of [1, 2, 3]) {
    test(`equal the figures from everyone's days after a random sequence of writes (seed ${seed})`, async () => {
      const rand = rng(seed)
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
      const done: Record<string, number> = {}
      let answered = 0
      for (let step = 0; step < 160; step++) {
        now += Math.floor(rand() * 100 + 1) * MINUTE + Math.floor(rand() * 1000)
        // The same-named people more often, so that they meet at the top of the lists.
        const who = rand() < 0.3 ? pick([people[3]!, people[4]!, people[5]!, people[8]!]) : pick(people)
        const today = localDate(now, 'Europe/Berlin')
        const dayOfWeek = addDays(weekStart(today), Math.floor(rand() * 7))
        const r = rand()
        let op: string
        let ok = false
        if (r < 0.25) {
          op = 'clock_in'
          ok = await attempt(() => invoke(clockIn, ctxAs(who, 'employee', now), {}))
        } else if (r < 0.38) {
          op = 'clock_out'
          ok = await attempt(() => invoke(clockOut, ctxAs(who, 'employee', now), {}))
        } else if (r < 0.46) {
          op = 'break'
          const started = await attempt(() => invoke(startBreak, ctxAs(who, 'employee', now), { kind: pick(['break', 'lunch'] as const) }))
          ok = started || (await attempt(() => invoke(endBreak, ctxAs(who, 'employee', now), {})))
        } else if (r < 0.48) {
          op = 'break_by_hand'
          // An ended break of an open session written by hand: sometimes ending after now, or before it starts.
          const open = w.sqlite.query('select id, user_id, clock_in_at from time_logs where tenant_id = ? and clock_out_at is null').all(t.id) as {
            id: string
            user_id: string
            clock_in_at: number
          }[]
          if (open.length > 0) {
            const log = pick(open)
            const from = log.clock_in_at + Math.floor(rand() * 30) * MINUTE
            const to = pick([from + 20 * MINUTE, now + 30 * MINUTE, from - 10 * MINUTE])
            w.sqlite
              .prepare('insert into breaks (id, tenant_id, user_id, time_log_id, kind, started_at, ended_at) values (?, ?, ?, ?, ?, ?, ?)')
              .run(crypto.randomUUID(), t.id, log.user_id, log.id, pick(['break', 'lunch']), from, to)
            ok = true
          }
        } else if (r < 0.5) {
          op = 'auto_close'
          now += Math.floor(rand() * 14) * HOUR
          expect((await w.tick(gapFillJob, now)).error).toBeNull()
          ok = true
        } else if (r < 0.62) {
          op = 'log_by_hand'
          // A closed log on a date of this week (some ahead of today) or the week before.
          const date = rand() < 0.25 ? addDays(dayOfWeek, -7) : dayOfWeek
          const at = Date.parse(`${date}T06:00:00Z`) + Math.floor(rand() * 8) * HOUR
          // Sometimes a few seconds: time worked that rounds to no hours.
          w.log(t.id, who, at, at + (rand() < 0.15 ? Math.floor(rand() * 15_000) + 1 : Math.floor(rand() * 11 * 60 + 5) * MINUTE))
          ok = true
        } else if (r < 0.68) {
          op = 'log_changed_by_hand'
          const logs = closedLogs()
          if (logs.length > 0) {
            const log = pick(logs)
            if (rand() < 0.5)
              w.sqlite.prepare('update time_logs set clock_out_at = clock_out_at + ? where id = ?').run(Math.floor(rand() * 180) * MINUTE, log.id)
            else w.sqlite.prepare('delete from time_logs where id = ?').run(log.id)
            ok = true
          }
        } else if (r < 0.8) {
          op = 'shift_scheduled'
          const starts = Date.parse(`${dayOfWeek}T07:00:00Z`) + Math.floor(rand() * 4) * HOUR
          const had = w.sqlite.query('select id from shift_schedules where tenant_id = ? and user_id = ? and date = ?').get(t.id, who, dayOfWeek)
          if (!had) {
            w.shift(t.id, who, dayOfWeek, starts, starts + Math.floor(rand() * 6 + 2) * HOUR, pick([0, 30, 60]))
            ok = true
          }
        } else if (r < 0.86) {
          op = 'shift_changed'
          const all = shifts()
          if (all.length > 0) {
            const s = pick(all)
            const how = rand()
            if (how < 0.4) w.sqlite.prepare('update shift_schedules set ends_at = ends_at - ? where id = ?').run(Math.floor(rand() * 4) * HOUR, s.id)
            else if (how < 0.7)
              w.sqlite.prepare("update shift_schedules set status = case status when 'scheduled' then 'cancelled' else 'scheduled' end where id = ?").run(s.id)
            else w.sqlite.prepare('delete from shift_schedules where id = ?').run(s.id)
            ok = true
          }
        } else if (r < 0.9) {
          op = 'week_copied'
          // Someone's closed logs (and their breaks) of this week copied over another's: equal hours,
          // so the lists' cut and order fall to names (the two Sams: to ids).
          const twin = new Map([
            [people[3], people[4]],
            [people[4], people[3]],
            [people[5], people[8]],
            [people[8], people[5]],
          ]).get(who)
          const others = [twin && rand() < 0.7 ? twin : pick(people), pick(people)]
          const { from, to } = localRange(weekStart(today), addDays(weekStart(today), 6), 'Europe/Berlin')
          const closedIn = 'tenant_id = ? and user_id = ? and clock_out_at is not null and clock_in_at >= ? and clock_in_at < ?'
          for (const other of others.filter((o) => o !== who)) {
            w.sqlite.prepare(`delete from time_logs where ${closedIn}`).run(t.id, other, from, to)
            const logs = w.sqlite.query(`select id, clock_in_at, clock_out_at from time_logs where ${closedIn}`).all(t.id, who, from, to) as {
              id: string
              clock_in_at: number
              clock_out_at: number
            }[]
            for (const log of logs) {
              const copy = w.log(t.id, other, log.clock_in_at, log.clock_out_at)
              w.sqlite
                .prepare(
                  'insert into breaks (id, tenant_id, user_id, time_log_id, kind, started_at, ended_at) select lower(hex(randomblob(16))), tenant_id, ?, ?, kind, started_at, ended_at from breaks where time_log_id = ?',
                )
                .run(other, copy, log.id)
            }
            ok = true
          }
        } else if (r < 0.94) {
          op = 'contract_changed'
          w.sqlite.prepare('update users set weekly_hours = ? where id = ?').run(pick([0, 8, 20, 37.5, 40, 0.1]), who)
          ok = true
        } else if (r < 0.96) {
          op = 'renamed'
          w.sqlite.prepare('update users set name = ? where id = ?').run(pick(NAMES), who)
          ok = true
        } else if (r < 0.975) {
          op = 'status_changed'
          w.sqlite.prepare('update users set status = ? where id = ?').run(pick(['active', 'active', 'deactivated']), who)
          ok = true
        } else {
          op = 'paid_kinds_changed'
          // As update_company_settings does: the row, then the worked days counted again (the open sessions follow by trigger).
          w.sqlite.prepare('update tenants set paid_break_kinds = ? where id = ?').run(pick(['[]', '["break"]', '["lunch"]', '["break","lunch"]']), t.id)
          rebuildPersonDayTotals(bound(ctxAs(admin, 'admin', now)))
          ok = true
        }
        if (ok) done[op] = (done[op] ?? 0) + 1
        expectRowsEqualRecount()
        // Logs written by hand leave marks (the kept path then declines); the job counts them.
        if (rand() < 0.8) expect((await w.tick(personDaysJob, now, { date: today, tenantId: t.id })).error).toBeNull()
        expectRowsEqualRecount()
        const c = bound(ctxAs(admin, 'admin', now))
        for (const monday of [weekStart(today), addDays(weekStart(today), -7)])
          for (const listed of LISTED) {
            const kept = orgWeekFigures(c, monday, today, listed)
            if (kept === null) continue
            answered++
            expect(kept).toEqual(figuresFromDays(c, null, true, { start: monday, end: addDays(monday, 6), today }, listed))
          }
        // The tool itself, through whichever path it takes.
        const answer = (await invoke(summarizeTeamHours, c, { period: 'this_week' })) as { result: { members: unknown[] } }
        expect(answer.result.members.length).toBeLessThanOrEqual(100)
      }
      if (process.env.DBG) console.log(done, answered)
      expect(answered).toBeGreaterThan(40)
      for (const op of Object.keys(done)) expect(done[op]).toBeGreaterThan(0)
      expect(Object.keys(done).length).toBe(14)
    })
  }
})

describe('the kept week rows list people as the days path does', () => {
  test('people of the same name and hours by id, whatever order their rows were written in; then the people without hours by name', async () => {
    const at = START + 10 * 7 * 24 * HOUR + 10 * HOUR
    const other = w.tenant({ createdAt: at - 30 * 24 * HOUR, timezone: 'Europe/Berlin' })
    const [first, second] = [0, 1].map((i) => w.user(other.id, { name: `Twin ${i}` })).sort()
    const third = w.user(other.id, { name: 'Ann' })
    const boss = w.user(other.id, { name: 'Boss', role: 'admin' })
    w.sqlite.prepare("update users set name = 'Sam' where id in (?, ?)").run(first!, second!)
    // The smaller id's week row first: the index then yields the larger id first among equal hours.
    for (const id of [first!, second!, third]) w.log(other.id, id, at - 10 * HOUR, at - 2 * HOUR)
    const today = localDate(at, 'Europe/Berlin')
    expect((await w.tick(personDaysJob, at, { date: today, tenantId: other.id })).error).toBeNull()
    const c = bound(keyCtx(w.rt, other.id, boss, 'admin', at))
    const kept = orgWeekFigures(c, weekStart(today), today, 2)
    expect(kept?.members.map((m) => [m.name, m.hours])).toEqual([
      ['Ann', 8],
      ['Sam', 8],
    ])
    expect(kept!.members[1]!.user_id).toBe(first!)
    expect(kept).toEqual(figuresFromDays(c, null, true, { start: weekStart(today), end: addDays(weekStart(today), 6), today }, 2))

    // Fewer people with hours than the list: the rest by name, a few seconds' work as no hours but a day worked.
    const zed = w.user(other.id, { name: 'Zed' })
    w.log(other.id, zed, at - 3 * HOUR, at - 3 * HOUR + 5_000)
    expect((await w.tick(personDaysJob, at, { date: today, tenantId: other.id })).error).toBeNull()
    // By name: Boss, the tenant's owner ("Owner …"), Zed.
    const longer = orgWeekFigures(c, weekStart(today), today, 6)
    expect(longer?.members.map((m) => [m.name.replace(/ \d+$/, ''), m.hours, m.days_worked])).toEqual([
      ['Ann', 8, 1],
      ['Sam', 8, 1],
      ['Sam', 8, 1],
      ['Boss', 0, 0],
      ['Owner', 0, 0],
      ['Zed', 0, 1],
    ])
    expect(longer).toEqual(figuresFromDays(c, null, true, { start: weekStart(today), end: addDays(weekStart(today), 6), today }, 6))
  })
})
