import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { Value } from '@sinclair/typebox/value'
import { loadConfig } from '../../src/kernel/config'
import { HOUR, addDays, localDate, weekStart } from '../../src/kernel/time'
import { MCP_EXTENDED_TOOL_GROUPS, mcpOperations } from '../../src/surfaces/mcp-registry'
import { toolOutputSchema } from '../../src/surfaces/mcp-tools'
import { api, startWorld, type Person, type TenantWorld, type World } from '../client/world'
import { createKeyFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'
import { startServer, type TestServer } from '../helpers/server'
import { restClient } from '../rest/helpers/api'

// The extended tool set, switched on by the operator (WORKFORCE_MCP_EXTENDED_TOOLS=on): listed,
// callable through the official SDK client with results valid against their outputSchema, and
// answering the demo scenarios in one call each. Off, the list is the specification's 24.
const EXTENDED = MCP_EXTENDED_TOOL_GROUPS.flatMap((g) => g.tools.map((op) => op.name))
const SPEC = mcpOperations().map((op) => op.name)
const schemaOf = new Map(mcpOperations(true).map((op) => [op.name, toolOutputSchema(op)]))

let world: World
let demo: Client

beforeAll(async () => {
  world = await startWorld({ env: { WORKFORCE_MCP_EXTENDED_TOOLS: 'on' } })
  demo = await mcpClient(world.server.url, world.server.demoKey, 'extended-demo')
})
afterAll(async () => {
  await demo.close()
  await world.close()
})

/** A successful call whose structuredContent is valid against the tool's published schema. */
async function ok(client: Client, name: string, args: Record<string, unknown> = {}) {
  const r = await callTool(client, name, args)
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.structured)}`)
  expect(Value.Check(schemaOf.get(name)!, r.structured)).toBe(true)
  return r.structured as Record<string, any>
}

describe('with the switch on', () => {
  test('tools/list, GET /tools, get_capabilities and the data dictionary show the extended tools', async () => {
    expect(EXTENDED).toHaveLength(9)
    expect(demo.getInstructions()).toContain('approve_timesheet and reject_timesheet change data')
    const listed = (await demo.listTools()).tools
    const names = listed.map((t) => t.name)
    for (const name of [...SPEC, ...EXTENDED]) expect(names).toContain(name)
    for (const name of ['approve_timesheet', 'reject_timesheet']) {
      const tool = listed.find((t) => t.name === name)!
      expect(tool.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false })
      expect(tool.description).toContain('confirm with the user')
    }
    const open = (await (await fetch(`${world.server.url}/api/mcp/v1/tools`)).json()) as { tools: { name: string }[] }
    expect(open.tools.map((t) => t.name)).toEqual([...SPEC, ...EXTENDED])
    const caps = await ok(demo, 'get_capabilities')
    expect(caps.total_tools).toBe(SPEC.length + EXTENDED.length)
    expect(caps.write_tools).toEqual(expect.arrayContaining(['approve_timesheet', 'reject_timesheet']))
    const dict = await ok(demo, 'get_data_dictionary')
    const project = (dict.entities as { name: string; exposed_by_tool: string[] }[]).find((e) => e.name === 'Project')!
    expect(project.exposed_by_tool).toEqual(expect.arrayContaining(['list_project_budgets', 'get_project_hours_left']))
  })

  test('"budget-at-risk": one call of list_project_budgets names Route Optimizer v2 with the figures of REST /projects/:id/budget', async () => {
    const r = await ok(demo, 'list_project_budgets', { at_risk_only: true })
    console.log(`list_project_budgets at risk: ${(r.projects as any[]).map((p) => `${p.project.name} ${p.budget.hours_percent_used}%`).join(', ')}`)
    const route = (r.projects as any[]).find((p) => p.project.name === 'Route Optimizer v2')
    expect(route).toBeDefined()
    expect(route.budget.hours_percent_used).toBeGreaterThan(80)
    expect(r.over_budget_count).toBeGreaterThan(0)
    const rest = restClient(world.server, (await createKeyFixture(world.server, world.server.demoTenant, { kind: 'api', role: 'admin', scope: 'read' })).key)
    const budget = await rest.get(`/projects/${route.project.id}/budget`)
    expect(budget.status).toBe(200)
    for (const k of ['used_hours', 'remaining_hours', 'hours_percent_used', 'used_amount_cents', 'threshold_reached'])
      expect(route.budget[k]).toEqual(budget.body[k])
    const left = await ok(demo, 'get_project_hours_left', { project_name: 'route optimizer' })
    expect(left.project.id).toBe(route.project.id)
    expect(left.hours_left).toBe(budget.body.remaining_hours)
    const ambiguous = await callTool(demo, 'get_project_hours_left', {})
    expect(ambiguous.structured.error).toBe('invalid_argument')
  })

  test('"who worked overtime last week?": one call of get_overtime_report, net hours against contract or shift', async () => {
    const r = await ok(demo, 'get_overtime_report', { period: 'last_week' })
    console.log(`get_overtime_report last_week on the demo tenant: ${r.people_count} people, ${r.total_overtime_hours} h`)
    expect(r.people_count).toBeGreaterThan(0)
    expect(r.people_count).toBe((r.people as unknown[]).length)
    for (const p of r.people as any[]) {
      expect(p.name.length).toBeGreaterThan(2)
      for (const c of p.cases) {
        expect(c.period_start >= r.period_start && c.period_end <= r.period_end).toBe(true)
        expect(Math.abs(c.worked_hours - c.scheduled_hours - c.overtime_hours)).toBeLessThanOrEqual(0.011)
      }
    }
  })

  test('tasks, presence, missing timesheets and the productivity trend answer on the demo tenant', async () => {
    const tasks = await ok(demo, 'list_tasks', { page_size: 5 })
    expect(tasks.pagination.total).toBeGreaterThan(0)
    const now = await ok(demo, 'list_presence_now')
    expect(now.counts.working + now.counts.on_break).toBeGreaterThan(0)
    expect(now.people.every((p: { name: string }) => p.name.length > 0)).toBe(true)
    const onBreak = await ok(demo, 'list_presence_now', { presence: 'on_break' })
    expect(onBreak.people.every((p: { presence: string; break_started_at: string | null }) => p.presence === 'on_break' && p.break_started_at)).toBe(true)
    const missing = await ok(demo, 'list_missing_timesheets', { period: 'current', include_without_time: true })
    expect(missing.period_start <= missing.period_end).toBe(true)
    const people = (await ok(demo, 'list_employees', { search: 'Jonas' })).result.employees as { id: string }[]
    const trend = await ok(demo, 'get_productivity_trend', { user_id: people[0]!.id, weeks: 4 })
    expect(trend.weeks).toHaveLength(4)
    expect(trend.weeks.some((w: { active_seconds: number }) => w.active_seconds > 0)).toBe(true)
    const teams = await ok(demo, 'list_employees', { page_size: 100 })
    const teamId = (teams.result.employees as { team_id?: string | null }[]).find((e) => e.team_id)?.team_id
    if (teamId) expect((await ok(demo, 'get_productivity_trend', { team_id: teamId, weeks: 2 })).scope).toBe('team')
  })

  test('approve and reject are write tools: refused in demo mode', async () => {
    for (const name of ['approve_timesheet', 'reject_timesheet']) {
      const r = await callTool(demo, name, { timesheet_id: crypto.randomUUID(), reason: 'x' })
      expect(r.structured.error).toBe('demo_mode_read_only')
    }
  })
})

describe('approve / reject on a production tenant', () => {
  let acme: TenantWorld
  let emp: Person
  let mgr: Person
  const today = localDate(Date.now(), 'UTC')
  const lastMonday = addDays(weekStart(today), -7)
  const at = (date: string, hour: number) => Date.parse(`${date}T00:00:00Z`) + hour * HOUR

  beforeAll(async () => {
    acme = await world.tenant()
    emp = acme.addUser({ name: 'Erin Employee' })
    mgr = acme.addUser({ name: 'Max Manager', role: 'manager' })
    acme.addTeam({ managerId: mgr.id, members: [emp.id] })
  })

  const submit = async (date: string) => {
    const res = await api(world.server, emp.key).post('/timesheets/submit', { date })
    expect(res.status).toBe(200)
    return res.body.timesheet.id as string
  }

  test('the same transitions and events as the client API; an illegal transition is a conflict', async () => {
    const manager = await mcpClient(world.server.url, mgr.key, 'extended-manager')
    try {
      const employee = await mcpClient(world.server.url, emp.key, 'extended-employee')
      const refused = await callTool(employee, 'approve_timesheet', { timesheet_id: crypto.randomUUID() })
      expect(refused.structured.error).toBe('forbidden')
      await employee.close()

      acme.addTimeLog(emp.id, at(lastMonday, 9), at(lastMonday, 17))
      acme.addTimeLog(emp.id, at(addDays(lastMonday, -7), 9), at(addDays(lastMonday, -7), 17))
      const missing = await ok(manager, 'list_missing_timesheets', { date: lastMonday })
      expect((missing.people as { user_id: string; status: string }[]).find((p) => p.user_id === emp.id)?.status).toBe('missing')

      // A manager sees the teams they manage: Erin and themself, not the owner.
      const now = await ok(manager, 'list_presence_now')
      expect((now.people as { user_id: string }[]).map((p) => p.user_id).sort()).toEqual([emp.id, mgr.id].sort())
      const ownerView = await mcpClient(world.server.url, acme.owner.key, 'extended-owner')
      expect(((await ok(ownerView, 'list_presence_now')).people as unknown[]).length).toBe(3)
      await ownerView.close()

      const first = await submit(lastMonday)
      const approved = await ok(manager, 'approve_timesheet', { timesheet_id: first })
      expect(approved.timesheet.status).toBe('approved')
      expect(acme.events('timesheet.approved')).toHaveLength(1)
      expect(acme.events('timesheet.approved')[0]).toMatchObject({ userEmail: emp.email, approvedByEmail: mgr.email })
      const again = await callTool(manager, 'approve_timesheet', { timesheet_id: first })
      expect(again.structured.error).toBe('conflict')
      const rejectApproved = await callTool(manager, 'reject_timesheet', { timesheet_id: first, reason: 'late' })
      expect(rejectApproved.structured.error).toBe('conflict')
      expect(acme.events('timesheet.rejected')).toHaveLength(0)

      const second = await submit(addDays(lastMonday, -7))
      const rejected = await ok(manager, 'reject_timesheet', { timesheet_id: second, reason: 'Tuesday is missing' })
      expect(rejected.timesheet.status).toBe('rejected')
      expect(acme.events('timesheet.rejected')).toHaveLength(1)
      expect(acme.events('timesheet.rejected')[0]).toMatchObject({ timesheetId: second, reason: 'Tuesday is missing' })
      const back = await ok(manager, 'list_missing_timesheets', { date: addDays(lastMonday, -7) })
      expect((back.people as { user_id: string; status: string }[]).find((p) => p.user_id === emp.id)?.status).toBe('rejected')
    } finally {
      await manager.close()
    }
  })
})

describe('the switch', () => {
  test('on/true/1 turn it on, off/false/0/unset leave it off, anything else is refused', () => {
    for (const v of ['on', 'true', '1', 'ON']) expect(loadConfig({}, { WORKFORCE_MCP_EXTENDED_TOOLS: v }).mcpExtendedTools).toBe(true)
    for (const v of ['off', 'false', '0', '', undefined]) expect(loadConfig({}, { WORKFORCE_MCP_EXTENDED_TOOLS: v }).mcpExtendedTools).toBe(false)
    expect(() => loadConfig({}, { WORKFORCE_MCP_EXTENDED_TOOLS: 'yes please' })).toThrow(/WORKFORCE_MCP_EXTENDED_TOOLS must be on or off/)
    expect(loadConfig({ mcpExtendedTools: true }, {}).mcpExtendedTools).toBe(true)
  })
})

describe('with the switch off (the default)', () => {
  let plain: TestServer
  beforeAll(async () => {
    plain = await startServer()
  })
  afterAll(async () => {
    await plain.stop()
  })

  test('tools/list, GET /tools and get_capabilities are exactly the 24; an extended tool is unknown', async () => {
    const client = await mcpClient(plain.url, plain.demoKey)
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(SPEC)
      expect(SPEC).toHaveLength(24)
      const open = (await (await fetch(`${plain.url}/api/mcp/v1/tools`)).json()) as { tools: { name: string }[] }
      expect(open.tools.map((t) => t.name)).toEqual(SPEC)
      expect((await callTool(client, 'get_capabilities')).structured.total_tools).toBe(24)
      await expect(client.callTool({ name: 'list_project_budgets', arguments: {} })).rejects.toThrow(/Unknown tool/)
    } finally {
      await client.close()
    }
  })
})
