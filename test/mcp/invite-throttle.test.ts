import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'

// Real server and CLI processes on a shared machine: room for hooks (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let admin: Client
let otherAdmin: Client
let db: Database

beforeAll(async () => {
  // No SMTP: the emails wait in the outbox, and queued emails are what the throttle counts.
  server = await startServer({ env: { WORKFORCE_MAIL_LIMIT_HOUR: '3' } })
  const t = await createTenantFixture(server, { name: 'Throttled Co' })
  admin = await mcpClient(server.url, (await createPersonFixture(server, t.tenant, { role: 'admin' })).key)
  const other = await createTenantFixture(server, { name: 'Other Co' })
  otherAdmin = await mcpClient(server.url, (await createPersonFixture(server, other.tenant, { role: 'admin' })).key)
  db = new Database(join(server.dataDir, 'workforce.db'), { readonly: true })
}, 120_000)
afterAll(async () => {
  await admin.close()
  await otherAdmin.close()
  db.close()
  await server.stop()
})

const count = (sql: string, ...args: string[]) => (db.query(sql).get(...args) as { n: number }).n

describe('outgoing mail is throttled per tenant (lowered: 3 per hour)', () => {
  test('the 4th invitation within the hour answers rate_limited saying when to retry, and writes nothing', async () => {
    for (let i = 1; i <= 3; i++) {
      const r = await callTool(admin, 'invite_staff', { email: `hire${i}@throttle.test` })
      expect(r.structured.status).toBe('invitation_sent')
    }
    const before = {
      users: count('select count(*) n from users'),
      invitations: count('select count(*) n from invitations'),
      emails: count('select count(*) n from email_outbox'),
      events: count("select count(*) n from events where type = 'user.invited'"),
    }
    const r = await callTool(admin, 'invite_staff', { email: 'hire4@throttle.test', name: 'Fourth' })
    expect(r.structured).toMatchObject({ status: 'rate_limited', error: 'rate_limited', email: 'hire4@throttle.test' })
    expect(r.structured.message).toContain('limit of 3 emails in the last hour')
    const retry = Number(/Retry after (\d+) seconds/.exec(r.structured.message as string)?.[1])
    expect(retry).toBeGreaterThan(0)
    expect(retry).toBeLessThanOrEqual(3600)
    expect(count('select count(*) n from users where email = ?', 'hire4@throttle.test')).toBe(0)
    expect({
      users: count('select count(*) n from users'),
      invitations: count('select count(*) n from invitations'),
      emails: count('select count(*) n from email_outbox'),
      events: count("select count(*) n from events where type = 'user.invited'"),
    }).toEqual(before)
  })

  test('the limit is per tenant: another company still invites', async () => {
    const r = await callTool(otherAdmin, 'invite_staff', { email: 'hire1@other.test' })
    expect(r.structured.status).toBe('invitation_sent')
  })
})
