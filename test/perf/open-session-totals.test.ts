import { afterAll, describe, expect, test } from 'bun:test'
import type { Ctx, Role } from '../../src/kernel/ctx'
import { DomainError } from '../../src/kernel/errors'
import { invoke } from '../../src/kernel/operation'
import { localDate, localRange, weekStart } from '../../src/kernel/time'
import { getDashboardSummary } from '../../src/modules/dashboard/get-dashboard-summary'
import { OPEN_BUCKET_MS, openSessionSums, recountOpenSessions } from '../../src/modules/dashboard/open-session-totals'
import { openWorkedMs, openWorkedMsPerLog } from '../../src/modules/dashboard/tenant-day-totals'
import { companySettingsOf } from '../../src/modules/tenants/queries'
import { updateCompanySettings } from '../../src/modules/tenants/update-company-settings'
import { clockIn } from '../../src/modules/time-tracking/clock-in'
import { clockOut } from '../../src/modules/time-tracking/clock-out'
import { endBreak } from '../../src/modules/time-tracking/end-break'
import { gapFillJob, personDaysJob } from '../../src/modules/time-tracking/jobs'
import { startBreak } from '../../src/modules/time-tracking/start-break'
import { jobWorld } from '../jobs/seed'
import { keyCtx, rng, scopeAt as scopeAtOf } from './sequences'

// tenant_open_sessions (open logs per quarter hour of clock-in, with their breaks' sums per kind)
// and tenant_timesheet_counts against a recount from the raw rows, and the dashboard's open-session
// hours from them against the per-log statement they replace, exactly in milliseconds, after random
// sequences of the product's own writes in-process on a real migrated database with a controlled
// clock: clock-in and out, breaks of both kinds, auto clock-out by the job, paid break kinds and the
// time zone changed, open logs spanning midnight, and rows written, moved, closed and deleted by hand.

const w = jobWorld()
afterAll(() => w.rt.cleanup())

const HOUR = 3_600_000
const MINUTE = 60_000
const START = Date.UTC(2026, 2, 23, 6, 0)
const t = w.tenant({ createdAt: START - 30 * 24 * HOUR, timezone: 'Europe/Berlin', autoClockOutHours: 12 })
const people = [0, 1, 2, 3, 4, 5].map((i) => w.user(t.id, { name: `Person ${i}` }))
const admin = w.user(t.id, { name: 'Admin', role: 'admin' })

const ctxAs = (userId: string, role: Role, now: number): Ctx => keyCtx(w.rt, t.id, userId, role, now)
const scopeAt = (now: number) => scopeAtOf(w.rt, t.id, now)

const COLS = 'bucket, open_logs, clock_in_sum, break_ended_ms, break_open, break_open_start_sum, lunch_ended_ms, lunch_open, lunch_open_start_sum'
const storedRows = () => w.sqlite.query(`select ${COLS} from tenant_open_sessions where tenant_id = ? order by bucket`).all(t.id)

/** The maintained rows equal a recount from the raw rows (run inside a rolled-back savepoint). */
function expectRowsEqualRecount() {
  const kept = storedRows()
  w.sqlite.exec('savepoint recount')
  recountOpenSessions(w.rt.db)
  const recounted = storedRows()
  w.sqlite.exec('rollback to recount')
  w.sqlite.exec('release recount')
  expect(kept).toEqual(recounted)
  const sheets = w.sqlite.query('select status, n from tenant_timesheet_counts where tenant_id = ? and n != 0 order by status').all(t.id)
  const raw = w.sqlite.query('select status, count(*) n from timesheets where tenant_id = ? group by status order by status').all(t.id)
  expect(sheets).toEqual(raw)
}

/** The dashboard's open-session ms from the maintained rows equal the per-log statement over the week. */
function expectOpenMsEqualPerLog(now: number) {
  const c = scopeAt(now)
  const today = localDate(now, c.tenant.timezone)
  const monday = weekStart(today)
  const week = localRange(monday, today, c.tenant.timezone)
  const day = localRange(today, today, c.tenant.timezone)
  const perLog = openWorkedMsPerLog(c, week.from, week.to, day.from, companySettingsOf(c).paidBreakKinds)
  expect(openWorkedMs(c, monday, today)).toEqual(perLog)
  // How much of it came from the maintained rows (the quarter hours before the current one).
  const cut = Math.floor(now / OPEN_BUCKET_MS) * OPEN_BUCKET_MS
  return openSessionSums(c, week.from, cut, day.from, companySettingsOf(c).paidBreakKinds).total
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

const openLogs = () =>
  w.sqlite.query('select id, user_id, clock_in_at from time_logs where tenant_id = ? and clock_out_at is null').all(t.id) as {
    id: string
    user_id: string
    clock_in_at: number
  }[]

describe('tenant_open_sessions', () => {
  let now = START
  for (const seed of [1, 2, 3]) {
    test(`equals a recount, and the open hours the per-log sum, after a random sequence of writes (seed ${seed})`, async () => {
      const rand = rng(seed)
      const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!
      // The clock only moves forward across the sequences (the open logs of one carry into the next).
      now = Math.max(now, START + seed * 7 * 24 * HOUR)
      const done: Record<string, number> = {}
      let sawKeptMs = 0
      for (let step = 0; step < 200; step++) {
        now += Math.floor(rand() * 90 + 1) * MINUTE + Math.floor(rand() * 1000)
        const who = pick(people)
        const r = rand()
        let op: string
        let ok = false
        if (r < 0.3) {
          op = 'clock_in'
          ok = await attempt(() => invoke(clockIn, ctxAs(who, 'employee', now), {}))
        } else if (r < 0.45) {
          op = 'clock_out'
          ok = await attempt(() => invoke(clockOut, ctxAs(who, 'employee', now), {}))
        } else if (r < 0.6) {
          op = 'start_break'
          ok = await attempt(() => invoke(startBreak, ctxAs(who, 'employee', now), { kind: pick(['break', 'lunch'] as const) }))
        } else if (r < 0.72) {
          op = 'end_break'
          ok = await attempt(() => invoke(endBreak, ctxAs(who, 'employee', now), {}))
        } else if (r < 0.76) {
          op = 'auto_close'
          now += Math.floor(rand() * 14) * HOUR
          const tick = await w.tick(gapFillJob, now)
          expect(tick.error).toBeNull()
          ok = true
        } else if (r < 0.82) {
          op = 'settings'
          const input =
            rand() < 0.75
              ? { paid_break_kinds: pick([[], ['lunch'], ['break'], ['break', 'lunch']] as ('break' | 'lunch')[][]) }
              : { timezone: pick(['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'UTC']) }
          ok = await attempt(() => invoke(updateCompanySettings, ctxAs(admin, 'admin', now), input))
        } else if (r < 0.88) {
          op = 'open_by_hand'
          // An open log written by hand that clocked in yesterday evening (it spans midnight), with an
          // ended break and an unended lunch of the same log.
          const free = people.filter((p) => !openLogs().some((l) => l.user_id === p))
          if (free.length > 0) {
            // Half the time in the same quarter hour as another open log (one row holds both).
            const other = openLogs()[0]
            const at =
              other && rand() < 0.5
                ? Math.floor(other.clock_in_at / OPEN_BUCKET_MS) * OPEN_BUCKET_MS + Math.floor(rand() * OPEN_BUCKET_MS)
                : now - Math.floor(rand() * 20 + 6) * HOUR
            const id = w.log(t.id, pick(free), at, null)
            const b = (kind: string, from: number, to: number | null) =>
              w.sqlite
                .prepare(
                  'insert into breaks (id, tenant_id, user_id, time_log_id, kind, started_at, ended_at) select ?, tenant_id, user_id, id, ?, ?, ? from time_logs where id = ?',
                )
                .run(crypto.randomUUID(), kind, from, to, id)
            const log = w.sqlite.query('select clock_in_at from time_logs where id = ?').get(id) as { clock_in_at: number }
            b(pick(['break', 'lunch']), log.clock_in_at + 30 * MINUTE, log.clock_in_at + 45 * MINUTE)
            if (rand() < 0.5) b(pick(['break', 'lunch']), now - 10 * MINUTE, null)
            ok = true
          }
        } else if (r < 0.94) {
          op = 'change_by_hand'
          // An open log moved (clock-in corrected), closed (clock-out set), or deleted with its breaks, by hand.
          const logs = openLogs()
          if (logs.length > 0) {
            const log = pick(logs)
            const how = rand()
            if (how < 0.33) w.sqlite.prepare('update time_logs set clock_in_at = clock_in_at - ? where id = ?').run(Math.floor(rand() * 120) * MINUTE, log.id)
            else if (how < 0.66) {
              w.sqlite.prepare('update breaks set ended_at = ? where time_log_id = ? and ended_at is null').run(now, log.id)
              w.sqlite.prepare("update time_logs set clock_out_at = ?, status = 'closed' where id = ?").run(now, log.id)
            } else {
              // Preferably one with breaks: the foreign key's cascade deletes them with it.
              const withBreaks = logs.find((l) => w.sqlite.query('select 1 from breaks where time_log_id = ?').get(l.id))
              w.sqlite.prepare('delete from time_logs where id = ?').run((withBreaks ?? log).id)
              op = withBreaks ? 'delete_with_breaks' : op
            }
            ok = true
          }
        } else {
          op = 'break_by_hand'
          // A break of an open log changed by hand: its kind switched, or deleted.
          const b = w.sqlite
            .query(
              'select b.id from breaks b join time_logs l on l.id = b.time_log_id where b.tenant_id = ? and l.clock_out_at is null order by b.started_at limit 1',
            )
            .get(t.id) as { id: string } | null
          if (b) {
            if (rand() < 0.5) w.sqlite.prepare("update breaks set kind = case kind when 'break' then 'lunch' else 'break' end where id = ?").run(b.id)
            else w.sqlite.prepare('delete from breaks where id = ?').run(b.id)
            ok = true
          }
        }
        if (ok) done[op] = (done[op] ?? 0) + 1
        expectRowsEqualRecount()
        sawKeptMs = Math.max(sawKeptMs, expectOpenMsEqualPerLog(now))
        // Rows written by hand leave marks the job counts (the dashboard answers per person meanwhile).
        const c = scopeAt(now)
        const tick = await w.tick(personDaysJob, now, { date: localDate(now, c.tenant.timezone), tenantId: t.id })
        expect(tick.error).toBeNull()
        // The dashboard's organisation answer (the maintained path) equals what the per-log sums give.
        const d = (await invoke(getDashboardSummary, ctxAs(admin, 'admin', now), {})) as { clocked_in_now: number; pending_approvals: number }
        expect(d.clocked_in_now).toBe(openLogs().length)
        const pending = w.sqlite.query("select count(*) n from timesheets where tenant_id = ? and status in ('submitted', 'auto_generated')").get(t.id) as {
          n: number
        }
        expect(d.pending_approvals).toBe(pending.n)
      }
      expect(sawKeptMs).toBeGreaterThan(0)
      if (process.env.DBG) console.log(done)
      for (const op of [
        'delete_with_breaks',
        'clock_in',
        'clock_out',
        'start_break',
        'end_break',
        'auto_close',
        'settings',
        'open_by_hand',
        'change_by_hand',
        'break_by_hand',
      ])
        expect({ op, count: done[op] ?? 0 }).not.toEqual({ op, count: 0 })
    })
  }
})

describe('the current quarter hour of the dashboard open hours', () => {
  test('comes from the sums while nothing of the week is after now, and per log when a clock-in or a break is', () => {
    const other = w.tenant({ createdAt: START - 30 * 24 * HOUR, timezone: 'Europe/Berlin' })
    const [a, b] = [0, 1].map((i) => w.user(other.id, { name: `Quarter ${i}` }))
    // Mid quarter hour, a Wednesday: A clocked in 5 minutes ago (this quarter hour), with a short ended break.
    const now = START + 2 * 24 * HOUR + 7 * MINUTE
    const inA = now - 5 * MINUTE
    const logA = w.log(other.id, a!, inA, null)
    const addBreak = (log: string, from: number, to: number | null) =>
      w.sqlite
        .prepare(
          'insert into breaks (id, tenant_id, user_id, time_log_id, kind, started_at, ended_at) select ?, tenant_id, user_id, id, ?, ?, ? from time_logs where id = ?',
        )
        .run(crypto.randomUUID(), 'break', from, to, log)
    addBreak(logA, inA + MINUTE, inA + 2 * MINUTE)
    const c = scopeAtOf(w.rt, other.id, now)
    const today = localDate(now, c.tenant.timezone)
    const monday = weekStart(today)
    const week = localRange(monday, today, c.tenant.timezone)
    const day = localRange(today, today, c.tenant.timezone)
    const perLog = () => openWorkedMsPerLog(c, week.from, week.to, day.from, companySettingsOf(c).paidBreakKinds)
    const cut = Math.floor(now / OPEN_BUCKET_MS) * OPEN_BUCKET_MS
    const fromSums = () => openSessionSums(c, week.from, cut + OPEN_BUCKET_MS, day.from, companySettingsOf(c).paidBreakKinds)
    expect(perLog().total).toBe(4 * MINUTE)
    expect(openWorkedMs(c, monday, today)).toEqual(perLog())
    expect(openWorkedMs(c, monday, today)).toEqual(fromSums())
    // B clocks in 3 minutes from now (a log written by hand): the sums would count it below zero.
    const logB = w.log(other.id, b!, now + 3 * MINUTE, null)
    expect(fromSums().total).toBeLessThan(perLog().total)
    expect(openWorkedMs(c, monday, today)).toEqual(perLog())
    // Now B clocked in a minute ago, and A's break ends after now.
    w.sqlite.prepare('update time_logs set clock_in_at = ? where id = ?').run(now - MINUTE, logB)
    addBreak(logA, inA + 3 * MINUTE, now + 10 * MINUTE)
    expect(fromSums().total).not.toBe(perLog().total)
    expect(openWorkedMs(c, monday, today)).toEqual(perLog())
  })
})
