import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { invitationLinkFor, startSmtpSink } from '../helpers/smtp-sink'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture, createPersonFixture, createTenantFixture, type TenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'

// Real server, SMTP sink and CLI processes on a shared machine: room for hooks (not a timing assertion).
setDefaultTimeout(120_000)

let sink: Awaited<ReturnType<typeof startSmtpSink>>
let server: TestServer
let tenant: TenantFixture
let restToken: string
const clients: Client[] = []

beforeAll(async () => {
  sink = await startSmtpSink()
  server = await startServer({
    env: { WORKFORCE_SMTP_HOST: '127.0.0.1', WORKFORCE_SMTP_PORT: String(sink.port), WORKFORCE_SMTP_FROM: 'workforce@appliance.test' },
  })
  tenant = await createTenantFixture(server, { name: 'People Config Co' })
  restToken = (await createKeyFixture(server, tenant.tenant, { kind: 'api', role: 'admin' })).key
}, 120_000)
afterAll(async () => {
  for (const c of clients) await c.close()
  await server.stop()
  await sink.close()
}, 120_000)

/** `workforce <args> --tenant T`, through the real CLI. */
async function cli(...args: string[]) {
  return server.cli([...args, '--tenant', tenant.tenant])
}
async function cliJson<T = any>(...args: string[]): Promise<T> {
  const res = await cli(...args, '--json')
  if (res.code !== 0) throw new Error(`${args.join(' ')} failed (${res.code}): ${res.stdout}${res.stderr}`)
  return JSON.parse(res.stdout) as T
}
const rest = (path: string) =>
  fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${restToken}` } }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as any,
  }))
const client = (path: string, key: string, method = 'POST', body: unknown = {}) =>
  fetch(`${server.url}/api/v1/client${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))
const accept = (token: string) =>
  fetch(`${server.url}/api/v1/client/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))
const audit = async (entity: string) => (await cliJson<{ data: any[] }>('audit', 'list', '--entity', entity, '--page-size', '100')).data

describe('employment data', () => {
  test('set at add and edit through the CLI, shown on REST /users/{id} and MCP get_employee_details, audited with before and after', async () => {
    await cliJson('cost-centers', 'create', 'CC-ENG', 'Engineering')
    await cliJson('cost-centers', 'rename', 'CC-ENG', '--name', 'Product engineering')
    const office = await cli('offices', 'add', '--name', 'Berlin HQ', '--lat', '52.52', '--lon', '13.405', '--json')
    expect(office.code).toBe(0)
    const team = await cliJson('teams', 'create', 'Platform', '--work-profile', 'engineering', '--cost-center-id', 'CC-ENG')
    expect(team).toMatchObject({ name: 'Platform', work_profile: 'engineering' })

    const added = await cliJson(
      'users',
      'add',
      '--email',
      'dana.dev@people.test',
      '--name',
      'Dana Dev',
      '--team',
      'Platform',
      '--job-title',
      'Backend developer',
      '--employee-number',
      'E-1001',
      '--weekly-hours',
      '32',
      '--start-date',
      '2026-02-01',
      '--home-office-id',
      'Berlin HQ',
    )
    // No --work-profile: the team's engineering profile, said so in the answer.
    expect(added).toMatchObject({ team_name: 'Platform', work_profile: 'engineering', work_profile_source: 'team' })

    const updated = await cliJson(
      'users',
      'update',
      'dana.dev@people.test',
      '--weekly-hours',
      '30',
      '--cost-center-id',
      'CC-ENG',
      '--job-title',
      'Staff developer',
    )
    expect(updated).toMatchObject({
      weekly_hours: 30,
      job_title: 'Staff developer',
      cost_center: { code: 'CC-ENG', name: 'Product engineering', source: 'user' },
    })

    const profile = await rest(`/users/${added.user_id}`)
    expect(profile.status).toBe(200)
    expect(profile.body).toMatchObject({
      email: 'dana.dev@people.test',
      job_title: 'Staff developer',
      work_profile: 'engineering',
      weekly_hours: 30,
      employee_number: 'E-1001',
      start_date: '2026-02-01',
      home_office_id: expect.any(String),
      team: { name: 'Platform' },
      cost_center: { code: 'CC-ENG', source: 'user' },
    })

    const admin = await mcpClient(server.url, (await createPersonFixture(server, tenant.tenant, { role: 'admin', name: 'Ada Admin' })).key)
    clients.push(admin)
    const details = await callTool(admin, 'get_employee_details', { employee_id: added.user_id })
    expect(details.structured).toMatchObject({
      id: added.user_id,
      team: 'Platform',
      job_title: 'Staff developer',
      weekly_hours: 30,
      employee_number: 'E-1001',
      start_date: '2026-02-01',
      work_profile: 'engineering',
    })

    const userAudit = (await audit('user')).filter((e) => e.entity_id === added.user_id)
    expect(userAudit.map((e) => e.action).sort()).toEqual(['user.created', 'user.updated'])
    const edit = userAudit.find((e) => e.action === 'user.updated')!
    expect(edit.before).toMatchObject({ weekly_hours: 32, job_title: 'Backend developer', cost_center_id: null })
    expect(edit.after).toMatchObject({ weekly_hours: 30, job_title: 'Staff developer', cost_center_id: expect.any(String) })
    expect(edit.actor.kind).toBe('operator')
    expect((await audit('cost_center')).map((e) => e.action).sort()).toEqual(['cost_center.created', 'cost_center.updated'])
    expect((await audit('team')).map((e) => e.action)).toContain('team.created')
  })

  test('a person added with neither a work profile nor a team gets operations, and the CLI says so', async () => {
    const res = await cli('users', 'add', '--email', 'ops.default@people.test', '--name', 'Otto Default')
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('Work profile operations (default')
    const given = await cliJson('users', 'add', '--email', 'eng.given@people.test', '--name', 'Eve Given', '--work-profile', 'engineering')
    expect(given).toMatchObject({ work_profile: 'engineering', work_profile_source: 'given' })
    // The people left on the default are easy to find and fix.
    const onDefault = await cliJson<{ data: { email: string }[] }>('users', 'list', '--work-profile', 'operations', '--search', 'people.test')
    expect(onDefault.data.map((p) => p.email)).toContain('ops.default@people.test')
    expect(onDefault.data.map((p) => p.email)).not.toContain('eng.given@people.test')
    await cliJson('users', 'update', 'ops.default@people.test', '--work-profile', 'support')
    const after = await cliJson<{ data: { email: string }[] }>('users', 'list', '--work-profile', 'operations', '--search', 'people.test')
    expect(after.data.map((p) => p.email)).not.toContain('ops.default@people.test')
  })

  test('a duplicate employee number is refused with a field-named error and nothing is written', async () => {
    await cliJson('users', 'add', '--email', 'first.number@people.test', '--name', 'First Number', '--employee-number', 'E-2001')
    const second = await cliJson('users', 'add', '--email', 'second.number@people.test', '--name', 'Second Number', '--job-title', 'Clerk')
    const before = (await audit('user')).length

    const dup = await cli('users', 'update', 'second.number@people.test', '--employee-number', 'E-2001', '--job-title', 'Senior clerk', '--json')
    expect(dup.code).toBe(2)
    expect(JSON.parse(dup.stdout)).toMatchObject({ error: { code: 'conflict', details: { field: 'employee_number' } } })
    expect(JSON.parse(dup.stdout).error.message).toContain('E-2001 is already used by first.number@people.test')
    const human = await cli('users', 'add', '--email', 'third.number@people.test', '--name', 'Third', '--employee-number', 'E-2001')
    expect([human.code, human.stderr]).toEqual([2, expect.stringContaining('employee_number E-2001 is already used')])

    // Nothing written: the job title did not change, the third person does not exist, no audit row.
    expect((await rest(`/users/${second.user_id}`)).body).toMatchObject({ job_title: 'Clerk', employee_number: null })
    expect((await rest('/users?search=third.number')).body.data).toEqual([])
    expect((await audit('user')).length).toBe(before)

    const bad = await cli('users', 'update', 'second.number@people.test', '--weekly-hours', '200')
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--weekly-hours must be')])
    const noCc = await cli('users', 'update', 'second.number@people.test', '--cost-center-id', 'NOPE')
    expect([noCc.code, noCc.stderr]).toEqual([2, expect.stringContaining('no cost center "NOPE"')])
  })
})

describe('teams with managers', () => {
  test("a manager's live key sees exactly the members of the team they manage; unset, only themselves", async () => {
    await cliJson('teams', 'create', 'Support')
    const manager = await createPersonFixture(server, tenant.tenant, { role: 'manager', name: 'Mona Manager' })
    const members = [
      await createPersonFixture(server, tenant.tenant, { name: 'Sam Support' }),
      await createPersonFixture(server, tenant.tenant, { name: 'Sue Support' }),
    ]
    const outsider = await createPersonFixture(server, tenant.tenant, { name: 'Olga Outside' })
    for (const m of members) expect(await cliJson('teams', 'add-member', 'Support', m.email)).toMatchObject({ role_in_team: 'member', changed: true })

    const employee = await cli('teams', 'add-manager', 'Support', outsider.email)
    expect([employee.code, employee.stderr]).toEqual([2, expect.stringContaining('give them the manager role first')])
    expect(await cliJson('teams', 'add-manager', 'Support', manager.email)).toMatchObject({ role_in_team: 'manager', changed: true })

    const mcp = await mcpClient(server.url, manager.key)
    clients.push(mcp)
    const seen = async () =>
      (((await callTool(mcp, 'list_employees', {})).structured.result as { employees: unknown }).employees as { id: string }[]).map((e) => e.id).sort()
    expect(await seen()).toEqual([manager.id, ...members.map((m) => m.id)].sort())
    const outsiderDetails = await callTool(mcp, 'get_employee_details', { employee_id: outsider.id })
    expect(outsiderDetails.isError).toBe(true)

    // A member removed is no longer seen.
    expect(await cliJson('teams', 'remove-member', 'Support', members[1]!.email)).toMatchObject({ role_in_team: 'none', changed: true })
    expect(await seen()).toEqual([manager.id, members[0]!.id].sort())

    expect(await cliJson('teams', 'remove-manager', 'Support', manager.email)).toMatchObject({ role_in_team: 'member', changed: true })
    expect(await seen()).toEqual([manager.id])
    const actions = (await audit('team')).map((e) => e.action)
    for (const a of ['team.member_added', 'team.manager_set', 'team.member_removed', 'team.manager_unset']) expect(actions).toContain(a)
  })

  test('rename; delete refuses a team with members unless they move; names are unique', async () => {
    await cliJson('teams', 'create', 'Night shift')
    const p = await createPersonFixture(server, tenant.tenant, { team: 'Night shift', name: 'Nina Night' })
    const dupName = await cli('teams', 'create', 'night SHIFT')
    expect([dupName.code, dupName.stderr]).toEqual([2, expect.stringContaining('a team called Night shift already exists')])
    expect(await cliJson('teams', 'update', 'Night shift', '--name', 'Late shift')).toMatchObject({ name: 'Late shift' })

    const refused = await cli('teams', 'delete', 'Late shift')
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('still has 1 member')])
    await cliJson('teams', 'create', 'Day shift')
    const deleted = await cliJson('teams', 'delete', 'Late shift', '--move-members-to-team-id', 'Day shift')
    expect(deleted).toMatchObject({ name: 'Late shift', moved_members: 1 })
    expect((await rest(`/users/${p.id}`)).body).toMatchObject({ team: { name: 'Day shift' } })
    const list = await cliJson<{ data: { name: string }[] }>('teams', 'list')
    expect(list.data.map((t) => t.name)).not.toContain('Late shift')
    expect((await audit('team')).map((e) => e.action)).toEqual(expect.arrayContaining(['team.updated', 'team.deleted']))
  })
})

describe('invitations', () => {
  test('resent: the old link is refused at once, the new emailed link works; revoked: the link answers revoked', async () => {
    const admin = await createPersonFixture(server, tenant.tenant, { role: 'admin', name: 'Ivy Inviter' })
    const mcp = await mcpClient(server.url, admin.key)
    clients.push(mcp)
    expect((await callTool(mcp, 'invite_staff', { email: 'new.hire@people.test', name: 'Nell Hire' })).structured.status).toBe('invitation_sent')
    const first = await linkFor('new.hire@people.test', 1)

    const listed = await cliJson<{ data: any[] }>('users', 'invitations', 'list', '--status', 'pending')
    const invitation = listed.data.find((i) => i.email === 'new.hire@people.test')!
    expect(invitation).toMatchObject({ status: 'pending', name: 'Nell Hire' })

    // Resent by an admin through the client API (what the console calls): the email goes out at once.
    const resent = await client(`/admin/invitations/${invitation.id}/resend`, admin.key)
    expect(resent.status).toBe(200)
    expect(resent.body).toMatchObject({ invitation: { status: 'pending' }, email_delivery: 'queued' })
    const old = await accept(first.token)
    expect(old.status).toBe(404)
    const second = await linkFor('new.hire@people.test', 2)
    expect(second.token).not.toBe(first.token)
    const ok = await accept(second.token)
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ email: 'new.hire@people.test', role: 'employee' })
    expect((await cliJson<{ data: any[] }>('users', 'invitations', 'list')).data.find((i) => i.id === invitation.id)).toMatchObject({ status: 'accepted' })
    const overApi = await client('/admin/invitations', admin.key, 'GET')
    expect(overApi.status).toBe(200)
    expect(overApi.body.data.find((i: { id: string }) => i.id === invitation.id)).toMatchObject({ status: 'accepted' })

    // Revoked through the CLI (named by e-mail): the link stops at once with a clear answer.
    expect((await callTool(mcp, 'invite_staff', { email: 'not.coming@people.test' })).structured.status).toBe('invitation_sent')
    const link = await linkFor('not.coming@people.test', 1)
    const revoked = await cli('users', 'invitations', 'revoke', 'not.coming@people.test')
    expect([revoked.code, revoked.stdout]).toEqual([0, expect.stringContaining('revoked; its link no longer works')])
    const refused = await accept(link.token)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({ code: 'conflict', details: { reason: 'revoked' } })
    expect(refused.body.error.message).toContain('withdrawn')
    const account = (await rest('/users?search=not.coming')).body.data[0]
    expect(account).toMatchObject({ status: 'deactivated' })

    // Resent from the CLI re-opens it: the account is invited again (the server's outbox job sends it).
    const again = await cli('users', 'invitations', 'resend', 'not.coming@people.test', '--json')
    expect(again.code).toBe(0)
    expect(JSON.parse(again.stdout)).toMatchObject({ invitation: { status: 'pending' } })
    expect((await rest('/users?search=not.coming')).body.data[0]).toMatchObject({ status: 'invited' })
    expect((await accept(link.token)).status).toBe(404)

    const actions = (await audit('invitation')).map((e) => e.action)
    expect(actions.filter((a) => a === 'invitation.resent').length).toBe(2)
    expect(actions).toContain('invitation.revoked')
    expect(actions.filter((a) => a === 'invitation.created').length).toBe(2)
  })
})

describe('deactivation keeps the OwnerAdmin rules', () => {
  test('an Admin cannot deactivate or edit an OwnerAdmin (no audit row for the refusals); the last OwnerAdmin stays; a deactivated key is refused', async () => {
    const admin = await createPersonFixture(server, tenant.tenant, { role: 'admin', name: 'Abe Admin' })
    const off = await client(`/admin/users/${tenant.ownerUserId}/deactivate`, admin.key)
    expect(off.status).toBe(403)
    const edit = await client(`/admin/users/${tenant.ownerUserId}`, admin.key, 'PATCH', { job_title: 'Puppet' })
    expect(edit.status).toBe(403)
    expect((await audit('user')).filter((e) => e.entity_id === tenant.ownerUserId)).toEqual([])
    const emp = await createPersonFixture(server, tenant.tenant, { name: 'Edna Employee' })
    const editEmp = await client(`/admin/users/${emp.id}`, admin.key, 'PATCH', { employee_number: 'E-9001', weekly_hours: 20 })
    expect(editEmp.status).toBe(200)
    // Fields not sent stay as they were (no enum filled in for a missing field).
    expect(editEmp.body).toMatchObject({ employee_number: 'E-9001', weekly_hours: 20, work_profile: 'operations' })
    const last = await cli('users', 'deactivate', (await rest(`/users/${tenant.ownerUserId}`)).body.email)
    expect([last.code, last.stderr]).toEqual([2, expect.stringContaining('last active OwnerAdmin')])
    const out = await cliJson('users', 'deactivate', emp.email)
    expect(out).toMatchObject({ changed: true, user: { status: 'deactivated' } })
    const trail = (await audit('user')).filter((e) => e.entity_id === emp.id).map((e) => [e.action, e.actor.kind])
    expect(trail).toEqual(
      expect.arrayContaining([
        ['user.updated', 'user'],
        ['user.deactivated', 'operator'],
      ]),
    )
    expect((await audit('user')).find((e) => e.entity_id === emp.id && e.action === 'user.deactivated')).toMatchObject({
      before: { status: 'active' },
      after: { status: 'deactivated' },
    })
    expect((await client(`/admin/users/${emp.id}`, emp.key, 'PATCH', { job_title: 'x' })).status).toBe(401)
  })
})

/** The accept link of the n-th email to `to`. */
async function linkFor(to: string, n: number): Promise<{ url: string; token: string }> {
  const deadline = Date.now() + 30_000
  while (sink.inbox.filter((m) => m.to.includes(to)).length < n) {
    if (Date.now() > deadline) throw new Error(`email ${n} to ${to} did not arrive`)
    await Bun.sleep(50)
  }
  return invitationLinkFor(sink.inbox, to)
}
