import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { callerUserId } from '../../kernel/access'
import { DomainError } from '../../kernel/errors'
import { getUserInTenant } from '../users/queries'
import { setTwoFactor } from '../users/two-factor-queries'
import { newTotpSecret, otpauthUrl } from './totp'
import { sealTotpSecret } from './two-factor-secret'

export const enrollTwoFactor = defineOperation({
  name: 'enroll_two_factor',
  title: 'Start two-factor enrollment',
  description: 'Creates a TOTP secret for the calling user. Scan the otpauth URL with an authenticator app, then confirm with a code.',
  access: { role: 'employee', write: true, userScopedKey: true },
  input: t.Object({}),
  output: t.Object({
    secret: t.String({ description: 'Base32 secret, shown once' }),
    otpauth_url: t.String({ description: 'otpauth:// URL for authenticator apps' }),
  }),
  run(ctx) {
    const user = getUserInTenant(ctx, callerUserId(ctx))
    if (user.twoFactorEnabledAt !== null) throw new DomainError('conflict', 'Two-factor authentication is already on; disable it first to enroll again.')
    const secret = newTotpSecret()
    setTwoFactor(ctx, user.id, { secret: sealTotpSecret(ctx, user.id, secret), enabledAt: null })
    return { secret, otpauth_url: otpauthUrl(secret, user.email) }
  },
})
