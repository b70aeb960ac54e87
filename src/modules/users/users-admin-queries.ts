import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Role, TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { invitations, users, type UserStatus } from './schema'
import type { UserRow } from './queries'

export type InvitationRow = typeof invitations.$inferSelect

/**
 * Compare-and-set status change: moves the user only from one of `from`, so two concurrent
 * admin actions cannot both apply. Returns null when the user was not in such a state.
 */
export function updateUserStatus(
  c: TenantScope,
  userId: string,
  from: UserStatus[],
  patch: Pick<UserRow, 'status'> & Partial<Pick<UserRow, 'activatedAt' | 'deactivatedAt'>>,
): UserRow | null {
  return (
    c.db
      .update(users)
      .set(patch)
      .where(and(eq(users.tenantId, c.tenant.id), eq(users.id, userId), inArray(users.status, from)))
      .returning()
      .get() ?? null
  )
}

export function updateUserRole(c: TenantScope, userId: string, role: Role): UserRow {
  return c.db
    .update(users)
    .set({ role })
    .where(and(eq(users.tenantId, c.tenant.id), eq(users.id, userId)))
    .returning()
    .get()!
}

/** Active OwnerAdmins of the tenant: there must always be at least one. */
export function countActiveOwnerAdmins(c: TenantScope): number {
  const row = c.db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(and(eq(users.tenantId, c.tenant.id), eq(users.role, 'owner_admin'), eq(users.status, 'active')))
    .get()
  return row?.n ?? 0
}

/** Unscoped lookup for accepting an invitation: the token is the only credential, and names the tenant. */
export const findInvitationByTokenHash = (db: DbLike, tokenHash: string): InvitationRow | null =>
  db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).get() ?? null

/** The pending invitation sent to `email` (lower-cased) in the tenant, if any. */
export const findPendingInvitationByEmail = (c: TenantScope, email: string): InvitationRow | null =>
  c.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tenantId, c.tenant.id), eq(invitations.email, email.toLowerCase()), eq(invitations.status, 'pending')))
    .orderBy(sql`${invitations.createdAt} desc`)
    .get() ?? null

/** Replaces the token hash of a still pending invitation (a new email's link); false when it is no longer pending. */
export function setInvitationTokenHash(c: TenantScope, invitationId: string, tokenHash: string): boolean {
  const row = c.db
    .update(invitations)
    .set({ tokenHash })
    .where(and(eq(invitations.tenantId, c.tenant.id), eq(invitations.id, invitationId), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id })
    .get()
  return row !== undefined
}

/** Marks a pending invitation accepted; false when it was no longer pending (a concurrent accept). */
export function markInvitationAccepted(c: TenantScope, invitationId: string, userId: string): boolean {
  const row = c.db
    .update(invitations)
    .set({ status: 'accepted', acceptedAt: c.now, userId })
    .where(and(eq(invitations.tenantId, c.tenant.id), eq(invitations.id, invitationId), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id })
    .get()
  return row !== undefined
}
