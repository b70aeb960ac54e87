import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { invitations, users, type InvitationStatus } from './schema'
import type { UserRow } from './queries'
import type { InvitationRow } from './users-admin-queries'

/** The columns an admin edits on a person (update_user, add_user). */
export type UserEdit = Partial<
  Pick<
    UserRow,
    'name' | 'email' | 'jobTitle' | 'employeeNumber' | 'weeklyHours' | 'costCenterId' | 'workProfile' | 'startDate' | 'homeOfficeId' | 'primaryTeamId'
  >
>

export function updateUserFields(c: TenantScope, userId: string, patch: UserEdit): UserRow {
  if (Object.keys(patch).length === 0) {
    return c.db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, c.tenant.id), eq(users.id, userId)))
      .get()!
  }
  return c.db
    .update(users)
    .set(patch)
    .where(and(eq(users.tenantId, c.tenant.id), eq(users.id, userId)))
    .returning()
    .get()!
}

/** Who else in the tenant carries this employee number (numbers are unique per tenant). */
export const findUserByEmployeeNumber = (c: TenantScope, employeeNumber: string, exceptUserId: string | null): UserRow | null =>
  c.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, c.tenant.id), eq(users.employeeNumber, employeeNumber), exceptUserId === null ? undefined : ne(users.id, exceptUserId)))
    .get() ?? null

/** Invitations of the tenant, newest first, optionally of one status. */
export const listInvitationRows = (c: TenantScope, status: InvitationStatus | null): InvitationRow[] =>
  c.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tenantId, c.tenant.id), status === null ? undefined : eq(invitations.status, status)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .all()

export const findInvitationInTenant = (c: TenantScope, invitationId: string): InvitationRow | null =>
  c.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tenantId, c.tenant.id), eq(invitations.id, invitationId)))
    .get() ?? null

/** The latest invitation sent to `email` (any status). */
export const latestInvitationTo = (c: TenantScope, email: string): InvitationRow | null =>
  c.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tenantId, c.tenant.id), eq(invitations.email, email.toLowerCase())))
    .orderBy(sql`${invitations.createdAt} desc`)
    .get() ?? null

/** Compare-and-set: changes an invitation only while it is in one of `from`; null otherwise. */
export function updateInvitation(
  c: TenantScope,
  invitationId: string,
  from: InvitationStatus[],
  patch: Partial<Pick<InvitationRow, 'status' | 'tokenHash' | 'expiresAt'>>,
): InvitationRow | null {
  return (
    c.db
      .update(invitations)
      .set(patch)
      .where(
        and(
          eq(invitations.tenantId, c.tenant.id),
          eq(invitations.id, invitationId),
          sql`${invitations.status} in (${sql.join(
            from.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        ),
      )
      .returning()
      .get() ?? null
  )
}

/** Clears the primary team of a person when it is this team (leaving the team). */
export function clearPrimaryTeamIf(c: TenantScope, userId: string, teamId: string): void {
  c.db
    .update(users)
    .set({ primaryTeamId: null })
    .where(and(eq(users.tenantId, c.tenant.id), eq(users.id, userId), eq(users.primaryTeamId, teamId)))
    .run()
}
