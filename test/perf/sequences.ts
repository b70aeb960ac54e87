import type { Ctx, Role } from '../../src/kernel/ctx'
import { findTenantCtx, findTenantForAuth } from '../../src/modules/tenants/queries'
import { findUserForAuth } from '../../src/modules/users/queries'
import { type Runtime, systemCtx } from '../../src/runtime'

/**
 * What the random-sequence tests of the maintained tables share: contexts as a key's request sees
 * them, and a seeded PRNG so a failing sequence can be replayed from its seed.
 */

/** A key's request: the tenant and user rows authentication read ride on the context (TenantCtx.asOfAuth), so an operation using them after changing them would drift. */
export function keyCtx(rt: Runtime, tenantId: number, userId: string, role: Role, now: number): Ctx {
  const auth = findTenantForAuth(rt.db, tenantId)!
  const user = findUserForAuth({ tenant: auth.ctx, db: rt.db, now }, userId)
  return {
    ...systemCtx(rt, { ...auth.ctx, asOfAuth: { tenantRow: auth.row, user } }, 'client', now),
    actor: { kind: 'user', keyId: 'k', keyKind: 'live', userId, role, scope: 'read_write' },
  }
}

/** A tenant scope at `now`, as jobs and read models take it. */
export const scopeAt = (rt: Runtime, tenantId: number, now: number) => ({ tenant: findTenantCtx(rt.db, tenantId)!, db: rt.db, now })

/** Small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}
