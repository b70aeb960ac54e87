import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createKeyFixture, createTenantFixture } from '../helpers/fixtures'
import { startServer, type TestServer } from '../helpers/server'

/**
 * Key authentication reads the auth epoch once per event-loop turn (auth-epoch-queries.ts
 * createTurnEpoch). Under a sustained load, with many requests in every turn, a revocation made by
 * the CLI (another process) must still refuse every request sent after the CLI has returned; only
 * requests already in flight when it committed may be answered.
 */
describe('a revocation by another process under load (real server, real CLI)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { WORKFORCE_RATE_LIMIT_HOUR: '1000000000', WORKFORCE_RATE_LIMIT_DAY: '1000000000' } })
  }, 120_000)
  afterAll(async () => {
    await server.stop()
  }, 120_000)

  test('no request sent after the CLI revoked the key is answered', async () => {
    const t = await createTenantFixture(server)
    const { id, key } = await createKeyFixture(server, t.tenant, { kind: 'api', role: 'admin', scope: 'read' })
    const url = `${server.url}/api/v1/tasks?page_size=1`
    const init = { headers: { authorization: `Bearer ${key}` } }
    let revokedAt = Number.POSITIVE_INFINITY
    let stopAt = Number.POSITIVE_INFINITY
    const before = { ok: 0, other: 0 }
    const after = { ok: 0, refused: 0, other: 0 }
    const load = Promise.all(
      Array.from({ length: 16 }, async () => {
        while (performance.now() < stopAt) {
          const sent = performance.now()
          const res = await fetch(url, init)
          await res.arrayBuffer()
          if (sent <= revokedAt) {
            // Sent before the CLI returned: answered or refused (in flight while it committed).
            if (res.status === 200) before.ok++
            else if (res.status !== 401) before.other++
          } else if (res.status === 200) after.ok++
          else if (res.status === 401) after.refused++
          else after.other++
        }
      }),
    )
    await Bun.sleep(500)
    const revoked = await server.cli(['keys', 'revoke', id, '--tenant', t.tenant])
    revokedAt = performance.now()
    stopAt = revokedAt + 1000
    await load
    expect(revoked.code).toBe(0)
    expect(before.other).toBe(0)
    // The load ran on both sides of the revocation.
    expect(before.ok).toBeGreaterThan(100)
    expect(after.refused).toBeGreaterThan(100)
    expect(after.other).toBe(0)
    expect(after.ok).toBe(0)
  }, 60_000)
})
