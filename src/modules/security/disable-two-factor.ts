import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { callerUserId } from '../../kernel/access'
import { inTransaction } from '../../kernel/db'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { Id } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { getUserInTenant, type UserRow } from '../users/queries'
import { setTwoFactor } from '../users/two-factor-queries'
import { emit } from '../webhooks/outbox-queries'
import { TotpCode, TwoFactorStatus } from './model'
import { checkUserTotp } from './two-factor-secret'

const OFF = { enabled: false, pending: false, enabled_at: null }

/** Clears 2FA and emits security.2fa_disabled in the same transaction. */
function turnOff(ctx: TenantBoundCtx, user: UserRow, by: UserRow | null, reason: 'user_request' | 'admin_reset') {
  inTransaction(ctx, (c) => {
    setTwoFactor(c, user.id, { secret: null, enabledAt: null })
    emit(c, 'security.2fa_disabled', {
      userId: user.id,
      userEmail: user.email,
      disabledByUserId: by?.id ?? null,
      disabledByEmail: by?.email ?? null,
      reason,
      disabledAt: toIso(c.now),
    })
  })
  return OFF
}

export const disableTwoFactor = defineOperation({
  name: 'disable_two_factor',
  title: 'Turn two-factor authentication off',
  description: "Turns the calling user's two-factor authentication off; needs a current code. Emits security.2fa_disabled.",
  access: { role: 'employee', write: true, userScopedKey: true },
  input: t.Object({ code: TotpCode }),
  output: TwoFactorStatus,
  run(ctx, input) {
    const user = getUserInTenant(ctx, callerUserId(ctx))
    const secret = user.twoFactorSecret
    if (user.twoFactorEnabledAt === null || !secret) throw new DomainError('conflict', 'Two-factor authentication is not on.')
    if (!checkUserTotp(ctx, { id: user.id, twoFactorSecret: secret }, input.code))
      throw new DomainError('invalid_argument', 'The code is not valid.', { field: 'code' })
    return turnOff(ctx, user, user, 'user_request')
  },
})

export const resetTwoFactor = defineOperation({
  name: 'reset_two_factor',
  title: "Reset a user's two-factor authentication",
  description: "An admin turns a user's two-factor authentication off (lost phone). Emits security.2fa_disabled.",
  access: { role: 'admin', write: true },
  input: t.Object({ user_id: Id }),
  output: TwoFactorStatus,
  run(ctx, input) {
    const user = getUserInTenant(ctx, input.user_id)
    if (user.twoFactorEnabledAt === null) throw new DomainError('conflict', 'Two-factor authentication is not on for this user.')
    const admin = ctx.actor.userId ? getUserInTenant(ctx, ctx.actor.userId) : null
    return turnOff(ctx, user, admin, 'admin_reset')
  },
})
