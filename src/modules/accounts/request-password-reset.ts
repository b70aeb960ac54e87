import { t } from 'elysia'
import { inTransaction } from '../../kernel/db'
import { defineOperation } from '../../kernel/operation'
import { findTenantCtx } from '../tenants/queries'
import { activeUsersByEmailInAnyTenant } from '../users/queries'
import { requestEmailDelivery } from '../notifications/mailer'
import { enqueueEmail } from '../notifications/queries'
import { issuePasswordLink, LINK_TTL_MS, passwordLinkUrl } from './password-links'

/**
 * Password reset by e-mail: every active person with this address (in any company) gets a
 * one-time link, through the notifications outbox and the configured SMTP server. The answer is
 * the same whether or not the address is known, so the form tells nobody who has an account.
 */
export const requestPasswordReset = defineOperation({
  name: 'request_password_reset',
  title: 'Send a password reset link',
  description: `Sends a one-time link that sets a new web console password to the e-mail address, when an active person has it; the link works for ${LINK_TTL_MS.reset / 60_000} minutes. Answers the same for an unknown address.`,
  access: { role: 'public', write: true },
  input: t.Object({ email: t.String({ format: 'email', maxLength: 254, description: 'The e-mail address you sign in with' }) }),
  output: t.Object({ accepted: t.Literal(true) }),
  mcp: { openWorld: true },
  run(ctx, input) {
    for (const user of activeUsersByEmailInAnyTenant(ctx.db, input.email)) {
      const tenant = findTenantCtx(ctx.db, user.tenantId)
      if (!tenant || tenant.isDemo) continue
      inTransaction({ tenant, db: ctx.db, now: ctx.now }, (c) => {
        const token = issuePasswordLink(c, user.id, 'reset')
        enqueueEmail(c, {
          to: user.email,
          subject: `Reset your ${tenant.name} Workforce password`,
          text: `Hello ${user.name},\n\nSomeone (hopefully you) asked to reset the password you use to sign in to Workforce for ${tenant.name}.\n\nSet a new password here (the link works once, for one hour):\n${passwordLinkUrl(ctx.config.publicUrl, token)}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
        })
      })
    }
    requestEmailDelivery(ctx)
    return { accepted: true as const }
  },
})
