import type { Actor, KeyKind, TenantCtx, TenantScope } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { toIso } from '../../kernel/time'
import { inTransaction, type DbLike } from '../../kernel/db'
import { findTenantForAuth } from '../tenants/queries'
import { findUserForAuth, type UserRow } from '../users/queries'
import { emit } from '../webhooks/outbox-queries'
import { createTurnEpoch } from './auth-epoch-queries'
import { hashBytes, hashMatches, parseKey } from './key-format'
import { findKeyByLookup, recordFailedAttempt, touchKey, type ApiKeyRow } from './queries'

export interface Authenticated {
  actor: Exclude<Actor, { kind: 'anonymous' } | { kind: 'system' }>
  tenant: TenantCtx
}

/** Wrong secrets in a row against one known key lookup before security.login_failed fires. */
export const LOGIN_FAILED_THRESHOLD = 5

/** A present but unusable key: both surfaces answer 401 with WWW-Authenticate invalid_token. */
export const invalidToken = (message: string) => new DomainError('unauthorized', message, { invalid_token: true })

/**
 * Verifies a presented bearer key: shape, lookup, constant-time hash, revocation, expiry, the kinds
 * the surface accepts, and the bound user's status. Returns the actor and tenant it acts as.
 */
export const authenticateKey = (db: DbLike, presented: string, now: number, accepted: readonly KeyKind[]): Authenticated =>
  verifyKey(db, presented, now, accepted).auth

/** Keys remembered at most; the oldest entries make room (a re-authentication is all it costs). */
const MAX_REMEMBERED_KEYS = 10_000

interface RememberedKey {
  /** The auth epoch the entry was verified at. */
  epoch: number
  row: ApiKeyRow
  /** The row's hash as bytes: decoding its hex on every request was ~0.2 µs. */
  hash: Uint8Array
  auth: Authenticated
}

/**
 * Key authentication with a memory of keys already verified. A remembered key is served from
 * memory only while the auth epoch has not moved since it was verified (auth-epoch-queries.ts: SQLite
 * triggers move it with any change to a tenant, user, plan or key row other than a key's
 * last-use time, whoever commits it: a revocation, a deactivation, a role or plan change by the
 * CLI, the console or a job), and only to a presenter of the very same secret (its SHA-256 is
 * compared in constant time). The epoch is read once per event-loop turn (createTurnEpoch: a change
 * this process commits is seen at once, another process's from the next turn). Expiry is checked
 * against the clock every time. Anything else goes through authenticateKey, which reads the key,
 * tenant and user rows again. The epoch table and its triggers must exist (ensureAuthEpoch, at start).
 */
export function createKeyAuthenticator(db: DbLike) {
  const entries = new Map<string, RememberedKey>()
  const epochNow = createTurnEpoch(db)
  return (presented: string, now: number, accepted: readonly KeyKind[]): Authenticated => {
    const parsed = parseKey(presented)
    const epoch = epochNow()
    const known = parsed ? entries.get(parsed.lookup) : undefined
    if (known && known.epoch === epoch && accepted.includes(known.row.kind) && hashMatches(presented, known.hash)) {
      const { revokedAt, expiresAt } = known.row
      if (revokedAt !== null && revokedAt <= now) throw invalidToken('The key was revoked.')
      if (expiresAt !== null && expiresAt <= now) throw invalidToken('The key has expired.')
      // At most one write a minute per key (last_used_at alone does not move the epoch): remember what was written.
      known.row = touchKey({ tenant: known.auth.tenant, db, now }, known.row)
      return known.auth
    }
    if (parsed) entries.delete(parsed.lookup)
    const { auth, row } = verifyKey(db, presented, now, accepted)
    if (entries.size >= MAX_REMEMBERED_KEYS) entries.delete(entries.keys().next().value!)
    entries.set(row.lookup, { epoch, row, hash: hashBytes(row.hash), auth })
    return auth
  }
}

/** authenticateKey, also returning the key row as stored after the check (for createKeyAuthenticator). */
function verifyKey(db: DbLike, presented: string, now: number, accepted: readonly KeyKind[]): { auth: Authenticated; row: ApiKeyRow } {
  const parsed = parseKey(presented)
  if (!parsed) throw invalidToken('The key is not a workforce key (wf_live_…, wf_demo_… or wf_api_…).')
  const row = findKeyByLookup(db, parsed.lookup)
  if (!row || row.kind !== parsed.kind) throw invalidToken('The key is unknown.')
  // From here on the key row names its tenant: every write and read is scoped to it.
  const found = findTenantForAuth(db, row.tenantId)
  const tenant = found?.ctx ?? null
  const c: TenantScope | null = tenant ? { tenant, db, now } : null
  if (!hashMatches(presented, hashBytes(row.hash))) {
    if (c) noteFailedAttempt(c, row)
    throw invalidToken('The key is unknown.')
  }
  if (row.revokedAt !== null && row.revokedAt <= now) throw invalidToken('The key was revoked.')
  if (row.expiresAt !== null && row.expiresAt <= now) throw invalidToken('The key has expired.')
  if (!accepted.includes(row.kind)) {
    throw invalidToken(`A ${row.kind} key does not work here; this interface takes ${accepted.map((k) => `wf_${k}_`).join(' or ')} keys.`)
  }
  if (!tenant || !c) throw invalidToken('The tenant of this key no longer exists.')
  if (row.kind === 'demo' && !tenant.isDemo) throw invalidToken('Demo keys serve demo tenants only.')
  const { actor, user } = actorFor(c, row)
  // The rows read above ride on the context, as of now (TenantCtx.asOfAuth: re-read when you change them).
  const authed: TenantCtx = { ...tenant, asOfAuth: { tenantRow: found!.row, user } }
  return { auth: { actor, tenant: authed }, row: touchKey(c, row) }
}

function actorFor(c: TenantScope, row: ApiKeyRow): { actor: Authenticated['actor']; user: UserRow | null } {
  if (row.kind === 'demo' && row.isPublicDemo) {
    // Its persona's row rides on the context like a user key's (the persona's own answers read it).
    const user = row.userId ? findUserForAuth(c, row.userId) : null
    return { actor: { kind: 'demo', keyId: row.id, keyKind: 'demo', userId: row.userId, role: row.role, scope: 'read' }, user }
  }
  if (!row.userId) {
    return { actor: { kind: 'apiKey', keyId: row.id, keyKind: row.kind, userId: null, role: row.role, scope: row.scope }, user: null }
  }
  const user = findUserForAuth(c, row.userId)
  if (!user || user.status === 'deactivated') throw invalidToken('The user of this key is deactivated.')
  // REST tokens carry the permissions of the issuing admin; live/demo user keys act as the user.
  if (row.kind === 'api') {
    return { actor: { kind: 'apiKey', keyId: row.id, keyKind: 'api', userId: user.id, role: user.role, scope: row.scope }, user }
  }
  return { actor: { kind: 'user', keyId: row.id, keyKind: row.kind, userId: user.id, role: user.role, scope: row.scope }, user }
}

/** Counts the wrong secret; the fifth in a row emits security.login_failed in the same transaction. */
function noteFailedAttempt(c: TenantScope, row: ApiKeyRow): void {
  inTransaction(c, (tc) => {
    const failures = recordFailedAttempt(tc, row.id)
    if (failures === LOGIN_FAILED_THRESHOLD) {
      emit(tc, 'security.login_failed', {
        keyId: row.id,
        keyPrefix: row.displayPrefix,
        keyName: row.name,
        userId: row.userId,
        failedAttempts: failures,
        reason: 'wrong_secret',
        lastAttemptAt: toIso(tc.now),
      })
    }
  })
}
