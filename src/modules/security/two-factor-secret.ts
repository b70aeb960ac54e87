import type { Ctx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { SecretUnreadable } from '../../kernel/secret-box'
import { verifyTotp } from './totp'

/**
 * TOTP secrets are stored sealed (kernel/secret-box.ts) in users.two_factor_secret, bound to
 * their user: a copy of the database without the data directory's instance.secret cannot
 * produce codes.
 */
export const totpSecretPurpose = (userId: string): string => `users.two_factor_secret:${userId}`

export const sealTotpSecret = (ctx: Pick<Ctx, 'secrets'>, userId: string, secret: string): string => ctx.secrets.seal(secret, totpSecretPurpose(userId))

/** The base32 secret of a stored value; a value this instance cannot open is a conflict the admin reset resolves. */
export function openTotpSecret(ctx: Pick<Ctx, 'secrets'>, userId: string, stored: string): string {
  try {
    return ctx.secrets.open(stored, totpSecretPurpose(userId))
  } catch (e) {
    if (!(e instanceof SecretUnreadable)) throw e
    throw new DomainError(
      'conflict',
      "This user's two-factor secret cannot be read by this server (the database was moved without its instance.secret file); an admin can reset two-factor authentication, then the user enrolls again.",
      { reason: 'two_factor_secret_unreadable' },
    )
  }
}

/** Whether `code` is the current TOTP code of the user's stored secret. */
export const checkUserTotp = (ctx: Pick<Ctx, 'secrets' | 'now'>, user: { id: string; twoFactorSecret: string }, code: string): boolean =>
  verifyTotp(openTotpSecret(ctx, user.id, user.twoFactorSecret), code, ctx.now)
