import { and, eq } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { users } from './schema'

/** Sets or clears a user's TOTP secret and confirmation time (two-factor authentication). */
export function setTwoFactor(ctx: TenantBoundCtx, userId: string, state: { secret: string | null; enabledAt: number | null }): void {
  ctx.db
    .update(users)
    .set({ twoFactorSecret: state.secret, twoFactorEnabledAt: state.enabledAt })
    .where(and(eq(users.tenantId, ctx.tenant.id), eq(users.id, userId)))
    .run()
}
