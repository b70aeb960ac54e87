import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { api, startWorld, type TenantWorld, type World } from '../client/world'

/**
 * Offices through the real CLI (`workforce offices add|edit|remove|list|policy`) and the client
 * API's clock-in. The home office of a person is set straight in the database (the people
 * commands are another helper's area): only the starting state.
 */
let world: World
let acme: TenantWorld

beforeAll(async () => {
  world = await startWorld()
  acme = await world.tenant()
})
afterAll(() => world.close())

const cli = (args: string[]) => world.server.cli(args)
interface OfficeOut {
  office_id: string
  name: string
  address: string | null
  latitude: number
  longitude: number
  radius_meters: number
  geofence_policy: string | null
}
const listOf = async (t: TenantWorld) => {
  const res = await cli(['offices', 'list', '--tenant', t.fixture.tenant, '--json'])
  expect(res.code).toBe(0)
  return (JSON.parse(res.stdout) as { data: OfficeOut[] }).data
}
const officeAudit = async (t: TenantWorld) =>
  (
    JSON.parse((await cli(['audit', 'list', '--tenant', t.fixture.tenant, '--entity', 'office', '--json'])).stdout) as {
      data: { action: string; entity_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[]
    }
  ).data
const add = (t: TenantWorld, name: string, extra: string[] = []) =>
  cli(['offices', 'add', '--tenant', t.fixture.tenant, '--name', name, '--lat', '52.52', '--lon', '13.405', '--radius', '150', '--json', ...extra])

describe('workforce offices', () => {
  test('add, edit, list and remove, each audited with before and after', async () => {
    const created = await add(acme, 'Berlin HQ', ['--city', 'Berlin', '--country', 'de'])
    expect(created.code).toBe(0)
    const id = JSON.parse(created.stdout).office_id as string

    const edit = await cli([
      'offices',
      'edit',
      'berlin hq',
      '--tenant',
      acme.fixture.tenant,
      '--name',
      'Berlin Mitte',
      '--radius-meters',
      '300',
      '--address',
      'Unter den Linden 1',
      '--latitude',
      '52.517',
      '--json',
    ])
    expect(edit.code).toBe(0)
    expect(JSON.parse(edit.stdout).changed.sort()).toEqual(['address', 'latitude', 'name', 'radius_meters'])
    expect(await listOf(acme)).toMatchObject([
      { office_id: id, name: 'Berlin Mitte', address: 'Unter den Linden 1', latitude: 52.517, longitude: 13.405, radius_meters: 300 },
    ])

    const person = acme.addUser({ name: 'homed' })
    world.rt.handle.sqlite.prepare('update users set home_office_id = ? where id = ?').run(id, person.id)
    const removed = await cli(['offices', 'remove', 'Berlin Mitte', '--tenant', acme.fixture.tenant, '--json'])
    expect(removed.code).toBe(0)
    expect(JSON.parse(removed.stdout)).toEqual({ office_id: id, name: 'Berlin Mitte', removed: true, people_unassigned: 1 })
    expect(await listOf(acme)).toEqual([])
    const row = world.rt.handle.sqlite.query('select home_office_id from users where id = ?').get(person.id) as { home_office_id: string | null }
    expect(row.home_office_id).toBeNull()

    const audit = (await officeAudit(acme)).filter((e) => e.entity_id === id)
    expect(audit.map((e) => e.action)).toEqual(['office.removed', 'office.updated', 'office.created'])
    const [rm, upd, crt] = audit
    expect(crt!.before).toBeNull()
    expect(crt!.after).toMatchObject({ name: 'Berlin HQ', city: 'Berlin', country: 'DE', radius_meters: 150 })
    expect(upd!.before).toMatchObject({ name: 'Berlin HQ', radius_meters: 150, address: null, latitude: 52.52 })
    expect(upd!.after).toMatchObject({ name: 'Berlin Mitte', radius_meters: 300, address: 'Unter den Linden 1', latitude: 52.517 })
    expect(rm!.before).toMatchObject({ name: 'Berlin Mitte', people_unassigned: 1 })
    expect(rm!.after).toBeNull()
  })

  test('bad input is named and writes nothing: a tiny radius, a duplicate name, an unknown office', async () => {
    expect((await add(acme, 'Hamburg')).code).toBe(0)
    expect((await add(acme, 'Munich')).code).toBe(0)
    const before = await listOf(acme)
    const auditBefore = (await officeAudit(acme)).length

    const tiny = await cli(['offices', 'edit', 'Hamburg', '--tenant', acme.fixture.tenant, '--radius-meters', '5', '--name', 'Hamburg Port'])
    expect(tiny.code).not.toBe(0)
    expect(tiny.stderr).toContain('--radius-meters')
    const dup = await cli(['offices', 'edit', 'Hamburg', '--tenant', acme.fixture.tenant, '--name', 'munich', '--json'])
    expect(dup.code).toBe(2)
    expect(JSON.parse(dup.stdout)).toMatchObject({ error: { code: 'conflict', details: { field: 'name' } } })
    const dupAdd = await add(acme, 'Munich')
    expect(dupAdd.code).not.toBe(0)
    const zone = await cli(['offices', 'edit', 'Hamburg', '--tenant', acme.fixture.tenant, '--timezone', 'Europe/Hamburg'])
    expect(zone.code).not.toBe(0)
    expect(zone.stderr).toContain('timezone')
    const unknown = await cli(['offices', 'remove', 'Atlantis', '--tenant', acme.fixture.tenant])
    expect(unknown.code).not.toBe(0)
    expect(unknown.stderr).toContain('no office "Atlantis"')

    expect(await listOf(acme)).toEqual(before)
    expect((await officeAudit(acme)).length).toBe(auditBefore)
  })

  test("an office's clock-in policy applies to its people: enforce refuses them outside, others follow the company", async () => {
    const t = await world.tenant()
    const created = await add(t, 'Plant', ['--geofence-policy', 'enforce'])
    expect(created.code).toBe(0)
    const plantId = JSON.parse(created.stdout).office_id as string
    const onSite = t.addUser({ name: 'worker' })
    world.rt.handle.sqlite.prepare('update users set home_office_id = ? where id = ?').run(plantId, onSite.id)
    const remote = t.addUser({ name: 'remote' })
    const far = { latitude: 48.137, longitude: 11.575 }

    const refused = await api(world.server, onSite.key).post('/clock-in', far)
    expect(refused.status).toBe(422)
    expect(refused.body.error.code).toBe('outside_geofence')
    const inside = await api(world.server, onSite.key).post('/clock-in', { latitude: 52.52, longitude: 13.405 })
    expect(inside.status).toBe(200)
    expect(inside.body.matched_office_name).toBe('Plant')

    // The company records only: someone without a home office clocks in anywhere.
    const free = await api(world.server, remote.key).post('/clock-in', far)
    expect(free.status).toBe(200)
    expect(free.body.is_within_geofence).toBe(false)

    // Clearing the office's policy (null) makes its people follow the company again.
    expect((await api(world.server, onSite.key).post('/clock-out', {})).status).toBe(200)
    expect((await cli(['offices', 'edit', 'Plant', '--tenant', t.fixture.tenant, '--geofence-policy', 'null'])).code).toBe(0)
    expect((await api(world.server, onSite.key).post('/clock-in', far)).status).toBe(200)
  })
})
