import type { TenantCtx, TenantScope } from '../../kernel/ctx'
import { inTransaction, type DbLike } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { DAY, HOUR } from '../../kernel/time'
import { findTenantCtx } from '../tenants/queries'
import { findUserForAuth, type UserRow } from '../users/queries'
import { findAccountTokenByHash, insertAccountToken, type AccountTokenRow } from './queries'
import type { AccountTokenPurpose } from './schema'
import { randomToken, sha256 } from './sessions'

/** Where a password link points (the console page that sets the password). */
export const SET_PASSWORD_PATH = '/account/set-password'

/** How long a link works: a reset link an hour, the first OwnerAdmin's setup link a week. */
export const LINK_TTL_MS: Record<AccountTokenPurpose, number> = { reset: HOUR, setup: 7 * DAY }

/** Issues a one-time link token (only its hash is stored); returns the token for the link. */
export function issuePasswordLink(c: TenantScope, userId: string, purpose: AccountTokenPurpose): string {
  const token = randomToken()
  insertAccountToken(c, { userId, tokenHash: sha256(token), purpose, expiresAt: c.now + LINK_TTL_MS[purpose] })
  return token
}

export const passwordLinkUrl = (publicUrl: string, token: string): string => `${publicUrl.replace(/\/+$/, '')}${SET_PASSWORD_PATH}?token=${token}`

const invalidLink = () => new DomainError('not_found', 'This link is not valid: it was used already, has expired, or was mistyped. Ask for a new one.')

/** The link's token, tenant and person when it can still be used; not_found otherwise (one message for all). */
export function usableLink(db: DbLike, token: string, now: number): { row: AccountTokenRow; tenant: TenantCtx; user: UserRow } {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw invalidLink()
  const row = findAccountTokenByHash(db, sha256(token))
  if (!row || row.usedAt !== null || row.expiresAt <= now) throw invalidLink()
  const tenant = findTenantCtx(db, row.tenantId)
  if (!tenant) throw invalidLink()
  const user = findUserForAuth({ tenant, db, now }, row.userId)
  if (!user || user.status === 'deactivated') throw invalidLink()
  return { row, tenant, user }
}

/**
 * The first OwnerAdmin's one-time setup link (`workforce tenant create` prints it): it sets their
 * console password and signs them in. Works for LINK_TTL_MS.setup.
 */
export function issueSetupLink(db: DbLike, tenantId: number, userId: string, publicUrl: string, now: number): { url: string; expiresAt: number } {
  const tenant = findTenantCtx(db, tenantId)
  if (!tenant) throw new DomainError('not_found', 'Tenant not found.')
  const token = inTransaction({ tenant, db, now }, (c) => issuePasswordLink(c, userId, 'setup'))
  return { url: passwordLinkUrl(publicUrl, token), expiresAt: now + LINK_TTL_MS.setup }
}
