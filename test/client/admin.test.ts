import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { newId } from '../../src/kernel/ids'
import { api, startWorld, type Person, type TenantWorld, type World } from './world'

let world: World
let acme: TenantWorld
let other: TenantWorld
let admin: Person
let owner: Person

beforeAll(async () => {
  world = await startWorld()
  acme = await world.tenant()
  other = await world.tenant()
  admin = acme.addUser({ name: 'admin', role: 'admin' })
  owner = acme.owner
})
afterAll(() => world.close())

const sqlite = () => world.rt.handle.sqlite
const client = (p: Person | string | null) => api(world.server, p === null ? null : typeof p === 'string' ? p : p.key)
const userEvents = () => (sqlite().query("select count(*) n from events where tenant_id = ? and type like 'user.%'").get(acme.id) as { n: number }).n
const statusOf = (p: Person) => sqlite().query('select status, role from users where id = ?').get(p.id) as { status: string; role: string }

async function tenantLevelOwnerKey(tenant: TenantWorld): Promise<string> {
  const res = await world.server.cli(['keys', 'create', '--json', '--tenant', tenant.fixture.tenant, '--kind', 'live', '--role', 'owner_admin'])
  return (JSON.parse(res.stdout) as { key: string }).key
}

describe('deactivate_user and reactivate_user', () => {
  test("deactivation emits user.deactivated and the user's keys stop working; reactivation restores them", async () => {
    const emp = acme.addUser({ name: 'leaver' })
    const device = { fingerprint: 'fp-leaver-0001', name: 'pc', platform: 'windows' }
    expect((await client(emp).post('/devices', device)).status).toBe(200)

    const res = await client(admin).post(`/admin/users/${emp.id}/deactivate`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ changed: true, user: { id: emp.id, status: 'deactivated' } })
    expect(acme.events('user.deactivated').at(-1)).toEqual({
      userId: emp.id,
      userEmail: emp.email,
      previousStatus: 'active',
      deactivatedByEmail: admin.email,
      deactivatedAt: res.body.user.deactivated_at,
    })
    const refused = await client(emp).post('/devices', device)
    expect(refused.status).toBe(401)
    expect(refused.body.error.code).toBe('unauthorized')

    const again = await client(admin).post(`/admin/users/${emp.id}/deactivate`)
    expect(again.body.error.code).toBe('conflict')

    const back = await client(admin).post(`/admin/users/${emp.id}/reactivate`)
    expect(back.body.user.status).toBe('active')
    expect(acme.events('user.activated').at(-1)).toMatchObject({ userId: emp.id, via: 'reactivation', activatedByEmail: admin.email })
    expect((await client(emp).post('/devices', device)).status).toBe(200)
    expect((await client(admin).post(`/admin/users/${emp.id}/reactivate`)).body.error.code).toBe('conflict')
  })

  test('is refused for employees and managers, for oneself and for a higher role, and emits nothing', async () => {
    const emp = acme.addUser()
    const mgr = acme.addUser({ role: 'manager' })
    const before = userEvents()
    for (const [who, target] of [
      [emp, mgr],
      [mgr, emp],
      [admin, admin],
      [admin, owner],
    ] as const) {
      const res = await client(who).post(`/admin/users/${target.id}/deactivate`)
      expect(res.status).toBe(403)
      expect(res.body.error.code).toBe('forbidden')
    }
    expect(userEvents()).toBe(before)
    expect(statusOf(owner).status).toBe('active')
  })

  test("another tenant's user is not found", async () => {
    const stranger = other.addUser()
    for (const action of ['deactivate', 'reactivate']) {
      const res = await client(admin).post(`/admin/users/${stranger.id}/${action}`)
      expect(res.status).toBe(404)
    }
    expect((await client(admin).post(`/admin/users/${stranger.id}/role`, { role: 'manager' })).status).toBe(404)
    expect(statusOf(stranger)).toEqual({ status: 'active', role: 'employee' })
  })
})

describe('change_user_role', () => {
  test('an admin makes an employee a manager: user.role_changed, and the key acts as manager at once', async () => {
    const emp = acme.addUser({ name: 'promoted' })
    // As an employee the key cannot approve timesheets at all.
    expect((await client(emp).post(`/timesheets/${newId()}/approve`)).status).toBe(403)
    const res = await client(admin).post(`/admin/users/${emp.id}/role`, { role: 'manager' })
    expect(res.body).toMatchObject({ changed: true, user: { role: 'manager' } })
    expect(acme.events('user.role_changed').at(-1)).toEqual({
      userId: emp.id,
      userEmail: emp.email,
      previousRole: 'employee',
      role: 'manager',
      changedByEmail: admin.email,
      changedAt: expect.any(String),
    })
    // As a manager it gets past the role check: the unknown timesheet is simply not found.
    expect((await client(emp).post(`/timesheets/${newId()}/approve`)).status).toBe(404)
    // Setting the same role again changes nothing and emits nothing.
    const before = userEvents()
    expect((await client(admin).post(`/admin/users/${emp.id}/role`, { role: 'manager' })).body.changed).toBe(false)
    expect(userEvents()).toBe(before)
  })

  test('only an OwnerAdmin grants or takes away admin roles', async () => {
    const emp = acme.addUser()
    const otherAdmin = acme.addUser({ role: 'admin' })
    expect((await client(admin).post(`/admin/users/${emp.id}/role`, { role: 'admin' })).body.error.code).toBe('forbidden')
    expect((await client(admin).post(`/admin/users/${otherAdmin.id}/role`, { role: 'employee' })).body.error.code).toBe('forbidden')
    expect((await client(owner).post(`/admin/users/${emp.id}/role`, { role: 'admin' })).body.user.role).toBe('admin')
    expect((await client(owner).post(`/admin/users/${emp.id}/role`, { role: 'owner_admin' })).body.user.role).toBe('owner_admin')
  })

  test('nobody demotes or deactivates the last active OwnerAdmin', async () => {
    const solo = await world.tenant()
    const operator = await tenantLevelOwnerKey(solo)
    const before = solo.events('user.role_changed').length
    const demote = await client(operator).post(`/admin/users/${solo.owner.id}/role`, { role: 'admin' })
    expect(demote.status).toBe(409)
    expect(demote.body.error.message).toContain('last active OwnerAdmin')
    expect((await client(operator).post(`/admin/users/${solo.owner.id}/deactivate`)).body.error.code).toBe('conflict')
    // With a second active OwnerAdmin the first can be demoted.
    const second = solo.addUser({ role: 'owner_admin' })
    expect((await client(second).post(`/admin/users/${solo.owner.id}/role`, { role: 'admin' })).body.user.role).toBe('admin')
    expect(solo.events('user.role_changed').length).toBe(before + 1)
  })
})

describe('accept_invitation', () => {
  test('accepting with the emailed token needs no key, activates the user and returns their first key', async () => {
    const invitee = acme.addUser({ name: 'newbie', status: 'invited' })
    const { token, id } = acme.addInvitation(invitee.id)
    const res = await client(null).post('/invitations/accept', { token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ user_id: invitee.id, email: invitee.email, role: 'employee', tenant: acme.fixture.tenant })
    expect(res.body.key.startsWith('wf_live_')).toBe(true)
    expect(statusOf(invitee).status).toBe('active')
    expect(acme.events('user.activated').at(-1)).toMatchObject({ userId: invitee.id, userEmail: invitee.email, via: 'invitation', invitationId: id })
    expect((await client(res.body.key).post('/devices', { fingerprint: 'fp-newbie-0001', name: 'mac', platform: 'macos' })).status).toBe(200)
    const twice = await client(null).post('/invitations/accept', { token })
    expect(twice.status).toBe(409)
  })

  test('an unknown token is not found and an expired invitation is a conflict', async () => {
    expect((await client(null).post('/invitations/accept', { token: 'x'.repeat(32) })).status).toBe(404)
    const invitee = acme.addUser({ status: 'invited' })
    const { token } = acme.addInvitation(invitee.id, { expiresAt: Date.now() - 1000 })
    const res = await client(null).post('/invitations/accept', { token })
    expect(res.status).toBe(409)
    expect(res.body.error.message).toContain('expired')
    expect(statusOf(invitee).status).toBe('invited')
  })
})

describe('billing payment-failed (operator CLI)', () => {
  test('records the failed payment, fails the invoice, makes the subscription past_due and emits subscription.payment_failed', async () => {
    const res = await world.server.cli(['billing', 'payment-failed', '--tenant', acme.fixture.tenant, '--reason', 'insufficient_funds', '--json'])
    expect(res.code).toBe(0)
    const out = JSON.parse(res.stdout) as { payment_id: string; invoice_id: string; amount_cents: number }
    const payment = sqlite().query('select status, failure_reason, invoice_id from payments where id = ?').get(out.payment_id)
    expect(payment).toEqual({ status: 'failed', failure_reason: 'insufficient_funds', invoice_id: out.invoice_id })
    expect((sqlite().query('select status from invoices where id = ?').get(out.invoice_id) as { status: string }).status).toBe('failed')
    expect((sqlite().query('select status from subscriptions where tenant_id = ?').get(acme.id) as { status: string }).status).toBe('past_due')
    expect(acme.events('subscription.payment_failed').at(-1)).toMatchObject({
      invoiceId: out.invoice_id,
      amountCents: out.amount_cents,
      reason: 'insufficient_funds',
      previousStatus: 'active',
      status: 'past_due',
    })
    // A second failure is recorded against the same unpaid invoice.
    const again = JSON.parse((await world.server.cli(['billing', 'payment-failed', '--tenant', acme.fixture.tenant, '--json'])).stdout) as {
      invoice_id: string
      reason: string
    }
    expect(again).toMatchObject({ invoice_id: out.invoice_id, reason: 'card_declined' })
  })
})
