import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'

interface Received {
  from: string
  to: string[]
  raw: string
}

let smtp: SMTPServer
const inbox: Received[] = []
let server: TestServer
let admin: Client
let employee: Client
let db: Database

async function waitForMail(to: string): Promise<Received> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const mail = inbox.find((m) => m.to.includes(to))
    if (mail) return mail
    if (Date.now() > deadline) throw new Error(`no email to ${to} arrived`)
    await Bun.sleep(50)
  }
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')))
      stream.on('end', () => {
        inbox.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  server = await startServer({ env: { WORKFORCE_SMTP_HOST: '127.0.0.1', WORKFORCE_SMTP_PORT: String(port), WORKFORCE_SMTP_FROM: 'workforce@appliance.test' } })
  const t = await createTenantFixture(server, { name: 'Acme Invites' })
  admin = await mcpClient(server.url, (await createPersonFixture(server, t.tenant, { role: 'admin', name: 'Ada Admin' })).key)
  employee = await mcpClient(server.url, (await createPersonFixture(server, t.tenant, { role: 'employee' })).key)
  db = new Database(join(server.dataDir, 'workforce.db'), { readonly: true })
}, 120_000)
afterAll(async () => {
  await admin.close()
  await employee.close()
  db.close()
  await server.stop()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
}, 120_000)

describe('invite_staff', () => {
  test('creates an invited Employee and delivers a real invitation email through SMTP', async () => {
    const r = await callTool(admin, 'invite_staff', { email: 'New.Hire@Example.test', name: 'Nina Newhire' })
    expect(r.isError).toBe(false)
    expect(r.structured).toMatchObject({
      status: 'invitation_sent',
      email: 'new.hire@example.test',
      name: 'Nina Newhire',
      role: 'employee',
      email_delivery: 'queued',
    })
    const mail = await waitForMail('new.hire@example.test')
    expect(mail.from).toBe('workforce@appliance.test')
    expect(mail.raw).toContain('Subject: Ada Admin invited you to Acme Invites on Workforce')
    // The body is quoted-printable: undo soft line breaks and =3D before looking for the link.
    const body = mail.raw.replace(/=\r\n/g, '').replace(/=3D/g, '=')
    expect(body).toMatch(/Accept the invitation: http:\/\/127\.0\.0\.1:\d+\/invitations\/accept\?token=[\w-]{20,}/)
    const user = db.query('select role, status from users where email = ?').get('new.hire@example.test')
    expect(user).toEqual({ role: 'employee', status: 'invited' })
    const event = db
      .query("select data from events where type = 'user.invited' and json_extract(data, '$.invitationId') = ?")
      .get(r.structured.invitation_id as string) as { data: string }
    expect(JSON.parse(event.data)).toMatchObject({
      userEmail: 'new.hire@example.test',
      userId: r.structured.user_id,
      invitationId: r.structured.invitation_id,
      role: 'employee',
    })
    const deadline = Date.now() + 5000
    while ((db.query('select status from email_outbox where to_address = ?').get('new.hire@example.test') as { status: string }).status !== 'sent') {
      if (Date.now() > deadline) throw new Error('email not marked sent')
      await Bun.sleep(50)
    }
  })

  test('the invited person appears in list_employees with status invited', async () => {
    const r = await callTool(admin, 'list_employees', { search: 'nina' })
    const employees = (r.structured.result as { employees: { email: string; status: string }[] }).employees
    expect(employees).toEqual([expect.objectContaining({ email: 'new.hire@example.test', status: 'invited' })])
  })

  test('inviting an address that is already in the company is a conflict', async () => {
    const r = await callTool(admin, 'invite_staff', { email: 'new.hire@example.test' })
    expect(r.structured).toMatchObject({ status: 'conflict', error: 'conflict', email: 'new.hire@example.test' })
  })

  test('an invalid email address is an invalid argument', async () => {
    const r = await callTool(admin, 'invite_staff', { email: 'not-an-email' })
    expect(r.structured).toMatchObject({ error: 'invalid_argument', status: 'invalid_argument' })
    expect(r.structured.fields).toEqual([expect.objectContaining({ field: 'email' })])
  })

  test('employees cannot invite', async () => {
    const r = await callTool(employee, 'invite_staff', { email: 'someone@example.test' })
    expect(r.structured.error).toBe('forbidden')
  })
})
