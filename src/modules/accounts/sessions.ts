import { createHash, randomBytes } from 'node:crypto'
import type { Actor, TenantCtx, TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { MINUTE } from '../../kernel/time'
import { findTenantCtx } from '../tenants/queries'
import { findUserForAuth, type UserRow } from '../users/queries'
import { findSessionByTokenHash, insertSession, revokeSessions, touchSession, type SessionRow } from './queries'

/** A console session lasts this long from sign-in, however active (then the person signs in again). */
export const SESSION_TTL_MS = 12 * 60 * MINUTE
/** The name of the session cookie. */
export const SESSION_COOKIE = 'wf_session'

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex')
export const randomToken = (): string => randomBytes(32).toString('base64url')

/** Actor ids of console sessions: `session:<id>`, so the account page can tell the current one. */
export const SESSION_ACTOR_PREFIX = 'session:'

export interface SignedIn {
  session: SessionRow
  tenant: TenantCtx
  user: UserRow
  actor: Extract<Actor, { kind: 'user' }>
}

/** Opens a session for a person who proved who they are; returns the cookie value (shown once). */
export function openSession(
  c: TenantScope,
  input: { userId: string; readOnly: boolean; userAgent: string | null; ipAddress: string | null },
): { token: string; session: SessionRow } {
  const token = randomToken()
  const session = insertSession(c, {
    userId: input.userId,
    tokenHash: sha256(token),
    csrfToken: randomToken(),
    readOnly: input.readOnly,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    ipAddress: input.ipAddress,
    expiresAt: c.now + SESSION_TTL_MS,
  })
  return { token, session }
}

/**
 * The person behind a session cookie, or null: unknown, revoked, expired, or the person is no
 * longer active. The role is read from the user row on every request, so a role change applies
 * at once. A demo "try as" session acts read-only.
 */
export function authenticateSession(db: DbLike, token: string, now: number): SignedIn | null {
  if (!token || token.length > 200) return null
  const session = findSessionByTokenHash(db, sha256(token))
  if (!session || session.revokedAt !== null || session.expiresAt <= now) return null
  const tenant = findTenantCtx(db, session.tenantId)
  if (!tenant) return null
  const c = { tenant, db, now }
  const user = findUserForAuth(c, session.userId)
  if (user?.status !== 'active') return null
  if (now - session.lastSeenAt > MINUTE) touchSession(c, session.id)
  const readOnly = session.readOnly
  const actor: SignedIn['actor'] = {
    kind: 'user',
    keyId: `${SESSION_ACTOR_PREFIX}${session.id}`,
    keyKind: readOnly ? 'demo' : 'live',
    userId: user.id,
    role: user.role,
    scope: readOnly ? 'read' : 'read_write',
  }
  return { session, tenant, user, actor }
}

/** Signing out: the session of this cookie ends (whatever the demo mode: signing out is no write of data). */
export function closeSession(c: TenantScope, s: SessionRow): void {
  revokeSessions(c, s.userId, s.id)
}

/** The session id an actor acts through, or null for keys. */
export const sessionIdOf = (actor: Actor): string | null =>
  actor.kind === 'user' && actor.keyId.startsWith(SESSION_ACTOR_PREFIX) ? actor.keyId.slice(SESSION_ACTOR_PREFIX.length) : null
