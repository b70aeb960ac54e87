import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import type { TenantCtx, TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { Id } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { findTenantCtx } from '../tenants/queries'
import { issueKey } from '../api-keys/issue-key'
import { emit } from '../webhooks/outbox-queries'
import { findUserByEmail, findUserInTenant, insertUser, type UserRow } from './queries'
import { hashInvitationToken, INVITATION_TTL_DAYS } from './invitation-token'
import { findInvitationByTokenHash, markInvitationAccepted, updateUserStatus, type InvitationRow } from './users-admin-queries'

export const AcceptInvitationInput = t.Object({
  token: t.String({ minLength: 16, maxLength: 200, description: 'The token from the invitation email' }),
})

export const AcceptInvitationOutput = t.Object({
  user_id: Id,
  email: t.String(),
  name: t.String(),
  role: t.String({ description: 'Always employee: invitees join as Employee' }),
  tenant: t.String({ description: 'Readable id of the tenant joined' }),
  key: t.String({ description: 'A user-scoped live key (wf_live_…) for the desktop agent, mobile app or MCP client. Shown once.' }),
  key_id: t.String(),
})

/**
 * Accepts an invitation with the token from its email (no key needed: the token is the
 * credential). The invited user becomes active (user.activated) and receives their first
 * user-scoped live key, which the client stores: there is no password sign-in on the appliance.
 */
export const acceptInvitation = defineOperation({
  name: 'accept_invitation',
  title: 'Accept an invitation',
  description: `Accepts an invitation by the token sent in its email. The invitee becomes an active Employee and gets a user-scoped live key, shown once. Invitations expire ${INVITATION_TTL_DAYS} days after they are created, and only the link of the latest email sent for one works. Unknown tokens are not found; expired, revoked or already used invitations answer conflict (details.reason expired, revoked or accepted). Emits user.activated.`,
  access: { role: 'public' },
  // Changes rows: activates the person and makes their first key.
  changesRows: true,
  input: AcceptInvitationInput,
  output: AcceptInvitationOutput,
  run(ctx, input) {
    const { invitation, tenant } = acceptableInvitation(ctx.db, input.token, ctx.now)
    // The invitation names the tenant: everything from here on is written in its scope.
    return inTransaction({ tenant, db: ctx.db, now: ctx.now }, (c) => {
      const user = activateInvitee(c, invitation)
      if (!markInvitationAccepted(c, invitation.id, user.id)) throw new DomainError('conflict', 'This invitation was accepted already.')
      const { row, key } = issueKey(c, {
        kind: 'live',
        scope: 'read_write',
        role: user.role,
        name: 'Invitation key',
        userId: user.id,
        createdByUserId: user.id,
        expiresAt: null,
      })
      emit(c, 'user.activated', { userId: user.id, userEmail: user.email, via: 'invitation', invitationId: invitation.id, activatedAt: toIso(c.now) })
      return { user_id: user.id, email: user.email, name: user.name, role: user.role, tenant: tenant.readableId, key, key_id: row.id }
    })
  },
})

/**
 * The invitation a token opens and its tenant, when it can be accepted now; otherwise the refusal
 * accepting it would give (not_found, demo_mode_read_only, conflict with details.reason). The one
 * rule for the accept operation and for the page the email links to (the console, src/console/surface.tsx).
 */
function acceptableInvitation(db: DbLike, token: string, now: number): { invitation: InvitationRow; tenant: TenantCtx } {
  const invitation = findInvitationByTokenHash(db, hashInvitationToken(token))
  const tenant = invitation ? findTenantCtx(db, invitation.tenantId) : null
  if (!invitation || !tenant) throw new DomainError('not_found', 'This invitation link is not valid.')
  if (tenant.isDemo) throw new DomainError('demo_mode_read_only', 'Demo tenants are read-only: invitations cannot be accepted there.')
  assertAcceptable(invitation, now)
  return { invitation, tenant }
}

/** What an invitation's page shows before it is accepted: who invited whom, and until when. */
export interface InvitationPreview {
  company: string
  email: string
  name: string | null
  expires_at: string
}

/**
 * The invitation a token opens, for showing it (nothing is written): throws exactly what accepting
 * it would throw when it cannot be accepted.
 */
export function previewInvitation(db: DbLike, token: string, now: number): InvitationPreview {
  const { invitation, tenant } = acceptableInvitation(db, token, now)
  return { company: tenant.name, email: invitation.email, name: invitation.name, expires_at: toIso(invitation.expiresAt) }
}

function assertAcceptable(invitation: InvitationRow, now: number): void {
  if (invitation.status === 'accepted') throw new DomainError('conflict', 'This invitation was accepted already.', { reason: 'accepted' })
  if (invitation.status === 'revoked') {
    throw new DomainError('conflict', 'This invitation was withdrawn; ask your administrator for a new one.', { reason: 'revoked' })
  }
  if (invitation.status === 'expired' || invitation.expiresAt <= now) {
    throw new DomainError(
      'conflict',
      `This invitation expired on ${toIso(invitation.expiresAt)} (invitations are valid for ${INVITATION_TTL_DAYS} days); ask your administrator for a new one.`,
      { reason: 'expired', expired_at: toIso(invitation.expiresAt) },
    )
  }
}

/** The invited user record becomes active; an invitation without one creates the Employee now. */
function activateInvitee(ctx: TenantScope, invitation: InvitationRow): UserRow {
  const existing = invitation.userId ? findUserInTenant(ctx, invitation.userId) : findUserByEmail(ctx, invitation.email)
  if (!existing) {
    return insertUser(ctx, {
      id: newId(),
      name: invitation.name ?? invitation.email.split('@')[0]!,
      email: invitation.email.toLowerCase(),
      role: 'employee',
      status: 'active',
      createdAt: ctx.now,
      activatedAt: ctx.now,
    })
  }
  if (existing.status === 'deactivated') throw new DomainError('conflict', 'This account was deactivated; ask your administrator.')
  if (existing.status === 'active') return existing
  return updateUserStatus(ctx, existing.id, ['invited'], { status: 'active', activatedAt: ctx.now })!
}
