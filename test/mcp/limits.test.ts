import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture, createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient, rpc } from '../helpers/mcp'

let server: TestServer
let admin: Client
let employee: Client
let other: { userId: string; teamId: string }
let ownTeamId: string

beforeAll(async () => {
  server = await startServer()
  const a = await createTenantFixture(server)
  const b = await createTenantFixture(server)
  admin = await mcpClient(server.url, a.ownerKey)
  const emp = await createPersonFixture(server, a.tenant, { role: 'employee', team: 'Alpha' })
  ownTeamId = emp.teamId!
  employee = await mcpClient(server.url, emp.key)
  const stranger = await createPersonFixture(server, b.tenant, { role: 'employee', team: 'Beta' })
  other = { userId: stranger.id, teamId: stranger.teamId! }
}, 120_000)
afterAll(async () => {
  await admin.close()
  await employee.close()
  await server.stop()
}, 120_000)

const invalid = async (client: Client, tool: string, args: Record<string, unknown>, field: string) => {
  const r = await callTool(client, tool, args)
  expect(r.isError).toBe(true)
  expect(r.structured.error).toBe('invalid_argument')
  expect((r.structured.fields as { field: string }[]).map((f) => f.field)).toContain(field)
}

describe('argument limits', () => {
  test('page_size over 100 and page under 1 are invalid arguments', async () => {
    await invalid(admin, 'list_employees', { page_size: 101 }, 'page_size')
    await invalid(admin, 'list_employees', { page: 0 }, 'page')
    expect((await callTool(admin, 'list_employees', { page_size: 100 })).isError).toBe(false)
  })

  test('a number sent as a string is refused rather than converted', async () => {
    await invalid(admin, 'list_employees', { page_size: '5' }, 'page_size')
  })

  test('a question over 2000 characters is an invalid argument; 2000 is fine and echoed in 200', async () => {
    await invalid(admin, 'ask_workforce', { question: 'x'.repeat(2001) }, 'question')
    const ok = await callTool(admin, 'ask_workforce', { question: 'y'.repeat(2000) })
    expect((ok.structured.question_received as string).length).toBe(200)
  })

  test('limits over their maximum are invalid arguments', async () => {
    await invalid(admin, 'list_recent_activity', { limit: 51 }, 'limit')
    await invalid(admin, 'get_analytics_questions', { limit: 51 }, 'limit')
    await invalid(admin, 'get_analytics_feature_usage', { limit: 26 }, 'limit')
  })

  test('enums, dates and ids are checked', async () => {
    await invalid(admin, 'summarize_team_hours', { period: 'yesterday' }, 'period')
    await invalid(admin, 'get_productivity_overview', { period: 'last_month' }, 'period')
    await invalid(admin, 'list_my_timesheet', { from: '2026-13-01' }, 'from')
    await invalid(admin, 'get_employee_details', { employee_id: 'bob' }, 'employee_id')
    await invalid(admin, 'get_employee_details', {}, 'employee_id')
    await invalid(admin, 'list_recent_activity', { since: 'yesterday' }, 'since')
  })

  test('from after to is an invalid argument', async () => {
    await invalid(admin, 'list_my_timesheet', { from: '2026-02-10', to: '2026-02-01' }, 'from')
  })
})

describe('tenant isolation', () => {
  test("another tenant's ids answer not_found", async () => {
    expect((await callTool(admin, 'get_employee_details', { employee_id: other.userId })).structured.error).toBe('not_found')
    expect((await callTool(admin, 'get_productivity_overview', { user_id: other.userId })).structured.error).toBe('not_found')
    expect((await callTool(admin, 'list_employees', { team_id: other.teamId })).structured.error).toBe('not_found')
    expect((await callTool(admin, 'summarize_team_hours', { team_id: other.teamId })).structured.error).toBe('not_found')
    expect((await callTool(admin, 'list_pending_approvals', { team_id: other.teamId })).structured.error).toBe('not_found')
  })

  test('an employee asking about a colleague is told it is outside their view', async () => {
    const me = (await callTool(employee, 'get_employee_details', { employee_id: 'me' })).structured
    const owner = (await callTool(admin, 'get_employee_details', { employee_id: 'me' })).structured
    expect((await callTool(employee, 'get_employee_details', { employee_id: owner.id as string })).structured.error).toBe('forbidden')
    expect((await callTool(employee, 'get_productivity_overview', { user_id: owner.id as string })).structured.error).toBe('forbidden')
    const list = (await callTool(employee, 'list_employees', { team_id: ownTeamId })).structured
    expect((list.result as { employees: { id: string }[] }).employees.map((e) => e.id)).toEqual([me.id as string])
  })
})

describe('keys', () => {
  test('a revoked key gets HTTP 401 with WWW-Authenticate invalid_token', async () => {
    const t = await createTenantFixture(server)
    const key = await createKeyFixture(server, t.tenant, { role: 'admin' })
    const before = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, { authorization: `Bearer ${key.key}` })
    expect(before.status).toBe(200)
    expect((await server.cli(['keys', 'revoke', key.id, '--tenant', t.tenant])).code).toBe(0)
    const after = await rpc(
      server.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_employees' } },
      { authorization: `Bearer ${key.key}` },
    )
    expect(after.status).toBe(401)
    expect(after.headers.get('www-authenticate')).toStartWith('Bearer error="invalid_token", resource_metadata="')
  })

  test('the SDK client cannot connect with an invalid key', async () => {
    await expect(mcpClient(server.url, 'wf_live_ABCDEFGHIJKLabcdefghijklmnopqrstuvwxyz012345')).rejects.toThrow()
  })
})
