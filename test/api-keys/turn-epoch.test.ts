import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { createKeyAuthenticator } from '../../src/modules/api-keys/authenticate'
import { issueKey } from '../../src/modules/api-keys/issue-key'
import { createTenant } from '../../src/modules/tenants/create-tenant'
import { tempRuntime } from '../helpers/db'

/**
 * Key authentication reads the auth epoch once per event-loop turn (createTurnEpoch). What must
 * hold: a change committed on the server's own connection is seen by the very next authentication,
 * even in the same turn; a change committed by another connection (the CLI is another process) is
 * seen from the next turn on.
 */
describe('the auth epoch read once per turn', () => {
  const rt = tempRuntime()
  const now = Date.now()
  let tenantScope: { tenant: ReturnType<typeof createTenant>['tenant']; db: typeof rt.db; now: number }
  beforeAll(() => {
    const { tenant } = createTenant(
      rt.db,
      { name: 'Turn', planId: 'business', timezone: 'UTC', isDemo: false, owner: { name: 'O', email: 'o@turn.test' } },
      now,
    )
    tenantScope = { tenant, db: rt.db, now }
  })
  afterAll(() => rt.cleanup())

  const newKey = () => issueKey(tenantScope, { kind: 'api', scope: 'read', role: 'admin', name: 'k', userId: null, createdByUserId: null, expiresAt: null })
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

  test('a revocation committed on the same connection is refused in the same turn', () => {
    const authenticate = createKeyAuthenticator(rt.db)
    const { key, row } = newKey()
    expect(authenticate(key, now, ['api']).tenant.id).toBe(tenantScope.tenant.id)
    // Remembered now; the next call of this turn would be served from memory if the epoch were not read again.
    expect(authenticate(key, now, ['api']).actor.kind).toBe('apiKey')
    rt.handle.sqlite.run('update api_keys set revoked_at = ? where id = ?', [now - 1, row.id])
    expect(() => authenticate(key, now, ['api'])).toThrow('The key was revoked.')
  })

  test('a revocation committed by another connection is refused from the next turn on', async () => {
    const authenticate = createKeyAuthenticator(rt.db)
    const { key, row } = newKey()
    expect(authenticate(key, now, ['api']).actor.kind).toBe('apiKey')
    const other = new Database(join(rt.config.dataDir, 'workforce.db'))
    try {
      other.run('PRAGMA busy_timeout = 5000')
      other.run('update api_keys set revoked_at = ? where id = ?', [now - 1, row.id])
    } finally {
      other.close()
    }
    await nextTurn()
    expect(() => authenticate(key, now, ['api'])).toThrow('The key was revoked.')
  })

  test('a key unchanged stays served across turns and connections', async () => {
    const authenticate = createKeyAuthenticator(rt.db)
    const { key } = newKey()
    for (let turn = 0; turn < 3; turn++) {
      expect(authenticate(key, now, ['api']).tenant.id).toBe(tenantScope.tenant.id)
      await nextTurn()
    }
  })
})
