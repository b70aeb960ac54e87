import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { callTool, mcpClient } from '../helpers/mcp'

// What an evaluator sees first: every tool answered on the default demo tenant, with the public
// demo key, has something true and non-empty to say (or says exactly what the spec says in demo mode).
let server: TestServer
let demo: Client

beforeAll(async () => {
  server = await startServer()
  demo = await mcpClient(server.url, server.demoKey, 'demo-tour')
})
afterAll(async () => {
  await demo.close()
  await server.stop()
})

const call = async (name: string, args: Record<string, unknown> = {}) => {
  const r = await callTool(demo, name, args)
  return r
}

describe('the default demo tenant through the public demo key', () => {
  test('dashboard, people and details describe a live company', async () => {
    const dash = (await call('get_dashboard_summary')).structured
    expect(dash.active_headcount as number).toBeGreaterThanOrEqual(25)
    expect(dash.pending_approvals as number).toBeGreaterThan(0)
    expect(dash.clocked_in_now as number).toBeGreaterThan(0)
    const people = (await call('list_employees', { page_size: 100 })).structured.result as { total: number; employees: { name: string }[] }
    expect(people.total).toBeGreaterThanOrEqual(25)
    const me = (await call('get_employee_details', { employee_id: 'me' })).structured
    expect(me).toMatchObject({ is_me: true, role: 'admin' })
    expect((me.name as string).length).toBeGreaterThan(3)
  })

  test('team hours, approvals, recent activity and workload alerts are non-empty', async () => {
    const hours = (await call('summarize_team_hours', { period: 'last_week' })).structured.result as { total_hours: number; members: unknown[] }
    expect(hours.total_hours).toBeGreaterThan(0)
    expect(hours.members.length).toBeGreaterThan(0)
    const approvals = (await call('list_pending_approvals')).structured
    expect(approvals.count as number).toBeGreaterThan(0)
    const activity = (await call('list_recent_activity', { limit: 50 })).structured
    expect((activity.events as unknown[]).length).toBeGreaterThan(0)
    const alerts = (await call('get_workload_alerts')).structured
    expect(alerts.total_count as number).toBeGreaterThan(0)
  })

  test("someone's productivity is computed from synthetic application usage", async () => {
    const people = (await call('list_employees', { search: 'Jonas' })).structured.result as { employees: { id: string }[] }
    expect(people.employees.length).toBeGreaterThan(0)
    const overview = (await call('get_productivity_overview', { user_id: people.employees[0]!.id, period: 'last_week' })).structured
    expect(overview.totalSeconds as number).toBeGreaterThan(0)
    expect(overview.data_availability).toBe('synthetic_demo')
    expect(typeof overview.privacy_note).toBe('string')
  })

  test('own timesheet, scenarios, routing and the catalogue answer with content', async () => {
    const sheet = (await call('list_my_timesheet')).structured
    expect(Array.isArray(sheet.entries)).toBe(true)
    const scenarios = (await call('get_demo_scenarios')).structured.scenarios as { suggested_queries: string[] }[]
    expect(scenarios).toHaveLength(5)
    expect(scenarios.every((s) => s.suggested_queries.length > 0)).toBe(true)
    const routed = (await call('ask_workforce', { question: "Who hasn't clocked in today?" })).structured
    expect(routed.acknowledged).toBe(true)
    expect((routed.suggested_tools as string[])[0]).toBe('get_workload_alerts')
    const dictionary = (await call('get_data_dictionary')).structured
    expect((dictionary.entities as unknown[]).length).toBeGreaterThan(30)
    const plans = (await call('get_pricing_and_plans')).structured
    expect((plans.plans as unknown[]).length).toBe(5)
  })

  test('writes and analytics answer as the spec says for demo mode', async () => {
    for (const [name, args] of [
      ['clock_in', {}],
      ['clock_out', {}],
      ['invite_staff', { email: 'x@example.test' }],
    ] as const) {
      const r = await call(name, args)
      expect([name, r.structured.error]).toEqual([name, 'demo_mode_read_only'])
    }
    for (const name of ['get_analytics_overview', 'get_analytics_feature_usage', 'get_analytics_questions']) {
      expect([name, (await call(name)).structured.available]).toEqual([name, false])
    }
  })
})
