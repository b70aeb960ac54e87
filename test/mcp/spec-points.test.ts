import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import Ajv2020 from 'ajv/dist/2020'
import { startServer, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient, rpc } from '../helpers/mcp'

// Issue 13, items 5 and 6: the spec points and the words people read, over real HTTP with the SDK client.
const TZ = 'Europe/Berlin'
let server: TestServer
let tenant: string
let owner: Client
const clients: Client[] = []

async function person(opts: { role?: 'employee' | 'manager' | 'admin'; team?: string } = {}) {
  const p = await createPersonFixture(server, tenant, { role: opts.role ?? 'employee', ...(opts.team ? { team: opts.team } : {}) })
  const client = await mcpClient(server.url, p.key)
  clients.push(client)
  return { ...p, client }
}

/** HH:MM of an instant in the tenant's zone, as a person there reads a clock. */
const hhmm = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))

beforeAll(async () => {
  server = await startServer({ env: { WORKFORCE_MCP_RATE_LIMIT_MINUTE: '1000' } })
  const t = await createTenantFixture(server, { plan: 'professional', timezone: TZ })
  tenant = t.tenant
  owner = await mcpClient(server.url, t.ownerKey, 'spec-points')
}, 120_000)
afterAll(async () => {
  for (const c of [owner, ...clients]) await c.close()
  await server.stop()
}, 120_000)

describe('5a: tools/list carries meta like GET /tools', () => {
  test('the JSON-RPC tools/list result has meta.server, version, protocol and description, equal to GET /tools', async () => {
    const listing = (await (await fetch(`${server.url}/api/mcp/v1/tools`)).json()) as { meta: Record<string, string> }
    const viaSdk = (await owner.listTools()) as unknown as { tools: unknown[]; meta?: Record<string, string> }
    expect(viaSdk.tools.length).toBe(24)
    expect(viaSdk.meta).toEqual(listing.meta)
    const raw = (await (await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).json()) as { result: { meta: Record<string, string> } }
    expect(raw.result.meta).toEqual(listing.meta)
    expect(Object.keys(raw.result.meta).sort()).toEqual(['description', 'protocol', 'server', 'version'])
    expect(raw.result.meta.version).toBe('1.6.0')
    expect(raw.result.meta.protocol).toBe('2025-03-26')
  })
})

describe('5b: enum inputs', () => {
  test('are published as JSON Schema enum, not anyOf of consts', async () => {
    const { tools } = await owner.listTools()
    const prop = (tool: string, name: string) => (tools.find((t) => t.name === tool)!.inputSchema.properties as Record<string, Record<string, unknown>>)[name]!
    expect(prop('summarize_team_hours', 'period')).toMatchObject({
      type: 'string',
      enum: ['today', 'this_week', 'last_week', 'this_month', 'last_month'],
      default: 'this_week',
    })
    expect(prop('get_started_guide', 'role').enum).toEqual(['employee', 'manager', 'admin', 'owner_admin', 'demo'])
    expect(prop('get_analytics_feature_usage', 'period').enum).toEqual(['this_week', 'last_week', 'this_month', 'last_month'])
    for (const tool of tools) {
      for (const [name, schema] of Object.entries((tool.inputSchema.properties ?? {}) as Record<string, { anyOf?: { const?: unknown }[] }>)) {
        const constUnion = schema.anyOf?.every((s) => typeof s.const === 'string') === true
        expect(`${tool.name}.${name} ${constUnion ? 'anyOf of consts' : 'ok'}`).toBe(`${tool.name}.${name} ok`)
      }
    }
  })

  test("a bad value's message lists the allowed values", async () => {
    const r = await callTool(owner, 'summarize_team_hours', { period: 'yesterday' })
    expect(r.isError).toBe(true)
    expect(r.structured.error).toBe('invalid_argument')
    expect(r.structured.message).toBe('Invalid argument period: must be one of: today, this_week, last_week, this_month, last_month (got "yesterday").')
    expect((r.structured.fields as { field: string }[])[0]!.field).toBe('period')
  })
})

describe('5c: outputs the spec types as plain are never null', () => {
  test('clock_in without coordinates answers is_within_geofence false (not checked) and matched_office_name ""', async () => {
    const { tools } = await owner.listTools()
    const out = tools.find((t) => t.name === 'clock_in')!.outputSchema as unknown as { anyOf: { properties?: Record<string, { type?: string }> }[] }
    const props = out.anyOf[0]!.properties!
    expect(props.is_within_geofence!.type).toBe('boolean')
    expect(props.matched_office_name!.type).toBe('string')
    const { client } = await person({ team: 'Field' })
    const r = await callTool(client, 'clock_in')
    expect(r.structured).toMatchObject({ success: true, is_within_geofence: false, geofence_checked: false, matched_office_name: '' })
    await callTool(client, 'clock_out')
  })

  test('get_employee_details of a person without a team answers team "" (team_id null)', async () => {
    const { client } = await person()
    const me = await callTool(client, 'get_employee_details', { employee_id: 'me' })
    expect(me.structured).toMatchObject({ team: '', team_id: null })
    const withTeam = await person({ team: 'Field' })
    expect((await callTool(withTeam.client, 'get_employee_details', { employee_id: 'me' })).structured.team).toBe('Field')
  })
})

describe('5d: get_workload_alerts for an Employee', () => {
  test('answers their own alerts instead of refusing; admins still see everyone', async () => {
    const emp = await person({ team: 'Field' })
    const mine = await callTool(emp.client, 'get_workload_alerts')
    expect(mine.isError).toBe(false)
    const alerts = mine.structured.alerts as { user_id: string }[]
    expect(alerts.every((a) => a.user_id === emp.id)).toBe(true)
    expect(mine.structured.total_count).toBe(alerts.length)
    const listed = (await emp.client.listTools()).tools.map((t) => t.name)
    expect(listed).toContain('get_workload_alerts')
    const all = await callTool(owner, 'get_workload_alerts')
    expect(all.isError).toBe(false)
  })
})

describe('5e: get_analytics_overview without web analytics', () => {
  test('web-traffic fields are 0, the AI query count and the MCP usage stay', async () => {
    await callTool(owner, 'get_dashboard_summary')
    const r = (await callTool(owner, 'get_analytics_overview')).structured
    expect(r).toMatchObject({
      available: true,
      web_analytics_configured: false,
      active_users_1d: 0,
      active_users_7d: 0,
      active_users_28d: 0,
      sessions_in_period: 0,
      top_sources: [],
    })
    expect(r.ai_queries_served_in_period as number).toBeGreaterThanOrEqual(1)
    expect(r.mcp_active_users_1d as number).toBeGreaterThanOrEqual(1)
    expect(r.mcp_sessions_in_period as number).toBeGreaterThanOrEqual(1)
    expect((r.top_ai_clients as { source: string }[]).map((s) => s.source)).toContain('spec-points')
  })
})

describe('5f: the OpenAPI 3.1.0 description of the MCP interface', () => {
  test('is served keyless at /api/mcp/v1/openapi.json with mcpJsonRpc, listTools and health', async () => {
    const res = await fetch(`${server.url}/api/mcp/v1/openapi.json`)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as {
      openapi: string
      info: { version: string }
      servers: { url: string }[]
      paths: Record<string, Record<string, { operationId: string; security?: unknown[] }>>
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> }
    }
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('1.6.0')
    expect(doc.servers[0]!.url.endsWith('/api/mcp/v1')).toBe(true)
    expect(doc.paths['/']!.post!.operationId).toBe('mcpJsonRpc')
    expect(doc.paths['/tools']!.get!.operationId).toBe('listTools')
    expect(doc.paths['/health']!.get!.operationId).toBe('health')
    expect(doc.paths['/tools']!.get!.security).toEqual([])
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId))
    expect(new Set(ids).size).toBe(ids.length)
    // Its schemas are valid JSON Schema 2020-12 (OpenAPI 3.1's dialect), every $ref resolves, and
    // what the server really answers matches them.
    const ajv = new Ajv2020({ strict: false })
    ajv.addSchema({ $id: 'mcp-openapi', components: doc.components } as object)
    const check = (name: string, value: unknown) => {
      const validate = ajv.compile({ $ref: `mcp-openapi#/components/schemas/${name}` })
      expect(`${name}: ${validate(value) ? 'valid' : ajv.errorsText(validate.errors)}`).toBe(`${name}: valid`)
    }
    for (const name of Object.keys(doc.components.schemas)) ajv.compile({ $ref: `mcp-openapi#/components/schemas/${name}` })
    check('ToolList', await (await fetch(`${server.url}/api/mcp/v1/tools`)).json())
    check('Health', await (await fetch(`${server.url}/api/mcp/v1/health`)).json())
    check('JsonRpcResponse', await (await rpc(server.url, { jsonrpc: '2.0', id: 7, method: 'ping' })).json())
    check('JsonRpcError', await (await rpc(server.url, { jsonrpc: '2.0', id: 8, method: 'nope' })).json())
  })
})

describe('5i: upgrade_url and billing_portal_url', () => {
  test('point to a keyless guide that names the operator command, not to a 401', async () => {
    const anonymous = await mcpClient(server.url)
    clients.push(anonymous)
    const r = (await callTool(anonymous, 'get_pricing_and_plans')).structured
    for (const url of [r.upgrade_url as string, r.billing_portal_url as string]) {
      const path = new URL(url).pathname
      const res = await fetch(`${server.url}${path}`)
      expect(res.status).toBe(200)
      const guide = (await res.json()) as { command: string; plans: string[]; steps: string[] }
      expect(guide.command).toBe('workforce plan set <plan> --tenant <TENANT>')
      expect(guide.plans).toEqual(['community', 'starter', 'professional', 'business', 'enterprise'])
      expect(guide.steps.length).toBeGreaterThan(0)
    }
  })
})

describe('6: words for people', () => {
  test("clock_in and clock_out messages tell the time in the tenant's zone", async () => {
    const { client } = await person({ team: 'Field' })
    const inn = await callTool(client, 'clock_in')
    expect(inn.structured.message).toBe(`Clocked in at ${hhmm(inn.structured.clock_in_time as string)} (${TZ}).`)
    const out = await callTool(client, 'clock_out')
    expect(out.structured.message as string).toStartWith(`Clocked out at ${hhmm(out.structured.clock_out_time as string)} (${TZ}) after `)
  })

  test('a count of one is singular: "1 clock-in by 1 person"', async () => {
    const { client } = await person()
    await callTool(client, 'clock_in')
    const events = (await callTool(client, 'list_recent_activity')).structured.events as { kind: string; count: number; summary: string }[]
    const clockIns = events.find((e) => e.kind === 'clock_in')!
    expect(clockIns.count).toBe(1)
    expect(clockIns.summary).toStartWith('1 clock-in by 1 person on ')
    await callTool(client, 'clock_out')
  })

  test("get_demo_scenarios' description names its five scenarios", async () => {
    const { tools } = await owner.listTools()
    const description = tools.find((t) => t.name === 'get_demo_scenarios')!.description!.toLowerCase()
    const scenarios = (await callTool(owner, 'get_demo_scenarios')).structured.scenarios as { id: string }[]
    expect(scenarios.map((s) => s.id)).toEqual(['overtime-spike', 'timesheet-backlog', 'budget-at-risk', 'productivity-drop', 'not-clocked-in-today'])
    for (const words of ['overtime', 'timesheet approval backlog', 'budget at risk', 'productivity drop', 'working right now'])
      expect(description).toContain(words)
    expect(description).not.toContain('onboarding')
  })
})
