import { and, eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { WorkProfile } from '../users/schema'
import { teamMemberships, teams, type MembershipRole } from './schema'
import { findTeamInTenant, type MembershipRow, type TeamRow } from './queries'

/*
 * Writes of the team configuration (issue 14): rename, manager, default cost center and work
 * profile, delete, memberships. Reads live in queries.ts.
 */

export interface TeamEdit {
  name?: string
  description?: string | null
  costCenterId?: string | null
  workProfile?: WorkProfile | null
  managerUserId?: string | null
}

export function updateTeam(c: TenantScope, teamId: string, patch: TeamEdit): TeamRow {
  if (Object.keys(patch).length > 0) {
    c.db
      .update(teams)
      .set(patch)
      .where(and(eq(teams.tenantId, c.tenant.id), eq(teams.id, teamId)))
      .run()
  }
  return findTeamInTenant(c, teamId)!
}

/** Deletes a team; its membership rows go with it (users' primary team is cleared by the foreign key). */
export function deleteTeamRow(c: TenantScope, teamId: string): void {
  c.db
    .delete(teams)
    .where(and(eq(teams.tenantId, c.tenant.id), eq(teams.id, teamId)))
    .run()
}

export const findMembership = (c: TenantScope, teamId: string, userId: string): MembershipRow | null =>
  c.db
    .select()
    .from(teamMemberships)
    .where(and(eq(teamMemberships.tenantId, c.tenant.id), eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)))
    .get() ?? null

export function removeMembership(c: TenantScope, teamId: string, userId: string): boolean {
  const row = c.db
    .delete(teamMemberships)
    .where(and(eq(teamMemberships.tenantId, c.tenant.id), eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)))
    .returning({ userId: teamMemberships.userId })
    .get()
  return row !== undefined
}

export function setMembershipRole(c: TenantScope, teamId: string, userId: string, roleInTeam: MembershipRole): void {
  c.db
    .update(teamMemberships)
    .set({ roleInTeam })
    .where(and(eq(teamMemberships.tenantId, c.tenant.id), eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)))
    .run()
}

/** Members of a team with role_in_team manager. */
export const managerMemberIds = (c: TenantScope, teamId: string): string[] =>
  c.db
    .select({ userId: teamMemberships.userId })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.tenantId, c.tenant.id), eq(teamMemberships.teamId, teamId), eq(teamMemberships.roleInTeam, 'manager')))
    .all()
    .map((r) => r.userId)

/** Makes the user a member of the team when they are not yet (an existing role in it is kept). */
export function ensureMembership(c: TenantScope, teamId: string, userId: string): void {
  c.db
    .insert(teamMemberships)
    .values({ teamId, userId, roleInTeam: 'member', tenantId: c.tenant.id, joinedAt: c.now })
    .onConflictDoNothing({ target: [teamMemberships.teamId, teamMemberships.userId] })
    .run()
}

/** Moves every membership row of one team to another (a role there already is kept). */
export function moveMemberships(c: TenantScope, fromTeamId: string, toTeamId: string): void {
  const rows = c.db
    .select()
    .from(teamMemberships)
    .where(and(eq(teamMemberships.tenantId, c.tenant.id), eq(teamMemberships.teamId, fromTeamId)))
    .all()
  for (const r of rows) {
    c.db
      .insert(teamMemberships)
      .values({ teamId: toTeamId, userId: r.userId, roleInTeam: r.roleInTeam, tenantId: c.tenant.id, joinedAt: c.now })
      .onConflictDoNothing({ target: [teamMemberships.teamId, teamMemberships.userId] })
      .run()
  }
}
