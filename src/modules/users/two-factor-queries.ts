import { and, eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { users } from './schema'

/** Sets or clears a user's TOTP secret and confirmation time (two-factor authentication). */
export function setTwoFactor(c: TenantScope, userId: string, state: { secret: string | null; enabledAt: number | null }): void {
  c.db
    .update(users)
    .set({ twoFactorSecret: state.secret, twoFactorEnabledAt: state.enabledAt })
    .where(and(eq(users.tenantId, c.tenant.id), eq(users.id, userId)))
    .run()
}
