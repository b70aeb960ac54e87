import { t } from 'elysia'
import { Id, Instant, Nullable, RoleEnum } from '../../kernel/schemas'
import { toIsoOrNull } from '../../kernel/time'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { findUserInTenant, type UserRow } from './queries'

export const AdminUser = t.Object({
  id: Id,
  name: t.String(),
  email: t.String(),
  role: RoleEnum,
  status: t.Union([t.Literal('invited'), t.Literal('active'), t.Literal('deactivated')]),
  activated_at: Nullable(Instant),
  deactivated_at: Nullable(Instant),
})

export const UserRef = t.Object({ user_id: t.String({ format: 'uuid', description: 'User id' }) })

export const AdminUserOutput = t.Object({
  user: AdminUser,
  changed: t.Boolean({ description: 'false when the user was already in the requested state (nothing emitted)' }),
})

export const toAdminUser = (u: UserRow) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  status: u.status,
  activated_at: toIsoOrNull(u.activatedAt),
  deactivated_at: toIsoOrNull(u.deactivatedAt),
})

/** Email of the person acting, for event payloads; null for the operator's CLI and tenant-level keys. */
export const actorEmail = (ctx: TenantBoundCtx): string | null => (ctx.actor.userId ? (findUserInTenant(ctx, ctx.actor.userId)?.email ?? null) : null)
