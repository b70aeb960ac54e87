import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { addDays, dateRange, hoursFromMs, localDate, localRange, periodRange, weekStart, type Period } from '../../src/kernel/time'
import { callTool, mcpClient } from '../helpers/mcp'
import { startServer, type TestServer } from '../helpers/server'

// The dashboard, team hours and productivity answers of a real server over a seeded demo tenant,
// against a straightforward recomputation from the raw rows (time_logs, breaks, activity_samples,
// users, timesheets), read from the same database file by this test. Each answer's own `as_of`
// (or the moment of the call) is the "now" of the recomputation, so open sessions compare exactly.
// The reads use maintained aggregates (person_day_totals, tenant_day_totals); this is their guard.

let server: TestServer
let db: Database
// The server starts with a demo tenant of its own; seed-demo adds the one these tests read (the Admin key's).
const keys: Record<string, string> = {}
const clients: Client[] = []

beforeAll(async () => {
  server = await startServer()
  const seed = await server.cli(['seed-demo', '--employees', '30', '--days', '21', '--seed', 'manager-answers'])
  expect(seed.code).toBe(0)
  for (const m of seed.stdout.matchAll(/Demo (\w+) key: (wf_demo_\w+)/g)) keys[m[1]!] = m[2]!
  db = new Database(join(server.dataDir, 'workforce.db'), { readonly: true })
})
afterAll(async () => {
  for (const c of clients) await c.close()
  db?.close()
  await server?.stop()
})

async function as(persona: string): Promise<Client> {
  const c = await mcpClient(server.url, keys[persona])
  clients.push(c)
  return c
}

interface Tenant {
  id: number
  timezone: string
  paid: string[]
}
const tenant = (): Tenant => {
  const t = db
    .query<{ id: number; timezone: string; paid_break_kinds: string }, [string]>(
      'select id, timezone, paid_break_kinds from tenants where id = (select tenant_id from api_keys where display_prefix = ?)',
    )
    .get(keys.Admin!.slice(0, 16))!
  return { id: t.id, timezone: t.timezone, paid: JSON.parse(t.paid_break_kinds) as string[] }
}

/** Worked ms per user and clock-in local date, every log (open ones until `now`), net of unpaid breaks clipped to the log's end. */
function rawWorked(t: Tenant, now: number): Map<string, Map<string, number>> {
  const logs = db
    .query<{ id: string; user_id: string; clock_in_at: number; clock_out_at: number | null }, [number]>(
      'select id, user_id, clock_in_at, clock_out_at from time_logs where tenant_id = ?',
    )
    .all(t.id)
  const breaks = db.query<{ time_log_id: string; kind: string; started_at: number; ended_at: number | null }, [number]>(
    'select time_log_id, kind, started_at, ended_at from breaks where tenant_id = ?',
  )
  const paused = new Map<string, number>()
  const endOf = new Map(logs.map((l) => [l.id, l.clock_out_at ?? now]))
  for (const b of breaks.all(t.id)) {
    if (t.paid.includes(b.kind) || !endOf.has(b.time_log_id)) continue
    const end = endOf.get(b.time_log_id)!
    paused.set(b.time_log_id, (paused.get(b.time_log_id) ?? 0) + Math.max(0, Math.min(b.ended_at ?? end, end) - Math.min(b.started_at, end)))
  }
  const out = new Map<string, Map<string, number>>()
  for (const l of logs) {
    const date = localDate(l.clock_in_at, t.timezone)
    const net = Math.max(0, endOf.get(l.id)! - l.clock_in_at - (paused.get(l.id) ?? 0))
    const perDate = out.get(l.user_id) ?? new Map<string, number>()
    out.set(l.user_id, perDate.set(date, (perDate.get(date) ?? 0) + net))
  }
  return out
}

const sumOver = (worked: Map<string, Map<string, number>>, users: Iterable<string>, from: string, to: string) => {
  let ms = 0
  for (const u of users) for (const [d, v] of worked.get(u) ?? []) if (d >= from && d <= to) ms += v
  return ms
}

/** Category seconds per user from the raw samples over [from, to] (local dates), and the dates with any. */
function rawActivity(t: Tenant, users: string[], from: string, to: string) {
  const rows = db
    .query<{ user_id: string; local_date: string; category: string; is_idle: number; duration_seconds: number }, [number, string, string]>(
      'select user_id, local_date, category, is_idle, duration_seconds from activity_samples where tenant_id = ? and local_date between ? and ?',
    )
    .all(t.id, from, to)
  const wanted = new Set(users)
  const out = { productive: 0, neutral: 0, unproductive: 0, idle: 0, dates: new Set<string>() }
  for (const r of rows) {
    if (!wanted.has(r.user_id)) continue
    out.dates.add(r.local_date)
    if (r.is_idle) out.idle += r.duration_seconds
    else if (r.category === 'productive') out.productive += r.duration_seconds
    else if (r.category === 'neutral') out.neutral += r.duration_seconds
    else if (r.category === 'unproductive') out.unproductive += r.duration_seconds
  }
  return out
}
const scoreOf = (a: { productive: number; neutral: number; unproductive: number }) => {
  const active = a.productive + a.neutral + a.unproductive
  return active === 0 ? 0 : Math.round((100 * a.productive) / active)
}

const allUsers = (t: Tenant) => db.query<{ id: string; status: string }, [number]>('select id, status from users where tenant_id = ?').all(t.id)
/** A team's people: its memberships and everyone whose primary team it is. */
const teamMembers = (teamId: string) => [
  ...new Set([
    ...db
      .query<{ user_id: string }, [string]>('select user_id from team_memberships where team_id = ?')
      .all(teamId)
      .map((r) => r.user_id),
    ...db
      .query<{ id: string }, [string]>('select id from users where primary_team_id = ?')
      .all(teamId)
      .map((r) => r.id),
  ]),
]

describe('manager answers equal the raw recomputation', () => {
  test('get_dashboard_summary, organisation scope (the aggregates) for two admin personas', async () => {
    const t = tenant()
    // Open sessions whatever the hour of the run: two people clocked in 2 h ago (one with a 10-minute break), by hand.
    const rw = new Database(join(server.dataDir, 'workforce.db'))
    rw.exec('PRAGMA busy_timeout = 5000')
    const free = rw
      .query<{ id: string }, [number]>(
        "select id from users u where tenant_id = ? and status = 'active' and not exists (select 1 from time_logs l where l.user_id = u.id and l.clock_out_at is null) limit 2",
      )
      .all(t.id)
    expect(free.length).toBe(2)
    const at = Date.now() - 2 * 3_600_000
    for (const [i, u] of free.entries()) {
      const log = crypto.randomUUID()
      rw.run("insert into time_logs (id, tenant_id, user_id, clock_in_at, status, source, created_at) values (?, ?, ?, ?, 'open', 'import', ?)", [
        log,
        t.id,
        u.id,
        at,
        at,
      ])
      if (i === 0)
        rw.run("insert into breaks (id, tenant_id, user_id, time_log_id, kind, started_at, ended_at) values (?, ?, ?, ?, 'break', ?, ?)", [
          crypto.randomUUID(),
          t.id,
          u.id,
          log,
          at + 3_600_000,
          at + 3_600_000 + 600_000,
        ])
    }
    rw.close()
    for (const persona of ['Admin', 'OwnerAdmin']) {
      const r = await callTool(await as(persona), 'get_dashboard_summary')
      expect(r.isError).toBe(false)
      const a = r.structured as Record<string, unknown>
      const now = Date.parse(a.as_of as string)
      const today = localDate(now, t.timezone)
      expect(a.date).toBe(today)
      const users = allUsers(t)
      const scope = users.map((u) => u.id)
      expect(a.scope).toBe('organization')
      const worked = rawWorked(t, now)
      expect(a.hours_worked_today).toBe(hoursFromMs(sumOver(worked, scope, today, today)))
      expect(a.hours_worked_this_week).toBe(hoursFromMs(sumOver(worked, scope, weekStart(today), today)))
      const act = rawActivity(t, scope, addDays(today, -6), today)
      expect(a.team_productivity_score).toBe(act.productive + act.neutral + act.unproductive > 0 ? scoreOf(act) : null)
      const inScope = new Set(scope)
      expect(a.active_headcount).toBe(users.filter((u) => u.status === 'active' && inScope.has(u.id)).length)
      const open = db.query<{ user_id: string }, [number]>('select user_id from time_logs where tenant_id = ? and clock_out_at is null').all(t.id)
      expect(a.clocked_in_now).toBe(open.filter((o) => inScope.has(o.user_id)).length)
      const pending = db
        .query<{ user_id: string }, [number]>("select user_id from timesheets where tenant_id = ? and status in ('submitted', 'auto_generated')")
        .all(t.id)
      expect(a.pending_approvals).toBe(pending.filter((p) => inScope.has(p.user_id)).length)
    }
  })

  test('summarize_team_hours: totals, members and days per period (admin organisation, each team)', async () => {
    const t = tenant()
    const admin = await as('Admin')
    const teams = db.query<{ id: string }, [number]>('select id from teams where tenant_id = ?').all(t.id)
    const cases: { team_id?: string; period: Period }[] = [
      { period: 'this_week' },
      { period: 'last_week' },
      { period: 'this_month' },
      ...teams.slice(0, 3).map((tm) => ({ team_id: tm.id, period: 'last_week' as Period })),
      ...teams.slice(0, 2).map((tm) => ({ team_id: tm.id, period: 'today' as Period })),
    ]
    for (const args of cases) {
      const before = Date.now()
      const r = await callTool(admin, 'summarize_team_hours', args)
      expect(r.isError).toBe(false)
      const a = r.structured as { period_start: string; period_end: string; result: Record<string, unknown> }
      const after = Date.now()
      const today = localDate(before, t.timezone)
      const { start, end } = periodRange(args.period, today)
      expect([a.period_start, a.period_end]).toEqual([start, end])
      const inTeam = args.team_id ? new Set(teamMembers(args.team_id)) : null
      const members = allUsers(t).filter((u) => u.status === 'active' && (!inTeam || inTeam.has(u.id)))
      const res = a.result as {
        total_hours: number
        member_count: number
        members_with_time: number
        members: { user_id: string; hours: number; days_worked: number; is_clocked_in: boolean }[]
        by_day: { date: string; hours: number }[]
      }
      expect(res.member_count).toBe(members.length)
      // Closed sessions exactly; open ones grew between the call's start and end.
      const lo = rawWorked(t, before)
      const hi = rawWorked(t, after)
      const ids = members.map((m) => m.id)
      expect(res.total_hours).toBeGreaterThanOrEqual(hoursFromMs(sumOver(lo, ids, start, end)))
      expect(res.total_hours).toBeLessThanOrEqual(hoursFromMs(sumOver(hi, ids, start, end)))
      const lastDate = end < today ? end : today
      expect(res.by_day.map((d) => d.date)).toEqual([...dateRange(start, lastDate)])
      for (const d of res.by_day) {
        expect(d.hours).toBeGreaterThanOrEqual(hoursFromMs(sumOver(lo, ids, d.date, d.date)))
        expect(d.hours).toBeLessThanOrEqual(hoursFromMs(sumOver(hi, ids, d.date, d.date)))
      }
      const open = new Set(
        db
          .query<{ user_id: string }, [number]>('select user_id from time_logs where tenant_id = ? and clock_out_at is null')
          .all(t.id)
          .map((o) => o.user_id),
      )
      for (const m of res.members) {
        expect(m.hours).toBeGreaterThanOrEqual(hoursFromMs(sumOver(lo, [m.user_id], start, end)))
        expect(m.hours).toBeLessThanOrEqual(hoursFromMs(sumOver(hi, [m.user_id], start, end)))
        expect(m.days_worked).toBe([...(hi.get(m.user_id) ?? [])].filter(([d, ms]) => d >= start && d <= end && ms > 0).length)
        expect(m.is_clocked_in).toBe(open.has(m.user_id))
      }
      expect(res.members_with_time).toBe(ids.filter((id) => sumOver(hi, [id], start, end) > 0).length)
    }
  })

  test('open sessions: a team call sees only its own open logs; the dashboard sums open logs with unended, paid and unpaid breaks by the rule', async () => {
    const t = tenant()
    const rw = new Database(join(server.dataDir, 'workforce.db'))
    rw.exec('PRAGMA busy_timeout = 5000')
    // Two teams, each with a member not clocked in: clock one of each in by hand, with breaks of
    // every shape (closed unpaid, unended, a lunch), so the per-team lookup of open logs
    // (time_logs_one_open_uq) and the organisation's sum (time_logs_open_in_idx) both have work.
    const teams = rw.query<{ id: string }, [number]>('select id from teams where tenant_id = ? order by name').all(t.id)
    const picked: { team: string; user: string }[] = []
    for (const tm of teams) {
      const free = teamMembers(tm.id).filter(
        (u) =>
          !picked.some((p) => p.user === u) &&
          rw.query<{ one: number }, [string]>("select 1 as one from users where id = ? and status = 'active'").get(u) &&
          !rw.query<{ one: number }, [string]>('select 1 as one from time_logs where user_id = ? and clock_out_at is null').get(u),
      )
      if (free[0]) picked.push({ team: tm.id, user: free[0] })
      if (picked.length === 2) break
    }
    expect(picked.length).toBe(2)
    const at = Date.now() - 3 * 3_600_000
    const breaks: [string, number, number | null][][] = [
      [
        ['break', at + 600_000, at + 1_200_000],
        ['lunch', at + 3_600_000, at + 5_400_000],
      ],
      [['break', at + 7_200_000, null]],
    ]
    for (const [i, p] of picked.entries()) {
      const log = crypto.randomUUID()
      rw.run("insert into time_logs (id, tenant_id, user_id, clock_in_at, status, source, created_at) values (?, ?, ?, ?, 'open', 'import', ?)", [
        log,
        t.id,
        p.user,
        at,
        at,
      ])
      for (const [kind, from, to] of breaks[i]!)
        rw.run('insert into breaks (id, tenant_id, user_id, time_log_id, kind, started_at, ended_at) values (?, ?, ?, ?, ?, ?, ?)', [
          crypto.randomUUID(),
          t.id,
          p.user,
          log,
          kind,
          from,
          to,
        ])
    }
    rw.close()
    const admin = await as('Admin')
    const open = new Set(
      db
        .query<{ user_id: string }, [number]>('select user_id from time_logs where tenant_id = ? and clock_out_at is null')
        .all(t.id)
        .map((o) => o.user_id),
    )
    for (const p of picked) {
      const before = Date.now()
      const r = await callTool(admin, 'summarize_team_hours', { team_id: p.team, period: 'today' })
      const after = Date.now()
      expect(r.isError).toBe(false)
      const res = (r.structured as { result: { members: { user_id: string; hours: number; is_clocked_in: boolean }[] } }).result
      const team = new Set(teamMembers(p.team))
      // Every listed member belongs to the team; clocked in exactly when they have an open log.
      for (const m of res.members) {
        expect(team.has(m.user_id)).toBe(true)
        expect(m.is_clocked_in).toBe(open.has(m.user_id))
      }
      const mine = res.members.find((m) => m.user_id === p.user)!
      expect(mine.is_clocked_in).toBe(true)
      const today = localDate(before, t.timezone)
      expect(mine.hours).toBeGreaterThanOrEqual(hoursFromMs(sumOver(rawWorked(t, before), [p.user], today, today)))
      expect(mine.hours).toBeLessThanOrEqual(hoursFromMs(sumOver(rawWorked(t, after), [p.user], today, today)))
      // Before 03:00 local the session began yesterday: counted on its clock-in date, not today.
      if (localDate(at, t.timezone) === today) expect(mine.hours).toBeGreaterThan(0)
    }
    const d = await callTool(admin, 'get_dashboard_summary')
    const a = d.structured as Record<string, unknown>
    const now = Date.parse(a.as_of as string)
    const today = localDate(now, t.timezone)
    const everyone = allUsers(t).map((u) => u.id)
    const worked = rawWorked(t, now)
    expect(a.hours_worked_today).toBe(hoursFromMs(sumOver(worked, everyone, today, today)))
    expect(a.hours_worked_this_week).toBe(hoursFromMs(sumOver(worked, everyone, weekStart(today), today)))
    expect(a.clocked_in_now).toBe(open.size)
  })

  test('tenant_open_sessions and tenant_timesheet_counts equal their raw rows: open logs spanning midnight, sharing a quarter hour, with breaks, then closed and deleted by hand', async () => {
    const t = tenant()
    const rw = new Database(join(server.dataDir, 'workforce.db'))
    rw.exec('PRAGMA busy_timeout = 5000')
    const Q = 900_000
    // The maintained rows against an independent recount from time_logs and breaks.
    const check = () => {
      const kept = rw
        .query(
          'select bucket, open_logs, clock_in_sum, break_ended_ms, break_open, break_open_start_sum, lunch_ended_ms, lunch_open, lunch_open_start_sum from tenant_open_sessions where tenant_id = ? order by bucket',
        )
        .all(t.id)
      const logs = rw
        .query<{ id: string; clock_in_at: number }, [number]>('select id, clock_in_at from time_logs where tenant_id = ? and clock_out_at is null')
        .all(t.id)
      const rows = new Map<number, Record<string, number>>()
      for (const l of logs) {
        const bucket = Math.floor(l.clock_in_at / Q)
        const r = rows.get(bucket) ?? {
          bucket,
          open_logs: 0,
          clock_in_sum: 0,
          break_ended_ms: 0,
          break_open: 0,
          break_open_start_sum: 0,
          lunch_ended_ms: 0,
          lunch_open: 0,
          lunch_open_start_sum: 0,
        }
        r.open_logs! += 1
        r.clock_in_sum! += l.clock_in_at
        for (const b of rw
          .query<{ kind: string; started_at: number; ended_at: number | null }, [number, string]>(
            'select kind, started_at, ended_at from breaks where tenant_id = ? and time_log_id = ?',
          )
          .all(t.id, l.id)) {
          if (b.ended_at !== null) r[`${b.kind}_ended_ms`]! += b.ended_at - b.started_at
          else {
            r[`${b.kind}_open`]! += 1
            r[`${b.kind}_open_start_sum`]! += b.started_at
          }
        }
        rows.set(bucket, r)
      }
      expect(kept).toEqual([...rows.values()].sort((a, b) => a.bucket! - b.bucket!))
      expect(kept.length).toBeGreaterThan(0)
      const sheets = rw.query('select status, n from tenant_timesheet_counts where tenant_id = ? and n != 0 order by status').all(t.id)
      expect(sheets).toEqual(rw.query('select status, count(*) n from timesheets where tenant_id = ? group by status order by status').all(t.id))
    }
    check()
    const free = rw
      .query<{ id: string }, [number]>(
        "select id from users u where tenant_id = ? and status = 'active' and not exists (select 1 from time_logs l where l.user_id = u.id and l.clock_out_at is null) limit 3",
      )
      .all(t.id)
    expect(free.length).toBe(3)
    // Yesterday 23:00 local: the session spans midnight and counts on yesterday's date; two logs in one quarter hour.
    const today = localDate(Date.now(), t.timezone)
    const midnight = localRange(today, today, t.timezone).from
    const at = [midnight - 3_600_000 + 60_000, midnight - 3_600_000 + 300_000, Math.floor((Date.now() - 2 * 3_600_000) / Q) * Q + 1_000]
    const ids: string[] = []
    for (const [i, u] of free.entries()) {
      const log = crypto.randomUUID()
      ids.push(log)
      rw.run("insert into time_logs (id, tenant_id, user_id, clock_in_at, status, source, created_at) values (?, ?, ?, ?, 'open', 'import', ?)", [
        log,
        t.id,
        u.id,
        at[i]!,
        at[i]!,
      ])
      const brk = (kind: string, from: number, to: number | null) =>
        rw.run('insert into breaks (id, tenant_id, user_id, time_log_id, kind, started_at, ended_at) values (?, ?, ?, ?, ?, ?, ?)', [
          crypto.randomUUID(),
          t.id,
          u.id,
          log,
          kind,
          from,
          to,
        ])
      brk('lunch', at[i]! + 1_800_000, at[i]! + 3_600_000)
      // An unended break that started before now (run just after midnight, +67 min would be in the future).
      if (i !== 1) brk('break', Math.min(at[i]! + 4_000_000, Date.now() - 60_000), null)
    }
    check()
    const d = await callTool(await as('Admin'), 'get_dashboard_summary')
    const a = d.structured as Record<string, unknown>
    const now = Date.parse(a.as_of as string)
    const day = localDate(now, t.timezone)
    const everyone = allUsers(t).map((u) => u.id)
    const worked = rawWorked(t, now)
    expect(a.hours_worked_today).toBe(hoursFromMs(sumOver(worked, everyone, day, day)))
    expect(a.hours_worked_this_week).toBe(hoursFromMs(sumOver(worked, everyone, weekStart(day), day)))
    expect(a.clocked_in_now).toBe(
      rw.query<{ n: number }, [number]>('select count(*) n from time_logs where tenant_id = ? and clock_out_at is null').get(t.id)!.n,
    )
    // Deleted (its breaks go by the cascade), closed with its break ended (an auto clock-out), a break deleted.
    rw.run('delete from time_logs where id = ?', [ids[0]!])
    rw.run('update breaks set ended_at = ? where time_log_id = ? and ended_at is null', [Date.now(), ids[2]!])
    rw.run("update time_logs set clock_out_at = ?, status = 'auto_closed' where id = ?", [Date.now(), ids[2]!])
    rw.run("delete from breaks where time_log_id = ? and kind = 'lunch'", [ids[1]!])
    rw.run("update timesheets set status = 'approved' where rowid = (select min(rowid) from timesheets where tenant_id = ? and status = 'submitted')", [t.id])
    check()
    rw.close()
  })

  test('a manager sees the teams they manage by either rule (named manager, or a membership with role manager)', async () => {
    const t = tenant()
    const me = db.query<{ user_id: string }, [string]>('select user_id from api_keys where display_prefix = ?').get(keys.Manager!.slice(0, 16))!.user_id
    const managed = () =>
      db
        .query<{ id: string }, [number, string, number, string]>(
          "select id from teams where tenant_id = ? and manager_user_id = ? union select team_id from team_memberships where tenant_id = ? and user_id = ? and role_in_team = 'manager'",
        )
        .all(t.id, me, t.id, me)
        .map((r) => r.id)
    // A second team by a membership row with role manager (the demo names one manager per team).
    const other = db
      .query<{ id: string }, [number, string]>(
        'select id from teams where tenant_id = ? and (manager_user_id is null or manager_user_id != ?) order by name limit 1',
      )
      .get(t.id, me)!
    const rw = new Database(join(server.dataDir, 'workforce.db'))
    rw.exec('PRAGMA busy_timeout = 5000')
    rw.run(
      "insert into team_memberships (tenant_id, team_id, user_id, role_in_team, joined_at) values (?, ?, ?, 'manager', ?) on conflict (team_id, user_id) do update set role_in_team = 'manager'",
      [t.id, other.id, me, Date.now()],
    )
    rw.close()
    const teams = managed()
    expect(teams).toContain(other.id)
    expect(teams.length).toBeGreaterThanOrEqual(2)
    const people = new Set([me, ...teams.flatMap((id) => teamMembers(id))])
    const active = allUsers(t).filter((u) => u.status === 'active' && people.has(u.id)).length
    const d = await callTool(await as('Manager'), 'get_dashboard_summary')
    expect(d.isError).toBe(false)
    const a = d.structured as { scope: string; active_headcount: number }
    expect(a.scope).toBe('team')
    expect(a.active_headcount).toBe(active)
  })

  test('get_productivity_overview: several people and periods against the raw samples', async () => {
    const t = tenant()
    const admin = await as('Admin')
    const people = allUsers(t).slice(0, 6)
    for (const p of people)
      for (const period of ['today', 'this_week', 'last_week', 'this_month'] as const) {
        const r = await callTool(admin, 'get_productivity_overview', { user_id: p.id, period })
        expect(r.isError).toBe(false)
        const a = r.structured as Record<string, number | string>
        const today = localDate(Date.now(), t.timezone)
        const { start, end } = periodRange(period, today)
        const act = rawActivity(t, [p.id], start, end < today ? end : today)
        expect({
          productiveSeconds: a.productiveSeconds,
          totalSeconds: a.totalSeconds,
          neutral_seconds: a.neutral_seconds,
          unproductive_seconds: a.unproductive_seconds,
          idle_seconds: a.idle_seconds,
          days_with_data: a.days_with_data,
          score: a.score,
        }).toEqual({
          productiveSeconds: act.productive,
          totalSeconds: act.productive + act.neutral + act.unproductive,
          neutral_seconds: act.neutral,
          unproductive_seconds: act.unproductive,
          idle_seconds: act.idle,
          days_with_data: act.dates.size,
          score: scoreOf(act),
        })
      }
  })

  test('tenant_day_totals and tenant_user_counts equal their sources, after seeding and after rows changed by hand', () => {
    const t = tenant()
    const rw = new Database(join(server.dataDir, 'workforce.db'))
    rw.exec('PRAGMA busy_timeout = 5000')
    const check = () => {
      const stored = rw
        .query<{ date: string; w: number; p: number; n: number; u: number; i: number; s: number }, [number]>(
          'select date, worked_ms w, productive_seconds p, neutral_seconds n, unproductive_seconds u, idle_seconds i, summary_rows s from tenant_day_totals where tenant_id = ? and (worked_ms != 0 or summary_rows != 0) order by date',
        )
        .all(t.id)
      const worked = new Map(
        rw
          .query<{ date: string; w: number }, [number]>('select date, sum(worked_ms) w from person_day_totals where tenant_id = ? group by date')
          .all(t.id)
          .map((r) => [r.date, r.w]),
      )
      const act = new Map(
        rw
          .query<{ date: string; p: number; n: number; u: number; i: number; s: number }, [number]>(
            'select date, sum(productive_seconds) p, sum(neutral_seconds) n, sum(unproductive_seconds) u, sum(idle_seconds) i, count(*) s from daily_activity_summaries where tenant_id = ? group by date',
          )
          .all(t.id)
          .map((r) => [r.date, r]),
      )
      const dates = [...new Set([...worked.keys(), ...act.keys()])].sort()
      expect(stored).toEqual(
        dates.map((date) => {
          const a = act.get(date)
          return { date, w: worked.get(date) ?? 0, p: a?.p ?? 0, n: a?.n ?? 0, u: a?.u ?? 0, i: a?.i ?? 0, s: a?.s ?? 0 }
        }),
      )
      expect(stored.length).toBeGreaterThan(10)
      const counts = rw
        .query<{ status: string; n: number }, [number]>('select status, n from tenant_user_counts where tenant_id = ? and n != 0 order by status')
        .all(t.id)
      const raw = rw
        .query<{ status: string; n: number }, [number]>('select status, count(*) n from users where tenant_id = ? group by status order by status')
        .all(t.id)
      expect(counts).toEqual(raw)
    }
    check()
    const one = rw.query<{ user_id: string; date: string }, [number]>('select user_id, date from person_day_totals where tenant_id = ? limit 1').get(t.id)!
    rw.run('update person_day_totals set worked_ms = worked_ms + 12345 where tenant_id = ? and user_id = ? and date = ?', [t.id, one.user_id, one.date])
    rw.run("update users set status = 'deactivated' where tenant_id = ? and id = ?", [t.id, one.user_id])
    rw.run('delete from daily_activity_summaries where tenant_id = ? and rowid = (select min(rowid) from daily_activity_summaries where tenant_id = ?)', [
      t.id,
      t.id,
    ])
    check()
    rw.close()
  })
})
