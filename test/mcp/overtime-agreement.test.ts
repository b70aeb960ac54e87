import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { DEFAULT_SEED_OPTIONS } from '../../seed'
import { addDays, dateRange, localDate } from '../../src/kernel/time'
import { callTool, mcpClient } from '../helpers/mcp'
import { startServer, type TestServer } from '../helpers/server'

/**
 * "Who worked overtime last week?" over real HTTP on the seeded Northwind demo tenant (extended
 * tools on): get_overtime_report, summarize_team_hours (admin, whole organisation) and the
 * overtime alerts of get_workload_alerts name the same people with the same numbers, and those
 * numbers are the net hours on the people's timesheets (REST, a wf_api_ read token).
 */

interface Case {
  kind: 'week' | 'day'
  period_start: string
  period_end: string
  scheduled_hours: number
  worked_hours: number
  overtime_hours: number
}
interface Person {
  user_id: string
  name: string
  worked_hours: number
  overtime_hours: number
  cases: Case[]
}
interface Member {
  user_id: string
  name: string
  hours: number
  overtime_hours: number
}
interface Alert {
  user_id: string
  date: string
  kind: string
  details: { hours_worked: number | null; threshold_hours: number | null; week_hours: number | null; contracted_weekly_hours: number | null }
}
interface Entry {
  date: string
  clock_in_at: string
  clock_out_at: string | null
  break_seconds: number
  worked_hours: number
}

let server: TestServer
let demo: Client
let apiKey: string
let tz: string
let monday: string
let sunday: string
let report: { period_start: string; period_end: string; people: Person[]; people_count: number }
let hours: { period_start: string; result: { members: Member[]; members_truncated: boolean; overtime: { user_id: string; overtime_hours: number }[] } }
const alertsByDate = new Map<string, Alert[]>()
/** People whose session of last week is still running (clocked in on Sunday night, say): see the last test. */
/** People still clocked in since a date of last week, with that date (their session runs on past the week). */
let runningFromLastWeek: Map<string, string>

const rest = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { Authorization: `Bearer ${apiKey}` } })
  expect(res.status).toBe(200)
  return (await res.json()) as T
}

/** A person's timesheet entries of the timesheets overlapping [from, to], over REST. */
async function entriesOf(userId: string, from: string, to: string): Promise<Entry[]> {
  const list = await rest<{ data: { id: string }[]; pagination: { has_more: boolean } }>(`/timesheets?user_id=${userId}&from=${from}&to=${to}&page_size=100`)
  expect(list.pagination.has_more).toBe(false)
  const out: Entry[] = []
  for (const sheet of list.data) out.push(...(await rest<{ entries: Entry[] }>(`/timesheets/${sheet.id}`)).entries)
  return out
}

/** clock_out − clock_in − breaks of an entry, in ms (closed entries only). */
const netMs = (e: Entry) => Date.parse(e.clock_out_at!) - Date.parse(e.clock_in_at) - e.break_seconds * 1000

beforeAll(async () => {
  server = await startServer({ env: { WORKFORCE_MCP_EXTENDED_TOOLS: 'on' } })
  demo = await mcpClient(server.url, server.demoKey, 'overtime-agreement')
  const key = await server.cli(['keys', 'create', '--json', '--tenant', server.demoTenant, '--kind', 'api', '--scope', 'read'])
  expect([key.code, key.stderr]).toEqual([0, ''])
  apiKey = (JSON.parse(key.stdout) as { key: string }).key
  expect(apiKey.startsWith('wf_api_')).toBe(true)
  const me = (await callTool(demo, 'get_employee_details', { employee_id: 'me' })).structured
  expect(me.role).toBe('admin')
  // The demo tenant's zone (entries' `date` is the local date of the clock-in: checked below).
  tz = DEFAULT_SEED_OPTIONS.timezone
  report = (await callTool(demo, 'get_overtime_report', { period: 'last_week' })).structured as typeof report
  hours = (await callTool(demo, 'summarize_team_hours', { period: 'last_week' })).structured as unknown as typeof hours
  monday = report.period_start
  sunday = report.period_end
  const presence = (await callTool(demo, 'list_presence_now', {})).structured as { people: { user_id: string; clocked_in_since: string | null }[] }
  runningFromLastWeek = new Map(
    presence.people.flatMap((p) => {
      const since = p.clocked_in_since === null ? null : localDate(Date.parse(p.clocked_in_since), tz)
      return since !== null && since <= sunday ? [[p.user_id, since] as const] : []
    }),
  )
  for (const date of dateRange(monday, sunday)) {
    const day = (await callTool(demo, 'get_workload_alerts', { date })).structured as { alerts: Alert[] }
    alertsByDate.set(
      date,
      day.alerts.filter((a) => a.kind === 'overtime'),
    )
  }
})
afterAll(async () => {
  await demo?.close()
  await server?.stop()
})

describe('"who worked overtime last week?" on every path', () => {
  test('last week is Monday to Sunday on both tools, and there is overtime to talk about', () => {
    expect(dateRange(monday, sunday)).toHaveLength(7)
    expect(hours.period_start).toBe(monday)
    expect(report.people.length).toBeGreaterThan(0)
    expect(report.people_count).toBe(report.people.length)
    expect(hours.result.members_truncated).toBe(false)
  })

  test('the same people: the report, summarize_team_hours.result.overtime and the overtime alerts of the week', () => {
    const fromReport = report.people.map((p) => p.user_id).sort()
    const fromHours = hours.result.overtime.map((o) => o.user_id).sort()
    // Alerts are per day: a person is in overtime last week when any of its 7 dates has an
    // overtime alert (the week over contract from Monday, or the day over its shift) — the
    // report's cases are the first such date of a week and every day case, so the union of the
    // days' alerts is exactly the report's people.
    const fromAlerts = [...new Set([...alertsByDate.values()].flat().map((a) => a.user_id))].sort()
    expect(fromHours).toEqual(fromReport)
    expect(fromAlerts).toEqual(fromReport)
  })

  test('the same numbers: hours and overtime of the report equal summarize_team_hours, and each case equals its alert', () => {
    const members = new Map(hours.result.members.map((m) => [m.user_id, m]))
    for (const p of report.people) {
      const m = members.get(p.user_id)!
      expect([p.name, p.worked_hours, p.overtime_hours]).toEqual([m.name, m.hours, m.overtime_hours])
      expect(hours.result.overtime.find((o) => o.user_id === p.user_id)?.overtime_hours).toBe(p.overtime_hours)
      for (const c of p.cases) {
        // A finished day's alerts are what the nightly job recorded just after that day: a session
        // still running since then was counted up to that moment, the report counts it up to now
        // (a night shift into the DST Monday of 2027-03-29, at 08:35 local, was the one found), so
        // the report may find a case the alert did not yet have (Sunday's session running past
        // midnight took the week over its contract after the job: Monday 00:31, 2026-11-30).
        const since = runningFromLastWeek.get(p.user_id)
        if (since !== undefined && c.period_end >= since) continue
        const alert = alertsByDate.get(c.period_end)!.find((a) => a.user_id === p.user_id)
        expect(alert).toBeDefined()
        if (c.kind === 'week') expect([alert!.details.week_hours, alert!.details.contracted_weekly_hours]).toEqual([c.worked_hours, c.scheduled_hours])
        else expect([alert!.details.hours_worked, alert!.details.threshold_hours]).toEqual([c.worked_hours, c.scheduled_hours])
        expect(c.overtime_hours).toBeCloseTo(c.worked_hours - c.scheduled_hours, 2)
      }
      // A week case says the week went over its contract: the person's hours say so too.
      if (p.cases.some((c) => c.kind === 'week'))
        expect(p.overtime_hours).toBeGreaterThanOrEqual(Math.max(...p.cases.filter((c) => c.kind === 'week').map((c) => c.overtime_hours)))
    }
  })
})

describe('the hours agree with the timesheets (REST)', () => {
  /** Per person of the report: net hours of the sessions that clocked in last week, and whether a session crosses the week's edges. */
  async function fromTimesheets() {
    const out: { person: Person; hours: number; crossesEdge: boolean }[] = []
    for (const person of report.people) {
      const entries = await entriesOf(person.user_id, addDays(monday, -7), sunday)
      expect(entries.every((e) => e.clock_out_at !== null)).toBe(true)
      const inWeek = entries.filter((e) => localDate(Date.parse(e.clock_in_at), tz) >= monday && localDate(Date.parse(e.clock_in_at), tz) <= sunday)
      for (const e of inWeek) expect(e.date).toBe(localDate(Date.parse(e.clock_in_at), tz))
      const crossesEdge = entries.some((e) => {
        const inDate = localDate(Date.parse(e.clock_in_at), tz)
        const outDate = localDate(Date.parse(e.clock_out_at!) - 1, tz)
        return (inDate < monday && outDate >= monday) || (inDate <= sunday && outDate > sunday)
      })
      out.push({ person, hours: inWeek.reduce((a, e) => a + netMs(e), 0) / 3_600_000, crossesEdge })
    }
    return out
  }

  test('every person of the report has a timesheet for last week whose entries are their sessions net of breaks', async () => {
    for (const person of report.people) {
      const list = await rest<{ data: { id: string; period_start: string; total_seconds: number }[] }>(
        `/timesheets?user_id=${person.user_id}&from=${monday}&to=${sunday}`,
      )
      const sheet = list.data.find((s) => s.period_start === monday)
      expect(sheet).toBeDefined()
      const { entries } = await rest<{ entries: Entry[] }>(`/timesheets/${sheet!.id}`)
      expect(entries.length).toBeGreaterThan(0)
      // The timesheet's total is the sum of (clock_out − clock_in − break) of its entries.
      expect(Math.abs(entries.reduce((a, e) => a + netMs(e), 0) / 1000 - sheet!.total_seconds)).toBeLessThanOrEqual(entries.length)
      for (const e of entries) expect(Math.abs(e.worked_hours - netMs(e) / 3_600_000)).toBeLessThanOrEqual(0.0051)
    }
  })

  // Every path counts a session in full on the date it clocked in, as timesheets and payroll do
  // (time-tracking/worked-time-read-model.ts netMsByUserDate), so night sessions across Sunday
  // midnight agree too: the seeded night workers have some, and they are compared like the rest.
  // One exception by design: in the first hours of a Monday a night worker's session that clocked in
  // on Sunday may still be running. The report and team hours count it until now (as every live
  // figure does); a timesheet lists closed sessions only. Such a person's report hours are more.
  test('for every person of the report, the report’s and summarize_team_hours’ hours are the timesheets’ net hours (±0.01 h), night sessions across the week’s edges included', async () => {
    const rows = await fromTimesheets()
    expect(rows.some((r) => r.crossesEdge)).toBe(true)
    const members = new Map(hours.result.members.map((m) => [m.user_id, m]))
    for (const r of rows.filter((r) => runningFromLastWeek.has(r.person.user_id))) {
      expect(members.get(r.person.user_id)!.hours).toBe(r.person.worked_hours)
      expect(r.person.worked_hours).toBeGreaterThan(r.hours)
    }
    const off = rows
      .filter((r) => !runningFromLastWeek.has(r.person.user_id))
      .filter((r) => Math.abs(r.person.worked_hours - r.hours) > 0.01 || Math.abs(members.get(r.person.user_id)!.hours - r.hours) > 0.01)
      .map(
        (r) => `${r.person.name}: report ${r.person.worked_hours} h, team hours ${members.get(r.person.user_id)!.hours} h, timesheets ${r.hours.toFixed(2)} h`,
      )
    console.log(
      `hours vs timesheets: ${off.length} of ${rows.length} differ${off.length ? `: ${off.join('; ')}` : ''}; ${runningFromLastWeek.size} still at work since last week`,
    )
    expect(off).toEqual([])
  })
})
