import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { authenticateKey, LOGIN_FAILED_THRESHOLD } from '../../src/modules/api-keys/authenticate'
import { createKey } from '../../src/modules/api-keys/create-key'
import { revokeKey } from '../../src/modules/api-keys/revoke-key'
import { parseKey } from '../../src/modules/api-keys/key-format'
import { createTenant } from '../../src/modules/tenants/create-tenant'
import { findTenantCtx } from '../../src/modules/tenants/queries'
import { invoke } from '../../src/kernel/operation'
import { DomainError } from '../../src/kernel/errors'
import { DAY } from '../../src/kernel/time'
import { systemCtx } from '../../src/runtime'
import { tempRuntime } from '../helpers/db'

const rt = tempRuntime()
afterAll(() => rt.cleanup())

let tenantId = 0
const issued: string[] = []
const cli = () => systemCtx(rt, findTenantCtx(rt.db, tenantId))

function refusal(fn: () => unknown): string {
  try {
    fn()
    return 'accepted'
  } catch (e) {
    return e instanceof DomainError ? `${e.code}: ${e.message}` : String(e)
  }
}

beforeAll(() => {
  const created = createTenant(
    rt.db,
    { name: 'Keys Co', planId: 'business', timezone: 'UTC', isDemo: false, owner: { name: 'K', email: 'k@keys.test' }, issueOwnerKey: true },
    Date.now(),
  )
  tenantId = created.tenant.id
  issued.push(created.ownerKey!.key)
})

describe('API keys', () => {
  test('a created key has its kind prefix and at least 128 bits of secret', async () => {
    const out = await invoke(createKey, cli(), { kind: 'api', name: 'integration', role: 'admin', scope: 'read' })
    issued.push(out.key)
    expect(out.key.startsWith('wf_api_')).toBe(true)
    expect(parseKey(out.key)).toEqual({ kind: 'api', lookup: out.key.slice(7, 19) })
    // 32 base62 characters of secret: log2(62^32) ≈ 190 bits.
    expect(out.key.length - 'wf_api_'.length - 12).toBeGreaterThanOrEqual(22)
    expect(out.api_key.display_prefix.length).toBeLessThan(out.key.length)
  })

  test('a created key verifies and acts with its role and scope in its tenant', async () => {
    const out = await invoke(createKey, cli(), { kind: 'live', name: 'bot', role: 'manager' })
    issued.push(out.key)
    const auth = authenticateKey(rt.db, out.key, Date.now(), ['live'])
    expect(auth.tenant.id).toBe(tenantId)
    expect(auth.actor.kind).toBe('apiKey')
    expect(auth.actor.role).toBe('manager')
  })

  test('a revoked key is refused at once', async () => {
    const out = await invoke(createKey, cli(), { kind: 'live', name: 'to revoke' })
    issued.push(out.key)
    expect(refusal(() => authenticateKey(rt.db, out.key, Date.now(), ['live']))).toBe('accepted')
    await invoke(revokeKey, cli(), { key_id: out.api_key.id })
    expect(refusal(() => authenticateKey(rt.db, out.key, Date.now(), ['live']))).toBe('unauthorized: The key was revoked.')
  })

  test('an expired key is refused', async () => {
    const out = await invoke(createKey, cli(), { kind: 'live', name: 'short', expires_at: new Date(Date.now() + DAY).toISOString() })
    issued.push(out.key)
    expect(refusal(() => authenticateKey(rt.db, out.key, Date.now(), ['live']))).toBe('accepted')
    expect(refusal(() => authenticateKey(rt.db, out.key, Date.now() + 2 * DAY, ['live']))).toBe('unauthorized: The key has expired.')
  })

  test('a wrong secret with a known lookup, a foreign shape and a key of the wrong kind are refused', async () => {
    const key = issued[0]!
    const tampered = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A')
    expect(refusal(() => authenticateKey(rt.db, tampered, Date.now(), ['live']))).toBe('unauthorized: The key is unknown.')
    expect(refusal(() => authenticateKey(rt.db, 'sk_live_nope', Date.now(), ['live']))).toStartWith('unauthorized')
    expect(refusal(() => authenticateKey(rt.db, key, Date.now(), ['api']))).toStartWith('unauthorized: A live key does not work here')
  })

  test(`${LOGIN_FAILED_THRESHOLD} wrong secrets in a row against one key emit security.login_failed once`, async () => {
    const out = await invoke(createKey, cli(), { kind: 'live', name: 'target' })
    issued.push(out.key)
    const wrong = `${out.key.slice(0, -4)}zzzz`
    for (let i = 0; i < LOGIN_FAILED_THRESHOLD + 2; i++) refusal(() => authenticateKey(rt.db, wrong, Date.now(), ['live']))
    const events = rt.handle.sqlite
      .query<{ data: string }, [number]>("select data from events where tenant_id = ? and type = 'security.login_failed'")
      .all(tenantId)
    expect(events.length).toBe(1)
    expect(JSON.parse(events[0]!.data)).toMatchObject({ keyId: out.api_key.id, failedAttempts: LOGIN_FAILED_THRESHOLD })
  })

  test('the database holds no plaintext key, only hashes', () => {
    rt.handle.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    const file = join(rt.config.dataDir, 'workforce.db')
    const bytes = [file, `${file}-wal`]
      .filter(existsSync)
      .map((f) => readFileSync(f).toString('latin1'))
      .join('')
    expect(issued.length).toBeGreaterThan(4)
    for (const key of issued) {
      expect(bytes.includes(key)).toBe(false)
      // Not even the secret part alone.
      expect(bytes.includes(key.slice(-32))).toBe(false)
    }
    const hashes = rt.handle.sqlite.query<{ hash: string }, []>('select hash from api_keys').all()
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h.hash))).toBe(true)
  })
})
