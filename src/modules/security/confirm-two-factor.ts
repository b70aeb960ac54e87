import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { callerUserId } from '../../kernel/access'
import { DomainError } from '../../kernel/errors'
import { toIsoOrNull } from '../../kernel/time'
import { getUserInTenant } from '../users/queries'
import { setTwoFactor } from '../users/two-factor-queries'
import { TotpCode, TwoFactorStatus } from './model'
import { checkUserTotp } from './two-factor-secret'

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
    if (!checkUserTotp(ctx, { id: user.id, twoFactorSecret: user.twoFactorSecret }, input.code))
      throw new DomainError('invalid_argument', 'The code is not valid.', { field: 'code' })
    setTwoFactor(ctx, user.id, { secret: user.twoFactorSecret, enabledAt: ctx.now })
    return { enabled: true, pending: false, enabled_at: toIsoOrNull(ctx.now) }
  },
})
