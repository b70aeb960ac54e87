import { afterAll, describe, expect, test } from 'bun:test'
import { DEFAULT_SEED_OPTIONS, seedDemoTenant } from '../../seed'
import type { Ctx } from '../../src/kernel/ctx'
import { invoke } from '../../src/kernel/operation'
import { addDays, dateRange, hoursFromMs, localDate, periodRange, weekStart, type Period } from '../../src/kernel/time'
import { sampleTotals } from '../../src/modules/activity/day-queries'
import { summedSampleSeconds } from '../../src/modules/activity/productivity'
import { DAILY_GRACE_MINUTES } from '../../src/modules/dashboard/overtime-grace'
import { summarizeTeamHours } from '../../src/modules/dashboard/summarize-team-hours'
import { scheduledShiftSpans } from '../../src/modules/shifts/alert-queries'
import { shiftNetMs } from '../../src/modules/shifts/model'
import { shiftDaysBetween } from '../../src/modules/shifts/schedule-queries'
import { teamMemberIds } from '../../src/modules/teams/membership'
import { sumDates } from '../../src/modules/time-tracking/hours'
import { workedMsBetween } from '../../src/modules/time-tracking/person-day-queries'
import { openLogUserIds } from '../../src/modules/time-tracking/queries'
import { type HoursMember, hoursMembers, usersMatching } from '../../src/modules/users/queries'
import { tempRuntime } from '../helpers/db'
import { workedAsMaps } from '../helpers/worked'
import { keyCtx, scopeAt } from './sequences'

// The reads that perf-reads-js moved off drizzle's per-call query building and per-row mapping
// (prepared statements of their own, narrower columns, one pass instead of several) against the
// code they replaced, on a seeded demo company with a fixed clock: the same rows, and for
// summarize_team_hours the same answer as main's algorithm computed here from the old functions.
// 130 people: more than the 100 members team hours lists, so its top-100 selection is compared too.

const rt = tempRuntime()
afterAll(() => rt.cleanup())
// A Wednesday, 12:00 in Berlin: open sessions, a week in progress, today's samples not summarised.
const NOW = Date.UTC(2026, 10, 18, 11, 0)
const seeded = seedDemoTenant(rt.handle, rt.secret, { ...DEFAULT_SEED_OPTIONS, employees: 130, days: 21, seed: 'reads-js', now: NOW })
const tenantId = seeded.tenantId
const sqlite = rt.handle.sqlite
const scope = () => scopeAt(rt, tenantId, NOW)
const team = () =>
  sqlite
    .query<{ id: string }, [number]>('select id from teams where tenant_id = ? order by name')
    .all(tenantId)
    .map((r) => r.id)
const adminId = sqlite
  .query<{ id: string }, [number]>("select id from users where tenant_id = ? and role = 'admin' and status = 'active' limit 1")
  .get(tenantId)!.id
const adminCtx = (): Ctx => keyCtx(rt, tenantId, adminId, 'admin', NOW)

// Rows the filters must leave out or keep: a deactivated and an invited person, a cancelled shift,
// and two people whose names differ only by an accent (ordered by the collator).
const someone = sqlite.query<{ id: string }, [number, string]>("select id from users where tenant_id = ? and status = 'active' and id != ? limit 3")
const [gone, invited] = someone.all(tenantId, adminId)
sqlite.run("update users set status = 'deactivated' where id = ?", [gone!.id])
sqlite.run("update users set status = 'invited' where id = ?", [invited!.id])
for (const [i, name] of ['Émile Zola', 'Emile Zola', 'emile zola'].entries())
  sqlite.run(
    "insert into users (id, tenant_id, name, email, role, status, work_profile, weekly_hours, created_at) values (?, ?, ?, ?, 'employee', 'active', 'engineering', 40, 0)",
    [crypto.randomUUID(), tenantId, name, `zola${i}@reads-js.test`],
  )
sqlite.run(
  "update shift_schedules set status = 'cancelled' where id = (select id from shift_schedules where tenant_id = ? and date = ? and status = 'scheduled' limit 1)",
  [tenantId, localDate(NOW, 'Europe/Berlin')],
)

describe('perf-reads-js: the same rows as the code they replace', () => {
  /** The reference: the per-person, per-date totals of day-queries, summed here. */
  const summedByHand = (c: ReturnType<typeof scope>, ids: string[] | null, dates: readonly string[]) => {
    const sum = { productive: 0, neutral: 0, unproductive: 0, idle: 0 }
    for (const r of sampleTotals(c, ids, dates)) {
      sum.productive += Number(r.productive)
      sum.neutral += Number(r.neutral)
      sum.unproductive += Number(r.unproductive)
      sum.idle += Number(r.idle)
    }
    return sum
  }

  test('summedSampleSeconds equals the per-person, per-date totals summed, for everyone, a team, nobody, and 1-7 dates', () => {
    const c = scope()
    const today = localDate(NOW, c.tenant.timezone)
    const teams = team()
    expect(teams.length).toBeGreaterThan(1)
    const shapes: (string[] | null)[] = [null, teamMemberIds(c, [teams[0]!]), teamMemberIds(c, [teams[1]!]), []]
    let nonZero = 0
    for (const ids of shapes)
      for (let n = 1; n <= 7; n++) {
        const dates = dateRange(addDays(today, 1 - n), today)
        const got = summedSampleSeconds(c, ids, dates)
        expect(got).toEqual(summedByHand(c, ids, dates))
        if (got.productive > 0) nonZero++
      }
    expect(summedSampleSeconds(c, null, [])).toEqual({ productive: 0, neutral: 0, unproductive: 0, idle: 0 })
    // The comparison is not of zeros: today's samples are there.
    expect(nonZero).toBeGreaterThan(10)
  })

  test('hoursMembers equals the active people of usersMatching (same people, same order) for everyone and each team', () => {
    const c = scope()
    const pick = (u: HoursMember): HoursMember => ({ id: u.id, name: u.name, weeklyHours: u.weeklyHours })
    for (const ids of [null, ...team().map((t) => teamMemberIds(c, [t])), []]) {
      const got = hoursMembers(c, ids)
      expect(got).toEqual(
        usersMatching(c, { userIds: ids })
          .filter((u) => u.status === 'active')
          .map(pick),
      )
      if (ids === null) {
        expect(got.some((u) => u.id === gone!.id)).toBe(false)
        expect(got.some((u) => u.id === invited!.id)).toBe(false)
        expect(got.length).toBeGreaterThan(20)
      }
    }
  })

  test('scheduledShiftSpans equals the scheduled days of shiftDaysBetween for everyone and each team (cancelled shifts left out)', () => {
    const c = scope()
    const today = localDate(NOW, c.tenant.timezone)
    const key = (s: { userId: string; date: string }) => `${s.userId} ${s.date}`
    const narrow = (s: { userId: string; date: string; startsAt: number; endsAt: number; breakMinutes: number }) => ({
      userId: s.userId,
      date: s.date,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      breakMinutes: s.breakMinutes,
    })
    for (const ids of [null, ...team().map((t) => teamMemberIds(c, [t])), []])
      for (const [from, to] of [
        [weekStart(today), today],
        [addDays(today, -20), addDays(today, 7)],
      ] as const) {
        const got = scheduledShiftSpans(c, from, to, ids)
          .map(narrow)
          .sort((a, b) => key(a).localeCompare(key(b)))
        const want = shiftDaysBetween(c, from, to, ids)
          .filter((s) => s.status === 'scheduled')
          .map(narrow)
          .sort((a, b) => key(a).localeCompare(key(b)))
        expect(got).toEqual(want)
        if (ids === null) expect(got.length).toBeGreaterThan(0)
      }
  })

  test("summarize_team_hours answers what main's algorithm answers, for the organisation and each team, every period", async () => {
    const c = scope()
    const today = localDate(NOW, c.tenant.timezone)
    const periods: Period[] = ['today', 'this_week', 'last_week', 'this_month', 'last_month']
    let withOvertime = 0
    for (const teamId of [undefined, ...team()])
      for (const period of periods) {
        const got = await invoke(summarizeTeamHours, adminCtx(), { ...(teamId ? { team_id: teamId } : {}), period })
        const want = mainAlgorithm(teamId ? teamMemberIds(c, [teamId]) : null, period, today)
        expect(JSON.stringify(got.result)).toBe(JSON.stringify(want))
        if (want.overtime.length > 0) withOvertime++
      }
    expect(withOvertime).toBeGreaterThan(0)
  })

  test('the name order team hours remembers (users/name-order.ts) follows renames, new people, and a team before the organisation', async () => {
    const c = scope()
    const today = localDate(NOW, c.tenant.timezone)
    const same = async (teamId: string | undefined) => {
      const got = await invoke(summarizeTeamHours, adminCtx(), { ...(teamId ? { team_id: teamId } : {}), period: 'today' })
      expect(JSON.stringify(got.result)).toBe(JSON.stringify(mainAlgorithm(teamId ? teamMemberIds(c, [teamId]) : null, 'today', today)))
      return got.result
    }
    // A change of any users row moves the auth epoch: the team's call below computes its people's ranks
    // alone, and the organisation's call must not take them for everyone's.
    sqlite.run('update users set weekly_hours = weekly_hours where tenant_id = ? and id = ?', [tenantId, adminId])
    await same(team()[0])
    const before = (await same(undefined)).members
    // The last of people listed with equal hours (by name among them), renamed to the front of the
    // alphabet, moves to the front of them; then a person is added (with no time: maybe not listed).
    const tied = before.findLastIndex((m, k) => k > 0 && before[k - 1]!.hours === m.hours)
    expect(tied).toBeGreaterThan(0)
    const last = before[tied]!.name
    sqlite.run("update users set name = 'Aaron Aardvark' where tenant_id = ? and name = ?", [tenantId, last])
    const renamed = await same(undefined)
    expect(renamed.members.findIndex((m) => m.name === 'Aaron Aardvark')).toBeLessThan(tied)
    sqlite.run(
      "insert into users (id, tenant_id, name, email, role, status, work_profile, weekly_hours, created_at) values (?, ?, 'Aa First', 'aa@reads-js.test', 'employee', 'active', 'engineering', 40, 0)",
      [crypto.randomUUID(), tenantId],
    )
    expect((await same(undefined)).member_count).toBe(renamed.member_count + 1)
    sqlite.run("update users set name = ? where tenant_id = ? and name = 'Aaron Aardvark'", [last, tenantId])
    sqlite.run("delete from users where tenant_id = ? and email = 'aa@reads-js.test'", [tenantId])
  })
})

/**
 * The overtime rule of dashboard/overtime.ts written date by date over Maps, as the reference: per
 * week of the period, the larger of its highest running hours from Monday over the contract and
 * the sum of its days over their shift by more than the grace.
 */
function overtimeByTheRule(
  perDate: Map<string, number> | undefined,
  start: string,
  lastDate: string,
  weeklyHours: number,
  shifts: Map<string, number> | undefined,
) {
  const contract = weeklyHours * 3600_000
  let total = 0
  for (let monday = weekStart(start); monday <= lastDate; monday = addDays(monday, 7)) {
    let weekly = 0
    let daily = 0
    for (const d of dateRange(monday < start ? start : monday, addDays(monday, 6) < lastDate ? addDays(monday, 6) : lastDate)) {
      const weekMs = sumDates(perDate, monday, d)
      if (contract > 0 && weekMs > contract) weekly = Math.max(weekly, weekMs - contract)
      const dayMs = perDate?.get(d) ?? 0
      const shiftMs = shifts?.get(d)
      if (shiftMs !== undefined && dayMs > shiftMs + DAILY_GRACE_MINUTES * 60_000) daily += dayMs - shiftMs
    }
    total += Math.max(weekly, daily)
  }
  return total
}

/** summarize_team_hours' result as main computed it (acf16c8), from the functions it called (worked time as Maps). */
function mainAlgorithm(scopeIds: string[] | null, period: Period, today: string) {
  const ctx = scope()
  const { start, end } = periodRange(period, today)
  const members = usersMatching(ctx, { userIds: scopeIds }).filter((u) => u.status === 'active')
  const ids = scopeIds === null ? null : members.map((m) => m.id)
  const perUser = workedAsMaps(workedMsBetween(ctx, weekStart(start), end, ids))
  const lastDate = end < today ? end : today
  const shiftMs = new Map<string, Map<string, number>>()
  if (lastDate >= start)
    for (const s of shiftDaysBetween(ctx, start, lastDate, ids).filter((s) => s.status === 'scheduled'))
      shiftMs.set(s.userId, (shiftMs.get(s.userId) ?? new Map()).set(s.date, shiftNetMs(s)))
  const clockedIn = openLogUserIds(ctx, ids)
  const rows = members
    .map((m) => {
      const dates = perUser.get(m.id)
      const days = [...(dates ?? new Map<string, number>()).entries()].filter(([d, ms]) => d >= start && d <= end && ms > 0).length
      const overtimeMs = lastDate < start ? 0 : overtimeByTheRule(dates, start, lastDate, m.weeklyHours, shiftMs.get(m.id))
      return {
        user_id: m.id,
        name: m.name,
        hours: hoursFromMs(sumDates(dates, start, end)),
        overtime_hours: hoursFromMs(overtimeMs),
        overtimeMs,
        days_worked: days,
        is_clocked_in: clockedIn.has(m.id),
      }
    })
    .sort((a, b) => b.hours - a.hours || a.name.localeCompare(b.name))
  const totalMs = members.reduce((sum, m) => sum + sumDates(perUser.get(m.id), start, end), 0)
  const memberIds = new Set(members.map((m) => m.id))
  const byDay = dateRange(start, lastDate).map((date) => {
    let ms = 0
    for (const [userId, dates] of perUser) if (memberIds.has(userId)) ms += dates.get(date) ?? 0
    return { date, hours: hoursFromMs(ms) }
  })
  return {
    total_hours: hoursFromMs(totalMs),
    member_count: members.length,
    members_with_time: rows.filter((r) => r.hours > 0).length,
    average_hours_per_member: members.length ? hoursFromMs(totalMs / members.length) : 0,
    members: rows.slice(0, 100).map(({ overtimeMs: _, ...r }) => r),
    members_truncated: rows.length > 100,
    overtime: rows
      .filter((r) => r.overtimeMs > 0)
      .map((r) => ({ user_id: r.user_id, name: r.name, overtime_hours: r.overtime_hours }))
      .sort((a, b) => b.overtime_hours - a.overtime_hours || a.name.localeCompare(b.name))
      .slice(0, 100),
    by_day: byDay,
  }
}
