import type { TenantScope } from '../../kernel/ctx'
import { inTransaction, type DbLike } from '../../kernel/db'
import { randomBase62 } from '../../kernel/ids'
import type { AuditScope } from '../audit/audit-queries'
import { findTenantCtx } from '../tenants/queries'
import { findUserForAuth } from '../users/queries'
import { isOurResource, SCOPES } from './authorization'
import { findGrant, findTokenByHash, insertToken, markTokenUsed, revokeGrant, touchGrant, type OAuthGrantRow, type OAuthTokenRow } from './queries'
import { ACCESS_PREFIX, ACCESS_TOKEN_TTL_MS, isValidVerifier, newToken, OAuthError, REFRESH_PREFIX, REFRESH_TOKEN_TTL_MS, s256, sha256Hex } from './tokens'

/** The token endpoint's answer (RFC 6749 §5.1). */
export interface TokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_token: string
  scope: string
}

const need = (form: URLSearchParams, name: string): string => {
  const v = form.get(name)
  if (!v) throw new OAuthError('invalid_request', `${name} is required.`)
  return v
}

/**
 * A presented code or token of one kind, with the scope of its tenant; null when unknown. The
 * scope's actor is the connected client acting with its grant (the key id is the grant's, as on
 * the MCP endpoint): that is who the audit trail names for a revocation at these endpoints.
 */
function lookup(db: DbLike, presented: string, kind: OAuthTokenRow['kind'], now: number): { row: OAuthTokenRow; c: AuditScope; grant: OAuthGrantRow } | null {
  if (presented.length > 200) return null
  const row = findTokenByHash(db, sha256Hex(presented))
  if (!row || row.kind !== kind) return null
  const tenant = findTenantCtx(db, row.tenantId)
  if (!tenant) return null
  const scope: TenantScope = { tenant, db, now }
  const grant = findGrant(scope, row.grantId)
  if (!grant) return null
  const role = findUserForAuth(scope, grant.userId)?.role ?? 'employee'
  const readOnly = grant.readOnly
  const actor = {
    kind: 'user',
    keyId: grant.id,
    keyKind: readOnly ? 'demo' : 'live',
    userId: grant.userId,
    role,
    scope: readOnly ? 'read' : 'read_write',
  } as const
  return { row, c: { ...scope, actor, surface: 'rest' }, grant }
}

/** A new access and refresh token of the grant. */
function issueTokens(c: TenantScope, grant: OAuthGrantRow): TokenResponse {
  const access = newToken(ACCESS_PREFIX)
  const refresh = newToken(REFRESH_PREFIX)
  insertToken(c, { id: `oat_${randomBase62(20)}`, grantId: grant.id, kind: 'access', tokenHash: sha256Hex(access), expiresAt: c.now + ACCESS_TOKEN_TTL_MS })
  insertToken(c, { id: `oat_${randomBase62(20)}`, grantId: grant.id, kind: 'refresh', tokenHash: sha256Hex(refresh), expiresAt: c.now + REFRESH_TOKEN_TTL_MS })
  touchGrant(c, grant.id)
  return { access_token: access, token_type: 'Bearer', expires_in: Math.floor(ACCESS_TOKEN_TTL_MS / 1000), refresh_token: refresh, scope: grant.scope }
}

/** RFC 8707: a resource named at the token endpoint must be the one of the grant (this MCP server). */
function checkResource(form: URLSearchParams, grant: OAuthGrantRow, publicUrl: string): void {
  const resources = form.getAll('resource')
  if (resources.length === 0) return
  if (resources.length > 1 || !isOurResource(resources[0]!, publicUrl) || !isOurResource(grant.resource, publicUrl))
    throw new OAuthError('invalid_target', `resource: tokens of this server are only for ${grant.resource}.`)
}

/**
 * grant_type=authorization_code (OAuth 2.1 §4.1.3): the code must be unused, unexpired, issued to
 * this client for this redirect URI, and the verifier must hash to its challenge. A code presented
 * a second time revokes its grant and every token issued from it (OAuth 2.1 §4.1.3).
 */
export function exchangeCode(db: DbLike, form: URLSearchParams, env: { publicUrl: string; now: number }): TokenResponse {
  const code = need(form, 'code')
  const clientId = need(form, 'client_id')
  const redirectUri = need(form, 'redirect_uri')
  const verifier = need(form, 'code_verifier')
  const found = lookup(db, code, 'code', env.now)
  if (!found) throw new OAuthError('invalid_grant', 'The authorization code is unknown.')
  const { row, c, grant } = found
  // Reuse detection commits its revocation even though the request fails.
  const reused = inTransaction(c, (tc) => {
    if (row.usedAt === null) return false
    revokeGrant(tc, grant.id, 'code_reuse')
    return true
  })
  if (reused) throw new OAuthError('invalid_grant', 'The authorization code was already used; the tokens issued from it are revoked.')
  return inTransaction(c, (tc) => {
    if (row.revokedAt !== null || grant.revokedAt !== null) throw new OAuthError('invalid_grant', 'The authorization code was revoked.')
    if (row.expiresAt <= tc.now) throw new OAuthError('invalid_grant', 'The authorization code has expired; authorize again.')
    if (grant.clientId !== clientId) throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.')
    if (row.redirectUri !== redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match the one of the authorization request.')
    if (!isValidVerifier(verifier) || s256(verifier) !== row.codeChallenge)
      throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge (PKCE S256).')
    checkResource(form, grant, env.publicUrl)
    if (!markTokenUsed(tc, row.id)) throw new OAuthError('invalid_grant', 'The authorization code was already used.')
    return issueTokens(tc, grant)
  })
}

/**
 * grant_type=refresh_token (OAuth 2.1 §4.3, §6.1): each refresh token works once and is replaced
 * by a new one. A refresh token presented after it was rotated means two parties hold it: the
 * whole grant (every access and refresh token of the family) is revoked.
 */
export function refreshTokens(db: DbLike, form: URLSearchParams, env: { publicUrl: string; now: number }): TokenResponse {
  const presented = need(form, 'refresh_token')
  const clientId = need(form, 'client_id')
  const found = lookup(db, presented, 'refresh', env.now)
  if (!found) throw new OAuthError('invalid_grant', 'The refresh token is unknown.')
  const { row, c, grant } = found
  // Reuse detection commits its revocation even though the request fails.
  const reused = inTransaction(c, (tc) => {
    if (row.usedAt === null || grant.revokedAt !== null) return false
    revokeGrant(tc, grant.id, 'refresh_token_reuse')
    return true
  })
  if (reused) throw new OAuthError('invalid_grant', 'The refresh token was already used; every token of this authorization is revoked. Authorize again.')
  return inTransaction(c, (tc) => {
    if (row.revokedAt !== null || grant.revokedAt !== null) throw new OAuthError('invalid_grant', 'The authorization was revoked. Authorize again.')
    if (row.expiresAt <= tc.now) throw new OAuthError('invalid_grant', 'The refresh token has expired. Authorize again.')
    if (grant.clientId !== clientId) throw new OAuthError('invalid_grant', 'The refresh token was issued to another client.')
    const scope = form.get('scope')
    if (scope?.split(' ').some((s) => !grant.scope.split(' ').includes(s) || !(SCOPES as readonly string[]).includes(s)))
      throw new OAuthError('invalid_scope', `scope: at most what was granted (${grant.scope}).`)
    checkResource(form, grant, env.publicUrl)
    if (!markTokenUsed(tc, row.id)) throw new OAuthError('invalid_grant', 'The refresh token was already used.')
    return issueTokens(tc, grant)
  })
}

/**
 * Revocation (RFC 7009): an access or refresh token presented by the client it was issued to
 * revokes the whole grant. Unknown tokens, or tokens of another client, are answered the same
 * (200, nothing said), as §2.2 asks.
 */
export function revokeToken(db: DbLike, form: URLSearchParams, now: number): void {
  const token = need(form, 'token')
  const clientId = need(form, 'client_id')
  const found = lookup(db, token, token.startsWith(REFRESH_PREFIX) ? 'refresh' : 'access', now)
  if (!found || found.grant.clientId !== clientId) return
  inTransaction(found.c, (tc) => revokeGrant(tc, found.grant.id, 'revocation_endpoint'))
}
