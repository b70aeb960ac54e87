import { t } from 'elysia'
import { Instant, Nullable } from '../../kernel/schemas'

export const TwoFactorStatus = t.Object({
  enabled: t.Boolean(),
  pending: t.Boolean({ description: 'Enrolled but not yet confirmed with a code' }),
  enabled_at: Nullable(Instant),
})

export const TotpCode = t.String({ pattern: '^\\d{6}$', description: 'Current 6-digit code of the authenticator app' })
