import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { callerUserId } from '../../kernel/access'
import { DomainError } from '../../kernel/errors'
import { toIsoOrNull } from '../../kernel/time'
import { getUserInTenant } from '../users/queries'
import { setTwoFactor } from '../users/two-factor-queries'
import { TotpCode, TwoFactorStatus } from './model'
import { checkUserTotp, openTotpSecret, sealTotpSecret } from './two-factor-secret'

export const confirmTwoFactor = defineOperation({
  name: 'confirm_two_factor',
  title: 'Confirm two-factor enrollment',
  description: 'Turns two-factor authentication on once the authenticator app shows a valid code.',
  access: { role: 'employee', write: true, userScopedKey: true },
  input: t.Object({ code: TotpCode }),
  output: TwoFactorStatus,
  run(ctx, input) {
    const user = getUserInTenant(ctx, callerUserId(ctx))
    if (!user.twoFactorSecret) throw new DomainError('conflict', 'Start enrollment first.')
    if (user.twoFactorEnabledAt !== null) throw new DomainError('conflict', 'Two-factor authentication is already on.')
    const secret = user.twoFactorSecret
    if (!checkUserTotp(ctx, { id: user.id, twoFactorSecret: secret }, input.code))
      throw new DomainError('invalid_argument', 'The code is not valid.', { field: 'code' })
    // Stored sealed whatever it was read as (a plaintext row from before encryption is sealed here too).
    setTwoFactor(ctx, user.id, { secret: sealTotpSecret(ctx, user.id, openTotpSecret(ctx, user.id, secret)), enabledAt: ctx.now })
    return { enabled: true, pending: false, enabled_at: toIsoOrNull(ctx.now) }
  },
})
