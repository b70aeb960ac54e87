import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture, createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient, outcomeOf } from '../helpers/mcp'
import type { Access } from '../../src/kernel/access'
import { roleAtLeast } from '../../src/kernel/access'
import type { Role } from '../../src/kernel/ctx'
import { mcpOperations } from '../../src/surfaces/mcp-registry'

/**
 * The table comes from the registry: every tool with its declared access. That the declarations
 * follow the specification (roles, write tools, order) is checked by the discovery tests
 * (get_capabilities by role) and tools-list.test.ts; this test checks that every surface answer
 * follows the declarations, for every caller.
 */
const OPS = mcpOperations()
const TOOLS = OPS.map((op) => op.name)
const accessOf = (tool: string): Access => OPS.find((op) => op.name === tool)!.access
const PUBLIC = TOOLS.filter((tool) => accessOf(tool).role === 'public')
const ABOVE_EMPLOYEE = TOOLS.filter((tool) => !['public', 'member', 'employee'].includes(accessOf(tool).role))

/** Tools that act as the caller's own person through their run (employee_id "me", own timesheet, own productivity). */
const ACTS_AS_CALLER = ['get_employee_details', 'list_my_timesheet', 'get_productivity_overview']
/** The role each key of the matrix acts as (the public demo key acts as its Admin persona). */
const ROLE: Record<string, Role> = {
  'demo key': 'admin',
  Employee: 'employee',
  Manager: 'manager',
  Admin: 'admin',
  OwnerAdmin: 'owner_admin',
  'tenant-level Admin key': 'admin',
}

/** What the specification (and DECISIONS.md) says each caller gets from each tool, given its declared access. */
function expected(caller: string, tool: string): string {
  const access = accessOf(tool)
  if (access.role === 'public') return 'ok'
  if (caller === 'no key') return 'unauthorized'
  if (caller === 'Community plan') return 'plan_not_entitled'
  if (caller === 'demo key') {
    if (access.write) return 'demo_mode_read_only'
    // switch_to_production answers forbidden to a demo key: there is no production tenant to go to.
    if (tool === 'switch_to_production') return 'forbidden'
  }
  if (access.role !== 'member' && !roleAtLeast(ROLE[caller]!, access.role)) return 'forbidden'
  if (caller === 'tenant-level Admin key' && (access.userScopedKey || ACTS_AS_CALLER.includes(tool))) return 'user_scoped_key_required'
  return 'ok'
}

let server: TestServer
const clients = new Map<string, Client>()
let n = 0
const argsFor = (tool: string): Record<string, unknown> => {
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
    expect(ABOVE_EMPLOYEE.length).toBeGreaterThan(0)
    for (const t of ABOVE_EMPLOYEE) expect(employee).not.toContain(t)
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
    const dash = await callTool(clients.get('Community plan')!, 'get_dashboard_summary')
    expect(dash.structured).toMatchObject({ error: 'plan_not_entitled' })
    expect(typeof dash.structured.as_of).toBe('string')
    expect(dash.text).toEqual(dash.structured)
  })
})
