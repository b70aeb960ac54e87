import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture, createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient, outcomeOf } from '../helpers/mcp'

const TOOLS = [
  'get_analytics_overview', 'get_analytics_feature_usage', 'get_dashboard_summary', 'list_employees', 'get_employee_details', 'list_my_timesheet',
  'summarize_team_hours', 'list_pending_approvals', 'list_recent_activity', 'get_workload_alerts', 'get_productivity_overview', 'clock_in', 'clock_out',
  'invite_staff', 'get_capabilities', 'get_pricing_and_plans', 'start_free_trial', 'get_started_guide', 'get_data_dictionary', 'switch_to_demo',
  'switch_to_production', 'get_demo_scenarios', 'ask_workforce', 'get_analytics_questions',
] as const
type Tool = (typeof TOOLS)[number]

const PUBLIC: Tool[] = ['get_capabilities', 'get_pricing_and_plans', 'start_free_trial']
const MANAGER: Tool[] = ['summarize_team_hours', 'list_pending_approvals', 'get_workload_alerts']
const ADMIN: Tool[] = ['invite_staff', 'get_analytics_questions', 'get_analytics_overview', 'get_analytics_feature_usage']
const WRITES: Tool[] = ['clock_in', 'clock_out', 'invite_staff']
const NEEDS_PERSON: Tool[] = ['clock_in', 'clock_out', 'get_employee_details', 'list_my_timesheet', 'get_productivity_overview']

/** What the specification (and DECISIONS.md) says each caller gets from each tool. */
function expected(caller: string, tool: Tool): string {
  if (PUBLIC.includes(tool)) return 'ok'
  switch (caller) {
    case 'no key':
      return 'unauthorized'
    case 'Community plan':
      return 'plan_not_entitled'
    case 'demo key':
      if (WRITES.includes(tool)) return 'demo_mode_read_only'
      return tool === 'switch_to_production' ? 'forbidden' : 'ok'
    case 'Employee':
      return MANAGER.includes(tool) || ADMIN.includes(tool) ? 'forbidden' : 'ok'
    case 'Manager':
      return ADMIN.includes(tool) ? 'forbidden' : 'ok'
    case 'tenant-level Admin key':
      return NEEDS_PERSON.includes(tool) ? 'user_scoped_key_required' : 'ok'
    default:
      return 'ok' // Admin, OwnerAdmin
  }
}

let server: TestServer
const clients = new Map<string, Client>()
let n = 0
const argsFor = (tool: Tool): Record<string, unknown> => {
  if (tool === 'get_employee_details') return { employee_id: 'me' }
  if (tool === 'ask_workforce') return { question: 'Who is clocked in right now?' }
  if (tool === 'invite_staff') return { email: `invitee${++n}@matrix.test`, name: 'New Hire' }
  return {}
}

beforeAll(async () => {
  server = await startServer()
  const prod = await createTenantFixture(server, { plan: 'business' })
  const community = await createTenantFixture(server, { plan: 'community' })
  const admin = await createPersonFixture(server, prod.tenant, { role: 'admin' })
  const manager = await createPersonFixture(server, prod.tenant, { role: 'manager', team: 'Operations' })
  const employee = await createPersonFixture(server, prod.tenant, { role: 'employee', team: 'Operations' })
  const tenantKey = await createKeyFixture(server, prod.tenant, { role: 'admin' })
  const keys: Record<string, string | undefined> = {
    'no key': undefined,
    'demo key': server.demoKey,
    Employee: employee.key,
    Manager: manager.key,
    Admin: admin.key,
    OwnerAdmin: prod.ownerKey,
    'tenant-level Admin key': tenantKey.key,
    'Community plan': community.ownerKey,
  }
  for (const [caller, key] of Object.entries(keys)) clients.set(caller, await mcpClient(server.url, key))
}, 120_000)
afterAll(async () => {
  for (const c of clients.values()) await c.close()
  await server.stop()
}, 120_000)

describe('role x tool matrix', () => {
  for (const caller of ['no key', 'demo key', 'Employee', 'Manager', 'Admin', 'OwnerAdmin', 'tenant-level Admin key', 'Community plan']) {
    test(`${caller}: every tool answers as the specification says`, async () => {
      const client = clients.get(caller)!
      const got: Record<string, string> = {}
      const want: Record<string, string> = {}
      for (const tool of TOOLS) {
        got[tool] = await outcomeOf(client, tool, argsFor(tool))
        want[tool] = expected(caller, tool)
      }
      expect(got).toEqual(want)
    })
  }

  test('analytics tools report available: false in demo mode and true in production', async () => {
    for (const tool of ['get_analytics_overview', 'get_analytics_feature_usage', 'get_analytics_questions']) {
      expect((await callTool(clients.get('demo key')!, tool)).structured.available).toBe(false)
      expect((await callTool(clients.get('Admin')!, tool)).structured.available).toBe(true)
    }
  })

  test('tools/list leaves out what the role cannot use, while invoke still refuses', async () => {
    const names = async (caller: string) => (await clients.get(caller)!.listTools()).tools.map((t) => t.name)
    const employee = await names('Employee')
    for (const t of [...MANAGER, ...ADMIN]) expect(employee).not.toContain(t)
    expect(employee).toContain('clock_in')
    expect(await names('Manager')).toContain('summarize_team_hours')
    expect(await names('Admin')).toHaveLength(24)
    expect(await names('Community plan')).toEqual(PUBLIC)
  })

  test('the spec-shaped failure fields are filled for clock_in, invite_staff and get_dashboard_summary', async () => {
    const clockIn = await callTool(clients.get('demo key')!, 'clock_in')
    expect(clockIn.structured).toMatchObject({ success: false, error: 'demo_mode_read_only' })
    const invite = await callTool(clients.get('Employee')!, 'invite_staff', { email: 'x@matrix.test' })
    expect(invite.structured).toMatchObject({ status: 'forbidden', error: 'forbidden', email: 'x@matrix.test' })
    const dash = await callTool(clients.get('no key')!, 'get_dashboard_summary')
    expect(dash.structured).toMatchObject({ error: 'unauthorized' })
    expect(typeof dash.structured.as_of).toBe('string')
    expect(dash.text).toEqual(dash.structured)
  })
})
