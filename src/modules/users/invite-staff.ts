import { t } from 'elysia'
import { DomainError, ERROR_CODES } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id, Instant, Nullable } from '../../kernel/schemas'
import { DAY, toIso } from '../../kernel/time'
import { requestEmailDelivery } from '../notifications/mailer'
import { enqueueEmail } from '../notifications/queries'
import { assertEmailBudget } from '../notifications/throttle'
import { emit } from '../webhooks/outbox-queries'
import { recordChange } from '../audit/audit-queries'
import { hashInvitationToken, INVITATION_TOKEN_SLOT, INVITATION_TTL_DAYS, newInvitationToken } from './invitation-token'
import { findUserByEmail, findUserInTenant, insertInvitation, insertUser } from './queries'

export function invitationEmail(input: { tenantName: string; inviterName: string; inviteeName: string; url: string; expiresAt: number }) {
  return {
    subject: `${input.inviterName} invited you to ${input.tenantName} on Workforce`,
    text: [
      `Hello ${input.inviteeName},`,
      '',
      `${input.inviterName} invited you to join ${input.tenantName} on Workforce, the company's time and attendance system. You will join as an Employee.`,
      '',
      `Accept the invitation: ${input.url}`,
      '',
      `The link works until ${toIso(input.expiresAt)}. If you did not expect this email, ignore it.`,
    ].join('\n'),
  }
}

export const inviteStaff = defineOperation({
  name: 'invite_staff',
  title: 'Invite a staff member',
  description:
    'Invites a person to the company by email: creates their account (status invited, role Employee; the role on the invite is display-only) and sends the invitation email. Write action: confirm the email address and name with the user before calling. Admin or OwnerAdmin only; disabled in demo mode.',
  access: { role: 'admin', write: true },
  mcp: {
    // Sends an email into the world; every other tool stays inside the box.
    openWorld: true,
    // The specified output names the invitee and gives the error code as status.
    failure: (standard, { args }) => ({
      email: typeof args.email === 'string' ? args.email : '',
      name: typeof args.name === 'string' ? args.name : null,
      ...standard,
      status: standard.error,
    }),
  },
  input: t.Object({
    email: t.String({ format: 'email', maxLength: 254, description: 'Work email of the invitee (must be a valid email address)' }),
    name: t.Optional(t.String({ minLength: 1, maxLength: 200, description: 'Full name of the invitee' })),
  }),
  output: t.Object({
    status: t.Union([t.Literal('invitation_sent'), ...ERROR_CODES.map((c) => t.Literal(c))], {
      description: 'invitation_sent, or the error code when the invitation failed',
    }),
    message: t.String(),
    email: t.String({ description: 'Invitee email, lower-cased' }),
    name: Nullable(t.String(), { description: 'Invitee name, if given' }),
    invitation_id: Id,
    user_id: Id,
    role: t.Literal('employee', { description: 'Invitees always join as Employee' }),
    expires_at: Instant,
    email_delivery: t.Union([t.Literal('queued'), t.Literal('smtp_not_configured')], {
      description: 'queued: being sent through the SMTP server now; smtp_not_configured: kept pending until the operator configures SMTP',
    }),
    error: t.Optional(t.String({ description: 'Error code when the invitation failed' })),
  }),
  run(ctx, input) {
    const email = input.email.trim().toLowerCase()
    const existing = findUserByEmail(ctx, email)
    if (existing) {
      throw new DomainError(
        'conflict',
        existing.status === 'invited' ? `${email} has already been invited.` : `${email} is already a member of ${ctx.tenant.name}.`,
      )
    }
    const inviter = ctx.actor.userId ? findUserInTenant(ctx, ctx.actor.userId) : null
    const expiresAt = ctx.now + INVITATION_TTL_DAYS * DAY
    const name = input.name?.trim() || null
    const created = inTransaction(ctx, (c) => {
      // Outgoing mail is throttled per tenant; over the limit nothing is written (rolled back).
      assertEmailBudget(c, ctx.config.mailLimitPerHour)
      const user = insertUser(c, { id: newId(), name: name ?? email.split('@')[0]!, email, role: 'employee', status: 'invited', createdAt: c.now })
      const invitation = insertInvitation(c, {
        id: newId(),
        email,
        name,
        displayRole: 'Employee',
        status: 'pending',
        userId: user.id,
        invitedByUserId: inviter?.id ?? null,
        // A token nobody holds: the mailer issues the real one when it sends the email.
        tokenHash: hashInvitationToken(newInvitationToken()),
        createdAt: c.now,
        expiresAt,
      })
      const mail = invitationEmail({
        tenantName: ctx.tenant.name,
        inviterName: inviter?.name ?? 'Your administrator',
        inviteeName: name ?? email,
        url: `${ctx.config.publicUrl}/invitations/accept?token=${INVITATION_TOKEN_SLOT}`,
        expiresAt,
      })
      enqueueEmail(c, { to: email, ...mail })
      emit(c, 'user.invited', {
        userId: user.id,
        userEmail: email,
        userName: name,
        invitationId: invitation.id,
        role: 'employee',
        displayRole: 'Employee',
        invitedByUserId: inviter?.id ?? null,
        invitedByEmail: inviter?.email ?? null,
        invitedAt: toIso(c.now),
        expiresAt: toIso(expiresAt),
      })
      recordChange(c, {
        action: 'invitation.created',
        entity: 'invitation',
        entityId: invitation.id,
        before: null,
        after: { email, status: 'pending', expires_at: toIso(expiresAt) },
      })
      return { user, invitation }
    })
    // The operator's CLI exits right away: the server's outbox job sends what it queued.
    if (ctx.surface !== 'cli') requestEmailDelivery(ctx)
    const smtp = ctx.config.smtp !== null
    return {
      status: 'invitation_sent' as const,
      message: smtp
        ? `Invitation sent to ${email}; they join ${ctx.tenant.name} as an Employee.`
        : `Invitation created for ${email}. The email is pending: this server has no SMTP configured yet, and it will go out once the operator sets WORKFORCE_SMTP_HOST.`,
      email,
      name,
      invitation_id: created.invitation.id,
      user_id: created.user.id,
      role: 'employee' as const,
      expires_at: toIso(expiresAt),
      email_delivery: smtp ? ('queued' as const) : ('smtp_not_configured' as const),
    }
  },
})
