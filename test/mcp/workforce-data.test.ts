import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'

const HOUR = 3600_000
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00Z`)

let server: TestServer
let db: Database
let tenantId: number
const people: Record<string, { id: string; client: Client }> = {}

async function add(name: string, role: 'employee' | 'manager', team: string) {
  const p = await createPersonFixture(server, tenant, { role, team, name })
  people[name] = { id: p.id, client: await mcpClient(server.url, p.key) }
}
let tenant: string

/** A finished session written through the tools, then moved to the given times (no clock control over HTTP). */
async function session(name: string, from: number, to: number) {
  const p = people[name]!
  const r = await callTool(p.client, 'clock_in')
  await callTool(p.client, 'clock_out')
  db.query('update time_logs set clock_in_at = ?, clock_out_at = ? where id = ?').run(from, to, r.structured.time_log_id as string)
}

beforeAll(async () => {
  server = await startServer()
  tenant = (await createTenantFixture(server, { name: 'Data Co', timezone: 'UTC' })).tenant
  await add('Mia Manager', 'manager', 'Support')
  await add('Sam Support', 'employee', 'Support')
  await add('Sue Support', 'employee', 'Support')
  await add('Sal Sales', 'employee', 'Sales')
  db = new Database(join(server.dataDir, 'workforce.db'))
  db.exec('PRAGMA busy_timeout = 5000')
  tenantId = (db.query('select tenant_id from users where id = ?').get(people['Sam Support']!.id) as { tenant_id: number }).tenant_id
  const yesterday = day(-1)
  await session('Sam Support', at(yesterday, '06:00'), at(yesterday, '19:00')) // 13 h: a long day
  await session('Sue Support', at(yesterday, '09:00'), at(yesterday, '12:00')) // 3 h
  await session('Sal Sales', at(yesterday, '09:00'), at(yesterday, '17:00')) // 8 h, another team
  await callTool(people['Sue Support']!.client, 'clock_in') // open now
  const sheet = randomUUID()
  db.query(
    "insert into timesheets (id, tenant_id, user_id, period_start, period_end, status, total_seconds, submitted_at, created_at, updated_at) values (?, ?, ?, ?, ?, 'submitted', ?, ?, ?, ?)",
  ).run(sheet, tenantId, people['Sam Support']!.id, day(-7), day(-1), 13 * 3600, Date.now() - HOUR, Date.now() - HOUR, Date.now() - HOUR)
  db.query(
    "insert into timesheet_status_history (tenant_id, timesheet_id, from_status, to_status, actor_user_id, changed_at) values (?, ?, 'draft', 'submitted', ?, ?)",
  ).run(tenantId, sheet, people['Sam Support']!.id, Date.now() - HOUR)
  for (const [category, seconds] of [
    ['productive', 3600],
    ['neutral', 1200],
  ] as const) {
    db.query(
      'insert into activity_samples (tenant_id, user_id, application, category, started_at, duration_seconds, is_idle, local_date) values (?, ?, ?, ?, ?, ?, 0, ?)',
    ).run(tenantId, people['Sam Support']!.id, category === 'productive' ? 'Zendesk' : 'Slack', category, Date.now() - 2 * HOUR, seconds, day(0))
  }
}, 180_000)
afterAll(async () => {
  for (const p of Object.values(people)) await p.client.close()
  db.close()
  await server.stop()
}, 120_000)

describe('workforce analytics computed from the database', () => {
  test("summarize_team_hours defaults to the manager's team and covers yesterday's hours", async () => {
    // Yesterday lies in this week, unless today is a Monday.
    const y = day(-1)
    const period = new Date().getUTCDay() === 1 ? 'last_week' : 'this_week'
    const week = (await callTool(people['Mia Manager']!.client, 'summarize_team_hours', { period })).structured
    expect(week).toMatchObject({ scope_team_name: 'Support', period_applied: period })
    expect((week.period_start as string) <= y && y <= (week.period_end as string)).toBe(true)
    const result = week.result as {
      total_hours: number
      member_count: number
      members: { name: string; hours: number }[]
      by_day: { date: string; hours: number }[]
    }
    expect(result.member_count).toBe(3)
    expect(result.members.map((m) => m.name)).not.toContain('Sal Sales')
    expect(result.members.find((m) => m.name === 'Sam Support')!.hours).toBe(13)
    expect(result.by_day.find((d) => d.date === y)!.hours).toBe(16)
  })

  test('the dashboard of a manager covers the team: headcount, who is in, pending approvals, productivity', async () => {
    const r = (await callTool(people['Mia Manager']!.client, 'get_dashboard_summary')).structured
    expect(r).toMatchObject({ scope: 'team', active_headcount: 3, clocked_in_now: 1, pending_approvals: 1, team_productivity_score: 75 })
  })

  test('list_pending_approvals lists the submitted timesheet of the team only', async () => {
    const r = (await callTool(people['Mia Manager']!.client, 'list_pending_approvals')).structured
    expect(r.count).toBe(1)
    expect((r.items as { user_name: string; status: string; total_hours: number; team_name: string }[])[0]).toMatchObject({
      user_name: 'Sam Support',
      status: 'submitted',
      total_hours: 13,
      team_name: 'Support',
    })
  })

  test('workload alerts flag the 13-hour day and the employee without time', async () => {
    const r = (await callTool(people['Mia Manager']!.client, 'get_workload_alerts', { date: day(-1) })).structured
    const alerts = r.alerts as { user_name: string; kind: string; severity: string; details: { hours_worked: number | null } }[]
    expect(alerts.find((a) => a.user_name === 'Sam Support' && a.kind === 'unusual_hours')).toMatchObject({
      severity: 'warning',
      details: { hours_worked: 13 },
    })
    expect(alerts.some((a) => a.user_name === 'Sal Sales')).toBe(false)
    expect(r.total_count).toBe(alerts.length)
  })

  test('recent activity aggregates clock events and submissions per day for the team', async () => {
    const r = (await callTool(people['Mia Manager']!.client, 'list_recent_activity', { since: new Date(Date.now() - 3 * 86_400_000).toISOString() })).structured
    const events = r.events as { kind: string; count: number; people: number; date: string }[]
    expect(events.find((e) => e.kind === 'timesheet_submitted')).toMatchObject({ count: 1, people: 1 })
    expect(events.find((e) => e.kind === 'clock_in' && e.date === day(-1))).toMatchObject({ count: 2, people: 2 })
    expect(r.scope).toBe('team')
  })

  test('productivity is category-based, with data availability and the privacy note', async () => {
    const own = (await callTool(people['Sam Support']!.client, 'get_productivity_overview', { period: 'today' })).structured
    expect(own).toMatchObject({ score: 75, productiveSeconds: 3600, totalSeconds: 4800, data_availability: 'available', week_start: day(0), week_end: day(0) })
    expect(own.privacy_note).toContain('keystrokes')
    const byManager = (await callTool(people['Mia Manager']!.client, 'get_productivity_overview', { user_id: people['Sam Support']!.id, period: 'today' }))
      .structured
    expect(byManager.score).toBe(75)
    const none = (await callTool(people['Sue Support']!.client, 'get_productivity_overview')).structured
    expect(none).toMatchObject({ data_availability: 'no_data', score: 0 })
    const other = await callTool(people['Mia Manager']!.client, 'get_productivity_overview', { user_id: people['Sal Sales']!.id })
    expect(other.structured.error).toBe('forbidden')
  })

  test('list_my_timesheet lists own sessions with the total, and the employee profile shows them', async () => {
    const r = (await callTool(people['Sam Support']!.client, 'list_my_timesheet', { from: day(-3), to: day(0) })).structured
    expect(r.total_hours).toBe(13)
    expect((r.entries as { date: string; hours: number }[])[0]).toMatchObject({ date: day(-1), hours: 13 })
    expect((r.timesheets as { status: string }[])[0]!.status).toBe('submitted')
    const profile = (await callTool(people['Mia Manager']!.client, 'get_employee_details', { employee_id: people['Sue Support']!.id })).structured
    expect(profile).toMatchObject({ name: 'Sue Support', team: 'Support', is_clocked_in: true })
    expect((profile.recent_activity as { hours_last_7_days: number }).hours_last_7_days).toBeGreaterThanOrEqual(3)
  })

  test('list_employees filters by team and search, and pages', async () => {
    const support = people['Sam Support']!
    const teamId = (await callTool(support.client, 'get_employee_details', { employee_id: 'me' })).structured.team_id as string
    const owner = await mcpClient(server.url, (await createPersonFixture(server, tenant, { role: 'admin' })).key)
    const page1 = (await callTool(owner, 'list_employees', { team_id: teamId, page_size: 2 })).structured
    const result = page1.result as { employees: { name: string }[]; total: number; has_more: boolean; next_page: number | null }
    expect(result).toMatchObject({ total: 3, has_more: true, next_page: 2 })
    expect(result.employees.map((e) => e.name)).toEqual(['Mia Manager', 'Sam Support'])
    const page2 = (await callTool(owner, 'list_employees', { team_id: teamId, page_size: 2, page: 2 })).structured.result as {
      employees: { name: string; is_clocked_in: boolean }[]
    }
    expect(page2.employees).toEqual([expect.objectContaining({ name: 'Sue Support', is_clocked_in: true })])
    const search = (await callTool(owner, 'list_employees', { search: 'SAL' })).structured
    expect((search.result as { employees: { name: string }[] }).employees.map((e) => e.name)).toEqual(['Sal Sales'])
    expect(search.applied_filters).toEqual({ team_id: null, search: 'SAL', page: 1, page_size: 20 })
    await owner.close()
  })
})
