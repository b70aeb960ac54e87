import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { Database } from 'bun:sqlite'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { invitationLinkFor, startSmtpSink } from '../helpers/smtp-sink'
import { startServer, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'

// Real servers, an SMTP sink and CLI processes on a shared machine: room for hooks (not a timing assertion).
setDefaultTimeout(120_000)

let sink: Awaited<ReturnType<typeof startSmtpSink>>
const linkFor = (to: string) => invitationLinkFor(sink.inbox, to)

async function waitForStatus(db: Database, to: string, status: string): Promise<void> {
  const deadline = Date.now() + 20_000
  while ((db.query('select status from email_outbox where to_address = ?').get(to) as { status: string } | null)?.status !== status) {
    if (Date.now() > deadline) throw new Error(`email to ${to} not ${status}`)
    await Bun.sleep(50)
  }
}

/** Every byte the database keeps on disk: the main file, its WAL and shared memory. */
function filesContain(dataDir: string, needle: string): string[] {
  const found: string[] = []
  for (const name of ['workforce.db', 'workforce.db-wal', 'workforce.db-shm']) {
    const path = join(dataDir, name)
    if (existsSync(path) && readFileSync(path).includes(Buffer.from(needle))) found.push(name)
  }
  return found
}

const accept = (server: TestServer, token: string) =>
  fetch(`${server.url}/api/v1/client/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))

let server: TestServer
let admin: Client
let db: Database

beforeAll(async () => {
  sink = await startSmtpSink()
  server = await startServer({
    env: { WORKFORCE_SMTP_HOST: '127.0.0.1', WORKFORCE_SMTP_PORT: String(sink.port), WORKFORCE_SMTP_FROM: 'workforce@appliance.test' },
  })
  const t = await createTenantFixture(server, { name: 'Token Hygiene Co' })
  admin = await mcpClient(server.url, (await createPersonFixture(server, t.tenant, { role: 'admin', name: 'Ada Admin' })).key)
  db = new Database(join(server.dataDir, 'workforce.db'))
}, 120_000)
afterAll(async () => {
  await admin.close()
  db.close()
  await server.stop()
  await sink.close()
}, 120_000)

describe('invitation tokens are never stored', () => {
  test('after the email went out through SMTP, neither the database file nor its WAL holds the token; the emailed token still works', async () => {
    const r = await callTool(admin, 'invite_staff', { email: 'clean.token@example.test', name: 'Cleo Token' })
    expect(r.structured.status).toBe('invitation_sent')
    const { url, token } = await linkFor('clean.token@example.test')
    expect(url).toStartWith(`${server.url}/invitations/accept?token=`)
    expect(token.length).toBeGreaterThanOrEqual(32)
    await waitForStatus(db, 'clean.token@example.test', 'sent')
    // The outbox keeps the body with a slot where the token went, never the token.
    const row = db.query('select text_body from email_outbox where to_address = ?').get('clean.token@example.test') as { text_body: string }
    expect(row.text_body).not.toContain(token)
    expect(row.text_body).toContain('/invitations/accept?token={{invitation_token}}')
    expect(filesContain(server.dataDir, token)).toEqual([])

    const res = await accept(server, token)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ email: 'clean.token@example.test', role: 'employee' })
    expect(res.body.key).toStartWith('wf_live_')
    // The key it gave works, and the token does not remain usable or stored.
    const device = await fetch(`${server.url}/api/v1/client/devices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${res.body.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fingerprint: 'fp-cleo-000001', name: 'laptop', platform: 'macos' }),
    })
    expect(device.status).toBe(200)
    expect((await accept(server, token)).status).toBe(409)
    expect(filesContain(server.dataDir, token)).toEqual([])
  })

  test('an expired invitation answers 409 conflict saying it expired and when, and activates nobody', async () => {
    const r = await callTool(admin, 'invite_staff', { email: 'late.comer@example.test' })
    expect(r.structured.status).toBe('invitation_sent')
    // Invitations are valid for 7 days from creation.
    const days = (Date.parse(r.structured.expires_at as string) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
    const { token } = await linkFor('late.comer@example.test')
    await waitForStatus(db, 'late.comer@example.test', 'sent')
    db.run('update invitations set expires_at = ? where id = ?', [Date.now() - 1000, r.structured.invitation_id as string])
    const res = await accept(server, token)
    expect(res.status).toBe(409)
    expect(res.body.error.code).toBe('conflict')
    expect(res.body.error.message).toContain('expired')
    expect(res.body.error.details).toMatchObject({ reason: 'expired', expired_at: expect.any(String) })
    expect(db.query('select status from users where email = ?').get('late.comer@example.test')).toEqual({ status: 'invited' })
  })
})
