import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { api, startWorld, type TenantWorld, type World } from './world'

// CLI processes on a shared machine: generous per-test time.
setDefaultTimeout(120_000)

let world: World
let tw: TenantWorld

beforeAll(async () => {
  world = await startWorld()
  tw = await world.tenant()
})
afterAll(() => world.close())

const cli = (args: string[]) => world.server.cli(['users', ...args, '--tenant', tw.fixture.tenant])

describe('workforce users deactivate | reactivate | set-role', () => {
  test('deactivate by e-mail refuses the user’s key at once; reactivate restores it; both emit', async () => {
    const emp = tw.addUser({ name: 'Cli Target' })
    expect((await api(world.server, emp.key).post('/devices', { fingerprint: 'fp-cli-0001', name: 'pc', platform: 'linux' })).status).toBe(200)

    const off = await cli(['deactivate', emp.email])
    expect([off.code, off.stdout]).toEqual([0, expect.stringContaining('deactivated')])
    expect((await api(world.server, emp.key).post('/devices', { fingerprint: 'fp-cli-0001', name: 'pc', platform: 'linux' })).status).toBe(401)
    expect(tw.events('user.deactivated').at(-1)).toMatchObject({ userId: emp.id, previousStatus: 'active', deactivatedByEmail: null })

    const on = await cli(['reactivate', emp.id, '--json'])
    expect(on.code).toBe(0)
    expect(JSON.parse(on.stdout)).toMatchObject({ changed: true, user: { id: emp.id, status: 'active' } })
    expect((await api(world.server, emp.key).post('/devices', { fingerprint: 'fp-cli-0001', name: 'pc', platform: 'linux' })).status).toBe(200)
    expect(tw.events('user.activated').at(-1)).toMatchObject({ userId: emp.id, via: 'reactivation' })
  })

  test('set-role changes the role the user’s key acts with and emits user.role_changed; the same role changes nothing', async () => {
    const emp = tw.addUser({ name: 'Cli Promoted' })
    const res = await cli(['set-role', emp.email, 'admin', '--json'])
    expect(res.code).toBe(0)
    expect(JSON.parse(res.stdout)).toMatchObject({ changed: true, user: { role: 'admin' } })
    expect(tw.events('user.role_changed').at(-1)).toMatchObject({ userId: emp.id, previousRole: 'employee', role: 'admin' })
    // The key now acts as an Admin: an admin-only action answers something other than 403.
    const other = tw.addUser()
    expect((await api(world.server, emp.key).post(`/admin/users/${other.id}/deactivate`, {})).status).toBe(200)

    const again = await cli(['set-role', emp.email, 'admin'])
    expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('nothing changed')])
  })

  test('the last active OwnerAdmin can be neither demoted nor deactivated, an unknown user or role is a clear error', async () => {
    const demote = await cli(['set-role', tw.owner.email, 'employee'])
    expect([demote.code, demote.stderr]).toEqual([2, expect.stringContaining('last active OwnerAdmin')])
    const off = await cli(['deactivate', tw.owner.email])
    expect([off.code, off.stderr]).toEqual([2, expect.stringContaining('(conflict)')])
    const unknown = await cli(['deactivate', 'nobody@nowhere.test'])
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('no user "nobody@nowhere.test"')])
    const badRole = await cli(['set-role', tw.owner.email, 'emperor'])
    expect([badRole.code, badRole.stderr]).toEqual([2, expect.stringContaining('role must be one of')])
  })

  test('a user of another tenant is not found', async () => {
    const other = await world.tenant()
    const stranger = other.addUser()
    const res = await cli(['deactivate', stranger.id])
    expect([res.code, res.stderr]).toEqual([2, expect.stringContaining('User not found')])
  })
})
