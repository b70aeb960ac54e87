import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'

let server: TestServer
let anon: Client
let employee: Client
let demo: Client

beforeAll(async () => {
  server = await startServer()
  const t = await createTenantFixture(server, { name: 'Guide Co', plan: 'starter' })
  anon = await mcpClient(server.url)
  employee = await mcpClient(server.url, (await createPersonFixture(server, t.tenant, { role: 'employee' })).key)
  demo = await mcpClient(server.url, server.demoKey)
}, 120_000)
afterAll(async () => {
  for (const c of [anon, employee, demo]) await c.close()
  await server.stop()
}, 120_000)

describe('discovery tools (no key)', () => {
  test('get_capabilities describes the 24 tools from the live registry, by role', async () => {
    const r = (await callTool(anon, 'get_capabilities')).structured
    expect(r.total_tools).toBe(24)
    expect(r.write_tools).toEqual(['clock_in', 'clock_out', 'invite_staff'])
    const byRole = r.capabilities_by_role as Record<string, string[]>
    expect(byRole.manager_above).toEqual(['summarize_team_hours', 'list_pending_approvals'])
    // Issue 13: an Employee is answered their own workload alerts, so the tool is for everyone.
    expect(byRole.everyone).toContain('get_workload_alerts')
    expect(byRole.admin_owner_admin!.sort()).toEqual(['get_analytics_feature_usage', 'get_analytics_overview', 'get_analytics_questions', 'invite_staff'])
    expect(byRole.no_key_needed).toEqual(['get_capabilities', 'get_pricing_and_plans', 'start_free_trial'])
    expect(r.sso_available).toBe(false)
    expect((r.related_resources as { mcp_endpoint: string }).mcp_endpoint).toBe(`${server.url}/api/mcp/v1`)
  })

  test('get_pricing_and_plans reads the plans table: prices, MCP access and retention', async () => {
    const r = (await callTool(anon, 'get_pricing_and_plans')).structured
    expect(r.data_source).toBe('live_db')
    const plans = r.plans as { id: string; monthly_price: number | null; mcp_access: boolean; contact_sales: boolean; retention_days: Record<string, number> }[]
    expect(plans.map((p) => [p.id, p.monthly_price, p.mcp_access])).toEqual([
      ['community', 0, false],
      ['starter', 14, true],
      ['professional', 27, true],
      ['business', 51, true],
      ['enterprise', null, true],
    ])
    expect(plans[4]!.contact_sales).toBe(true)
    expect(plans[0]!.retention_days.screenshots).toBeGreaterThan(0)
    expect(r.current_plan).toBeNull()
    expect((await callTool(employee, 'get_pricing_and_plans')).structured.current_plan).toBe('starter')
  })

  test('start_free_trial is informational and carries a config snippet for this server', async () => {
    const r = (await callTool(anon, 'start_free_trial')).structured
    const snippet = JSON.parse(r.mcp_config_snippet as string) as { mcpServers: { workforce: { url: string; headers: Record<string, string> } } }
    expect(snippet.mcpServers.workforce.url).toBe(`${server.url}/api/mcp/v1`)
    // Without a key the snippet carries the public demo key, so it works as pasted.
    expect(snippet.mcpServers.workforce.headers.Authorization).toBe(`Bearer ${server.demoKey}`)
    expect((r.onboarding_steps as string[]).length).toBeGreaterThanOrEqual(3)
  })
})

describe('onboarding tools', () => {
  test('get_started_guide infers the role from the key and the mode from the tenant', async () => {
    const own = (await callTool(employee, 'get_started_guide')).structured
    expect(own).toMatchObject({ role_applied: 'employee', mode: 'production', tenant_name: 'Guide Co', mcp_server_url: `${server.url}/api/mcp/v1` })
    expect(own.sample_questions).toContain('Clock me in.')
    const asManager = (await callTool(employee, 'get_started_guide', { role: 'manager' })).structured
    expect(asManager.role_applied).toBe('manager')
    const inDemo = (await callTool(demo, 'get_started_guide')).structured
    expect(inDemo).toMatchObject({ role_applied: 'demo', mode: 'demo' })
    expect(JSON.parse(inDemo.mcp_config_snippet as string).mcpServers.workforce.url).toBe(`${server.url}/api/mcp/v1`)
    // A production key is never echoed back into the transcript: the snippet has a placeholder.
    expect(JSON.parse(own.mcp_config_snippet as string).mcpServers.workforce.headers.Authorization).toBe('Bearer <API_KEY>')
  })

  test('the snippet of a keyless start_free_trial works as pasted: a client configured from it reads the demo tenant', async () => {
    const snippet = JSON.parse((await callTool(anon, 'start_free_trial')).structured.mcp_config_snippet as string)
    const { url, headers } = snippet.mcpServers.workforce as { url: string; headers: { Authorization: string } }
    expect(headers.Authorization).toBe(`Bearer ${server.demoKey}`)
    const pasted = await mcpClient(url.replace(/\/api\/mcp\/v1$/, ''), headers.Authorization.slice('Bearer '.length))
    const summary = await callTool(pasted, 'get_dashboard_summary')
    expect(summary.isError).toBe(false)
    await pasted.close()
  })

  test('get_data_dictionary lists every documented entity, RetentionPolicy included', async () => {
    const r = (await callTool(employee, 'get_data_dictionary')).structured
    const entities = r.entities as { name: string; fields: { name: string; description: string }[]; exposed_by_tool: string[] }[]
    expect(r.entity_count).toBe(entities.length)
    const retention = entities.find((e) => e.name === 'RetentionPolicy')!
    expect(retention.fields.map((f) => f.name)).toEqual(['plan_id', 'data_kind', 'retention_days'])
    expect(entities.find((e) => e.name === 'TimeLog')!.exposed_by_tool).toContain('clock_in')
    for (const e of entities) for (const f of e.fields) expect(f.description.length).toBeGreaterThan(0)
  })

  test('get_demo_scenarios returns five scenarios with suggested queries', async () => {
    const r = (await callTool(employee, 'get_demo_scenarios')).structured
    const scenarios = r.scenarios as { id: string; suggested_queries: string[] }[]
    expect(scenarios).toHaveLength(5)
    for (const s of scenarios) expect(s.suggested_queries.length).toBeGreaterThan(0)
    expect(r.demo_tenant_id).toBe(server.demoTenant)
  })
})
