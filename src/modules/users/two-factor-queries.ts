import { and, eq, isNotNull } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { isSealed } from '../../kernel/secret-box'
import { users } from './schema'

/** Sets or clears a user's TOTP secret and confirmation time (two-factor authentication). */
export function setTwoFactor(c: TenantScope, userId: string, state: { secret: string | null; enabledAt: number | null }): void {
  c.db
    .update(users)
    .set({ twoFactorSecret: state.secret, twoFactorEnabledAt: state.enabledAt })
    .where(and(eq(users.tenantId, c.tenant.id), eq(users.id, userId)))
    .run()
}

/**
 * Seals the TOTP secrets of every tenant still stored in clear (written before secrets were
 * encrypted). Idempotent: sealed rows are left alone; a row changed meanwhile is skipped.
 */
export function sealPlaintextTotpSecrets(db: DbLike, seal: (plain: string, userId: string) => string): number {
  const rows = db.select({ id: users.id, secret: users.twoFactorSecret }).from(users).where(isNotNull(users.twoFactorSecret)).all()
  const plain = rows.filter((r): r is { id: string; secret: string } => r.secret !== null && !isSealed(r.secret))
  for (const r of plain) {
    db.update(users)
      .set({ twoFactorSecret: seal(r.secret, r.id) })
      .where(and(eq(users.id, r.id), eq(users.twoFactorSecret, r.secret)))
      .run()
  }
  return plain.length
}
