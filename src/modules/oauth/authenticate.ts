import type { TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { MINUTE } from '../../kernel/time'
import { invalidToken, type Authenticated } from '../api-keys/authenticate'
import { findTenantCtx } from '../tenants/queries'
import { findUserForAuth } from '../users/queries'
import { findGrant, findTokenByHash, touchGrant } from './queries'
import { ACCESS_PREFIX, sha256Hex } from './tokens'

/** Whether a bearer credential is an OAuth access token of this server (by its prefix). */
export const isOAuthAccessToken = (presented: string): boolean => presented.startsWith(ACCESS_PREFIX)

/**
 * Verifies an OAuth access token and returns the actor it acts as: exactly a user-scoped key of
 * the person who consented (their current role, their tenant; read-only for a demo "try as"
 * sign-in). The key id is the grant's id, so rate limits, MCP sessions and the tool-call records
 * treat one connected client as one key. Every request reads the token, grant and person again:
 * a revocation or deactivation applies to the very next call.
 */
export function authenticateAccessToken(db: DbLike, presented: string, now: number): Authenticated {
  const row = presented.length <= 200 ? findTokenByHash(db, sha256Hex(presented)) : null
  if (row?.kind !== 'access') throw invalidToken('The access token is unknown.')
  if (row.revokedAt !== null) throw invalidToken('The access token was revoked.')
  if (row.expiresAt <= now) throw invalidToken('The access token has expired; refresh it.')
  const tenant = findTenantCtx(db, row.tenantId)
  if (!tenant) throw invalidToken('The tenant of this token no longer exists.')
  const c: TenantScope = { tenant, db, now }
  const grant = findGrant(c, row.grantId)
  if (!grant || grant.revokedAt !== null) throw invalidToken('The authorization of this token was revoked.')
  const user = findUserForAuth(c, grant.userId)
  if (user?.status !== 'active') throw invalidToken('The person of this token is deactivated.')
  if (grant.lastUsedAt === null || now - grant.lastUsedAt > MINUTE) touchGrant(c, grant.id)
  const readOnly = grant.readOnly
  return {
    tenant,
    actor: { kind: 'user', keyId: grant.id, keyKind: readOnly ? 'demo' : 'live', userId: user.id, role: user.role, scope: readOnly ? 'read' : 'read_write' },
  }
}
