import { t } from 'elysia'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { toIso } from '../../kernel/time'
import { inTransaction } from '../../kernel/db'
import { checkUserTotp } from '../security/two-factor-secret'
import type { UserRow } from '../users/queries'
import { emit } from '../webhooks/outbox-queries'
import type { Point } from './geofence'

/** The clock-in argument that carries the code, the same on every surface. */
export const ClockInOtp = t.Optional(
  t.String({ maxLength: 12, description: 'Current 6-digit code of the authenticator app; required when two-factor authentication is on' }),
)

/** Why a clock-in was refused for its code: the `details.reason` of the 403 (and of clock_in's `reason`). */
export type TwoFactorRefusal = 'two_factor_required' | 'two_factor_failed'

/**
 * Clock-ins of a user with two-factor authentication on need the current TOTP code: a stolen
 * phone with a live key cannot clock its owner in. One rule for every surface: the client API's
 * client_clock_in and the MCP clock_in both call this before clockInUser. A missing or wrong code is refused (403
 * forbidden) and emits clock.in.failed with reason two_factor_failed, committed on its own.
 */
export function requireClockInCode(ctx: TenantBoundCtx, user: UserRow, otp: string | undefined, point: Point | null): void {
  const secret = user.twoFactorSecret
  if (user.twoFactorEnabledAt === null || !secret) return
  if (otp !== undefined && checkUserTotp(ctx, { id: user.id, twoFactorSecret: secret }, otp)) return
  inTransaction(ctx, (c) => {
    emit(c, 'clock.in.failed', {
      userId: user.id,
      userEmail: user.email,
      reason: 'two_factor_failed',
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      nearestOfficeName: null,
      distanceMeters: null,
      attemptedAt: toIso(ctx.now),
    })
  })
  const missing = otp === undefined
  throw new DomainError(
    'forbidden',
    missing
      ? 'Your account has two-factor authentication on: send the current 6-digit code of your authenticator app as otp.'
      : 'The two-factor code is not valid; send the code your authenticator app shows now.',
    { reason: (missing ? 'two_factor_required' : 'two_factor_failed') satisfies TwoFactorRefusal },
  )
}
