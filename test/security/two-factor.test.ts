import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture, createTenantFixture, type TenantFixture } from '../helpers/fixtures'
import { totpCode } from '../../src/modules/security/totp'

let server: TestServer
let tenant: TenantFixture

beforeAll(async () => {
  server = await startServer()
  tenant = await createTenantFixture(server)
})
afterAll(() => server.stop())

const post = (path: string, key: string | null, body: unknown = {}) =>
  fetch(`${server.url}/api/v1/client${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  })

const events = (type: string) => {
  const db = new Database(join(server.dataDir, 'workforce.db'), { readonly: true })
  // Only this tenant's events: the seeded demo tenant has a history of its own.
  const rows = db.query('select e.data from events e join tenants t on t.id = e.tenant_id where e.type = ? and t.readable_id = ?').all(type, tenant.tenant) as {
    data: string
  }[]
  db.close()
  return rows.map((r) => JSON.parse(r.data) as Record<string, unknown>)
}

describe('two-factor authentication', () => {
  test('enroll, confirm with a TOTP code, then disable with a code emits security.2fa_disabled', async () => {
    const enrolled = await post('/me/2fa/enroll', tenant.ownerKey)
    expect(enrolled.status).toBe(200)
    const { secret, otpauth_url } = (await enrolled.json()) as { secret: string; otpauth_url: string }
    expect(otpauth_url).toStartWith('otpauth://totp/')

    expect((await post('/me/2fa/confirm', tenant.ownerKey, { code: '000000' === totpCode(secret, Date.now()) ? '111111' : '000000' })).status).toBe(400)
    const confirmed = await post('/me/2fa/confirm', tenant.ownerKey, { code: totpCode(secret, Date.now()) })
    expect(await confirmed.json()).toMatchObject({ enabled: true, pending: false })
    expect(events('security.2fa_disabled')).toEqual([])

    const disabled = await post('/me/2fa/disable', tenant.ownerKey, { code: totpCode(secret, Date.now()) })
    expect(await disabled.json()).toEqual({ enabled: false, pending: false, enabled_at: null })
    expect(events('security.2fa_disabled')).toMatchObject([{ userId: tenant.ownerUserId, reason: 'user_request', disabledByUserId: tenant.ownerUserId }])
  })

  test('an admin reset turns it off for a user and says who did it', async () => {
    const { secret } = (await (await post('/me/2fa/enroll', tenant.ownerKey)).json()) as { secret: string }
    await post('/me/2fa/confirm', tenant.ownerKey, { code: totpCode(secret, Date.now()) })
    const reset = await post(`/admin/users/${tenant.ownerUserId}/2fa/reset`, tenant.ownerKey)
    expect(reset.status).toBe(200)
    expect(events('security.2fa_disabled').at(-1)).toMatchObject({ reason: 'admin_reset', userId: tenant.ownerUserId })
    // Nothing left to reset: a conflict, not a second event.
    const again = await post(`/admin/users/${tenant.ownerUserId}/2fa/reset`, tenant.ownerKey)
    expect(again.status).toBe(409)
    expect(events('security.2fa_disabled').length).toBe(2)
  })

  test('needs a user-scoped key, refuses demo keys, and hides other tenants', async () => {
    expect((await post('/me/2fa/enroll', null)).status).toBe(401)
    const tenantLevel = await createKeyFixture(server, tenant.tenant, { kind: 'live', role: 'admin' })
    const res = await post('/me/2fa/enroll', tenantLevel.key)
    expect(res.status).toBe(403)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('user_scoped_key_required')
    expect((await post('/me/2fa/enroll', server.demoKey)).status).toBe(401) // demo keys do not work on the client API
    const other = await createTenantFixture(server)
    const foreign = await post(`/admin/users/${tenant.ownerUserId}/2fa/reset`, other.ownerKey)
    expect(foreign.status).toBe(404)
  })
})
