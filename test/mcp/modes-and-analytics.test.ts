import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient, rpc } from '../helpers/mcp'

let server: TestServer
let tenantName: string
let owner: Client
let ownerKey: string

beforeAll(async () => {
  server = await startServer({ env: { WORKFORCE_MCP_RATE_LIMIT_MINUTE: '1000' } })
  const t = await createTenantFixture(server, { name: 'Modes Inc' })
  tenantName = 'Modes Inc'
  ownerKey = t.ownerKey
  owner = await mcpClient(server.url, t.ownerKey, 'claude-ai')
}, 120_000)
afterAll(async () => {
  await owner.close()
  await server.stop()
}, 120_000)

describe('demo and production modes of a session', () => {
  test('switch_to_demo makes data tools read the demo company read-only; switch_to_production returns', async () => {
    const client = await mcpClient(server.url, ownerKey)
    expect((await callTool(client, 'get_dashboard_summary')).structured.tenant_name).toBe(tenantName)
    const demo = await callTool(client, 'switch_to_demo')
    expect(demo.structured).toMatchObject({ mode: 'demo', demo_tenant_id: server.demoTenant, session_scoped: true })
    expect((await callTool(client, 'get_dashboard_summary')).structured.tenant_name).not.toBe(tenantName)
    expect((await callTool(client, 'get_started_guide')).structured.mode).toBe('demo')
    expect((await callTool(client, 'clock_in')).structured.error).toBe('demo_mode_read_only')
    expect((await callTool(client, 'get_analytics_overview')).structured.available).toBe(false)
    const prod = await callTool(client, 'switch_to_production')
    expect(prod.structured).toMatchObject({ mode: 'production', tenant_name: tenantName, role: 'owner_admin' })
    expect((await callTool(client, 'get_dashboard_summary')).structured.tenant_name).toBe(tenantName)
    expect((await callTool(client, 'get_started_guide')).structured.mode).toBe('production')
    await client.close()
  })

  test('the mode belongs to the session: another session of the same key stays in production', async () => {
    const a = await mcpClient(server.url, ownerKey)
    const b = await mcpClient(server.url, ownerKey)
    await callTool(a, 'switch_to_demo')
    expect((await callTool(b, 'get_dashboard_summary')).structured.tenant_name).toBe(tenantName)
    await a.close()
    await b.close()
  })
})

describe('platform analytics and demand capture', () => {
  test('get_analytics_overview counts this tenant calls, sessions and the client name as source', async () => {
    await callTool(owner, 'list_employees')
    await callTool(owner, 'get_dashboard_summary')
    const r = (await callTool(owner, 'get_analytics_overview')).structured
    expect(r.available).toBe(true)
    expect(r.mcp_active_users_1d).toBeGreaterThanOrEqual(1)
    expect(r.ai_queries_served_in_period as number).toBeGreaterThanOrEqual(2)
    expect(r.mcp_sessions_in_period as number).toBeGreaterThanOrEqual(1)
    const sources = r.top_ai_clients as { source: string; call_count: number }[]
    expect(sources.length).toBeLessThanOrEqual(5)
    expect(sources.map((s) => s.source)).toContain('claude-ai')
  })

  test('get_analytics_feature_usage reports calls per tool and the domain events', async () => {
    const emp = await createPersonFixture(server, (await createTenantFixture(server)).tenant, { role: 'admin' })
    const c = await mcpClient(server.url, emp.key)
    await callTool(c, 'clock_in')
    await callTool(c, 'clock_out')
    await callTool(c, 'clock_out')
    const r = (await callTool(c, 'get_analytics_feature_usage', { limit: 5 })).structured
    const areas = r.feature_areas as { tool_name: string; call_count: number; error_count: number; area: string }[]
    expect(areas.find((a) => a.tool_name === 'clock_out')).toMatchObject({ call_count: 2, error_count: 1, area: 'write_actions' })
    expect(areas.length).toBeLessThanOrEqual(5)
    expect((r.top_events as { event: string; count: number }[]).map((e) => e.event)).toEqual(expect.arrayContaining(['clock.in', 'clock.out']))
    await c.close()
  })

  test('ask_workforce routes a question to tools with arguments; get_analytics_questions groups it by theme', async () => {
    const ask = (await callTool(owner, 'ask_workforce', { question: 'Who worked overtime last week? I worry about burnout.' })).structured
    expect(ask.acknowledged).toBe(true)
    expect(ask.suggested_tools).toContain('get_workload_alerts')
    expect(ask.theme).toBe('workload')
    const routes = ask.routes as { tool: string; arguments: Record<string, unknown> }[]
    expect(routes.find((r) => r.tool === 'summarize_team_hours')?.arguments).toEqual({ period: 'last_week' })
    await callTool(owner, 'ask_workforce', { question: 'Which timesheets are waiting for approval?' })
    const q = (await callTool(owner, 'get_analytics_questions', { period: 'today', limit: 1 })).structured
    expect(q.question_count).toBe(2)
    expect(q.recent_questions).toHaveLength(1)
    expect((q.recent_questions as { question: string }[])[0]!.question).toBe('Which timesheets are waiting for approval?')
    expect((q.top_themes as { theme: string }[]).map((t) => t.theme).sort()).toEqual(['approvals', 'workload'])
    expect(q.period_demand).toEqual([{ date: q.period_start, count: 2, top_theme: expect.any(String) }])
  })
})

describe('rate limits', () => {
  test('tool calls over the per-minute limit answer rate_limited', async () => {
    const limited = await (await import('../helpers/server')).startServer({ env: { WORKFORCE_MCP_RATE_LIMIT_MINUTE: '3' } })
    try {
      const call = async () => {
        const res = await rpc(
          limited.url,
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_employees', arguments: {} } },
          { authorization: `Bearer ${limited.demoKey}` },
        )
        return ((await res.json()) as { result: { structuredContent: { error?: string } } }).result.structuredContent.error ?? 'ok'
      }
      // Stay clear of a UTC minute boundary so that the four calls share one window.
      while (Date.now() % 60_000 > 55_000) await Bun.sleep(250)
      const outcomes = [await call(), await call(), await call(), await call()]
      expect(outcomes).toEqual(['ok', 'ok', 'ok', 'rate_limited'])
    } finally {
      await limited.stop()
    }
  }, 120_000)
})
