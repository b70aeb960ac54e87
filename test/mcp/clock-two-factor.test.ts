import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import * as OTPAuth from 'otpauth'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'

// Real servers and CLI processes on a shared machine: room for hooks (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let tenant: string
let db: Database
const clients: Client[] = []

beforeAll(async () => {
  server = await startServer()
  tenant = (await createTenantFixture(server)).tenant
  db = new Database(join(server.dataDir, 'workforce.db'), { readonly: true })
}, 120_000)
afterAll(async () => {
  for (const c of clients) await c.close()
  db.close()
  await server.stop()
}, 120_000)

const clientPost = (path: string, key: string, body: unknown = {}) =>
  fetch(`${server.url}/api/v1/client${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  })

/** The current code of an authenticator app holding this secret (the otpauth package, not our own TOTP). */
const codeOf = (otpauthUrl: string): string => (OTPAuth.URI.parse(otpauthUrl) as OTPAuth.TOTP).generate()
/** A six-digit code that is not the current one (nor the ones next to it). */
const wrongCode = (otpauthUrl: string): string => {
  const totp = OTPAuth.URI.parse(otpauthUrl) as OTPAuth.TOTP
  const near = new Set([-1, 0, 1].map((w) => totp.generate({ timestamp: Date.now() + w * 30_000 })))
  let c = 0
  while (near.has(String(c).padStart(6, '0'))) c++
  return String(c).padStart(6, '0')
}

/** An employee with two-factor authentication enrolled and confirmed, as the client app does it. */
async function enrolledPerson(): Promise<{ id: string; key: string; otpauth: string; mcp: Client }> {
  const p = await createPersonFixture(server, tenant, { role: 'employee' })
  const enrolled = (await (await clientPost('/me/2fa/enroll', p.key)).json()) as { otpauth_url: string }
  const confirmed = await clientPost('/me/2fa/confirm', p.key, { code: codeOf(enrolled.otpauth_url) })
  expect(await confirmed.json()).toMatchObject({ enabled: true, pending: false })
  const mcp = await mcpClient(server.url, p.key)
  clients.push(mcp)
  return { id: p.id, key: p.key, otpauth: enrolled.otpauth_url, mcp }
}

const failedClockIns = (userId: string) =>
  (db.query("select data from events where type = 'clock.in.failed'").all() as { data: string }[])
    .map((r) => JSON.parse(r.data) as Record<string, unknown>)
    .filter((d) => d.userId === userId)
const openLogs = (userId: string) => (db.query("select count(*) as n from time_logs where user_id = ? and status = 'open'").get(userId) as { n: number }).n

describe('MCP clock_in and two-factor authentication: one rule with the client API', () => {
  test('publishes an optional otp argument and says when it is needed', async () => {
    const p = await createPersonFixture(server, tenant, { role: 'employee' })
    const mcp = await mcpClient(server.url, p.key)
    clients.push(mcp)
    const { tools } = await mcp.listTools()
    const clockIn = tools.find((t) => t.name === 'clock_in')!
    expect(clockIn.inputSchema.properties?.otp).toMatchObject({ type: 'string', maxLength: 12 })
    expect(clockIn.inputSchema.required ?? []).not.toContain('otp')
    expect(clockIn.description).toContain('two_factor_required')
  })

  test('without a code: refused with two_factor_required and clock.in.failed, exactly like the client API', async () => {
    const p = await enrolledPerson()
    const viaMcp = await callTool(p.mcp, 'clock_in')
    expect(viaMcp.isError).toBe(true)
    expect(viaMcp.structured).toMatchObject({ success: false, error: 'forbidden', reason: 'two_factor_required' })
    expect(String(viaMcp.structured.message)).toContain('otp')
    expect(failedClockIns(p.id)).toEqual([expect.objectContaining({ userId: p.id, reason: 'two_factor_failed' })])
    expect(openLogs(p.id)).toBe(0)

    // The client API answers the same refusal for the same user.
    const viaClient = await clientPost('/clock-in', p.key)
    expect(viaClient.status).toBe(403)
    const body = (await viaClient.json()) as { error: { code: string; message: string; details: { reason: string } } }
    expect(body.error).toMatchObject({ code: 'forbidden', message: viaMcp.structured.message, details: { reason: 'two_factor_required' } })
    expect(failedClockIns(p.id)).toHaveLength(2)
  })

  test('with a wrong code: refused with two_factor_failed and clock.in.failed; with the current code: clocked in', async () => {
    const p = await enrolledPerson()
    const wrong = await callTool(p.mcp, 'clock_in', { otp: wrongCode(p.otpauth) })
    expect(wrong.structured).toMatchObject({ success: false, error: 'forbidden', reason: 'two_factor_failed' })
    expect(failedClockIns(p.id)).toHaveLength(1)
    expect(openLogs(p.id)).toBe(0)

    const ok = await callTool(p.mcp, 'clock_in', { otp: codeOf(p.otpauth) })
    expect(ok.isError).toBe(false)
    expect(ok.structured).toMatchObject({ success: true })
    expect(ok.structured.reason).toBeUndefined()
    expect(openLogs(p.id)).toBe(1)
    expect(failedClockIns(p.id)).toHaveLength(1)
  })

  test('a user without two-factor authentication clocks in without a code, as before', async () => {
    const p = await createPersonFixture(server, tenant, { role: 'employee' })
    const mcp = await mcpClient(server.url, p.key)
    clients.push(mcp)
    expect((await callTool(mcp, 'clock_in')).structured).toMatchObject({ success: true })
  })
})
