import { createHash, randomBytes } from 'node:crypto'
import type { DbLike } from '../../kernel/db'
import { findTenantCtx } from '../tenants/queries'
import { findPendingInvitationByEmail, setInvitationTokenHash } from './users-admin-queries'

/**
 * How long an invitation can be accepted, from its creation: 7 days. After that accepting it
 * answers 409 conflict (`details.reason` expired) and its email, if still unsent, is not sent.
 */
export const INVITATION_TTL_DAYS = 7

/**
 * Where the token goes in a queued invitation email. The outbox keeps the body with this slot,
 * never the token: the mailer asks `issueInvitationToken` for a fresh token when it sends, so no
 * usable token is ever written to the database, its WAL or a backup (only its SHA-256).
 */
export const INVITATION_TOKEN_SLOT = '{{invitation_token}}'

export const hashInvitationToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** A token nobody holds: 24 random bytes, base64url (32 characters). */
export const newInvitationToken = (): string => randomBytes(24).toString('base64url')

/**
 * A fresh token for the pending invitation of `email` in the tenant, for the email being sent
 * now: its hash replaces the stored one (so only the latest email's link works) and the token
 * itself lives only in that email. Null when there is nothing to invite to any more (accepted,
 * withdrawn, expired, or the tenant is gone): the email is then not sent.
 */
export function issueInvitationToken(db: DbLike, tenantId: number, email: string, now: number): string | null {
  const tenant = findTenantCtx(db, tenantId)
  if (!tenant) return null
  const scope = { tenant, db, now }
  const invitation = findPendingInvitationByEmail(scope, email)
  if (!invitation || invitation.expiresAt <= now) return null
  const token = newInvitationToken()
  return setInvitationTokenHash(scope, invitation.id, hashInvitationToken(token)) ? token : null
}
