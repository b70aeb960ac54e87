import { t } from 'elysia'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError, notFound } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id, Instant, Literals, Nullable } from '../../kernel/schemas'
import { DAY, toIso, toIsoOrNull } from '../../kernel/time'
import { recordChange } from '../audit/audit-queries'
import { requestEmailDelivery } from '../notifications/mailer'
import { enqueueEmail } from '../notifications/queries'
import { assertEmailBudget } from '../notifications/throttle'
import { findInvitationInTenant, listInvitationRows, updateInvitation } from './edit-queries'
import { hashInvitationToken, INVITATION_TOKEN_SLOT, INVITATION_TTL_DAYS, newInvitationToken } from './invitation-token'
import { invitationEmail } from './invite-staff'
import { findUserInTenant } from './queries'
import { INVITATION_STATUSES, type InvitationStatus } from './schema'
import { updateUserStatus, type InvitationRow } from './users-admin-queries'

const InvitationStatusEnum = Literals(INVITATION_STATUSES, { description: 'pending, accepted, revoked or expired (pending past its expiry)' })

export const InvitationView = t.Object({
  id: Id,
  email: t.String(),
  name: Nullable(t.String()),
  status: InvitationStatusEnum,
  user_id: Nullable(Id),
  invited_by_user_id: Nullable(Id),
  created_at: Instant,
  expires_at: Instant,
  accepted_at: Nullable(Instant),
})

/** A pending invitation past its expiry is shown as expired (nothing rewrites the row). */
const statusOf = (row: InvitationRow, now: number): InvitationStatus => (row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status)

const toView = (row: InvitationRow, now: number) => ({
  id: row.id,
  email: row.email,
  name: row.name,
  status: statusOf(row, now),
  user_id: row.userId,
  invited_by_user_id: row.invitedByUserId,
  created_at: toIso(row.createdAt),
  expires_at: toIso(row.expiresAt),
  accepted_at: toIsoOrNull(row.acceptedAt),
})

const audited = (row: InvitationRow, now: number) => ({ email: row.email, status: statusOf(row, now), expires_at: toIso(row.expiresAt) })

export const listInvitations = defineOperation({
  name: 'list_invitations',
  title: 'List invitations',
  description: 'Invitations of the company, newest first, optionally of one status (expired: pending past its expiry). Admin or above.',
  access: { role: 'admin' },
  input: t.Object({ status: t.Optional(InvitationStatusEnum) }),
  output: t.Object({ data: t.Array(InvitationView) }),
  run(ctx, input) {
    const dbStatus = input.status === 'expired' ? 'pending' : (input.status ?? null)
    const rows = listInvitationRows(ctx, dbStatus)
      .map((r) => toView(r, ctx.now))
      .filter((r) => !input.status || r.status === input.status)
    return { data: rows }
  },
})

const InvitationRef = t.Object({ invitation_id: t.String({ ...Id, description: 'Invitation id (the CLI also takes the invitee’s e-mail)' }) })

function getInvitation(ctx: TenantBoundCtx, id: string): InvitationRow {
  const row = findInvitationInTenant(ctx, id)
  if (!row) throw notFound('Invitation')
  return row
}

/**
 * Sends an invitation again with a new link: the old link stops working at once (its token hash is
 * replaced by one nobody holds; the mailer issues the new token when it sends), and the invitation
 * is valid for another INVITATION_TTL_DAYS days. An expired or revoked invitation is re-opened the
 * same way; an accepted one is refused.
 */
export const resendInvitation = defineOperation({
  name: 'resend_invitation',
  title: 'Resend an invitation',
  description: `Sends the invitation email again with a new link; the previous link stops working at once. Valid ${INVITATION_TTL_DAYS} days from now. Works on pending, expired and revoked invitations (a revoked one is re-opened), not on accepted ones. Admin or above.`,
  access: { role: 'admin', write: true },
  mcp: { openWorld: true },
  input: InvitationRef,
  output: t.Object({
    invitation: InvitationView,
    email_delivery: t.Union([t.Literal('queued'), t.Literal('smtp_not_configured')]),
  }),
  run(ctx, input) {
    const expiresAt = ctx.now + INVITATION_TTL_DAYS * DAY
    const row = inTransaction(ctx, (c) => {
      const before = getInvitation(c, input.invitation_id)
      if (before.status === 'accepted') throw new DomainError('conflict', `${before.email} accepted this invitation already; nothing to resend.`)
      const invitee = before.userId ? findUserInTenant(c, before.userId) : null
      if (invitee && invitee.status === 'active') throw new DomainError('conflict', `${invitee.email} is already an active member.`)
      assertEmailBudget(c, ctx.config.mailLimitPerHour)
      const after = updateInvitation(c, before.id, ['pending', 'revoked', 'expired'], {
        status: 'pending',
        expiresAt,
        tokenHash: hashInvitationToken(newInvitationToken()),
      })
      if (!after) throw new DomainError('conflict', 'The invitation changed meanwhile; try again.')
      // A revoked invitation had its invited account deactivated: it is invited again.
      if (invitee && invitee.status === 'deactivated' && invitee.activatedAt === null) {
        updateUserStatus(c, invitee.id, ['deactivated'], { status: 'invited', deactivatedAt: null })
      }
      const inviter = c.actor.userId ? findUserInTenant(c, c.actor.userId) : null
      enqueueEmail(c, {
        to: after.email,
        ...invitationEmail({
          tenantName: ctx.tenant.name,
          inviterName: inviter?.name ?? 'Your administrator',
          inviteeName: after.name ?? after.email,
          url: `${ctx.config.publicUrl}/invitations/accept?token=${INVITATION_TOKEN_SLOT}`,
          expiresAt,
        }),
      })
      recordChange(c, { action: 'invitation.resent', entity: 'invitation', entityId: after.id, before: audited(before, c.now), after: audited(after, c.now) })
      return after
    })
    // The operator's CLI exits right away: the server's outbox job sends what it queued.
    if (ctx.surface !== 'cli') requestEmailDelivery(ctx)
    return { invitation: toView(row, ctx.now), email_delivery: ctx.config.smtp ? ('queued' as const) : ('smtp_not_configured' as const) }
  },
})

/**
 * Withdraws an invitation: its link answers 409 conflict (details.reason revoked) from now on, an
 * email still queued for it is not sent, and the invited account (never active) is deactivated so
 * it takes no seat and shows as such. resend_invitation re-opens it.
 */
export const revokeInvitation = defineOperation({
  name: 'revoke_invitation',
  title: 'Revoke an invitation',
  description:
    'Withdraws a pending invitation: its link stops working at once (accepting answers conflict, reason revoked) and the invited account is deactivated. Accepted invitations cannot be revoked (deactivate the user instead). Admin or above.',
  access: { role: 'admin', write: true },
  input: InvitationRef,
  output: t.Object({ invitation: InvitationView, changed: t.Boolean({ description: 'false when it was already revoked' }) }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const before = getInvitation(c, input.invitation_id)
      if (before.status === 'revoked') return { invitation: toView(before, c.now), changed: false }
      if (before.status === 'accepted') {
        throw new DomainError('conflict', `${before.email} accepted this invitation already; deactivate the user instead (workforce users deactivate).`)
      }
      const after = updateInvitation(c, before.id, ['pending', 'expired'], { status: 'revoked' })
      if (!after) throw new DomainError('conflict', 'The invitation changed meanwhile; try again.')
      const invitee = after.userId ? findUserInTenant(c, after.userId) : null
      if (invitee && invitee.status === 'invited') updateUserStatus(c, invitee.id, ['invited'], { status: 'deactivated', deactivatedAt: c.now })
      recordChange(c, { action: 'invitation.revoked', entity: 'invitation', entityId: after.id, before: audited(before, c.now), after: audited(after, c.now) })
      return { invitation: toView(after, c.now), changed: true }
    })
  },
})
