import type { TenantScope } from '../../kernel/ctx'
import { findUserInTenant, userIdsWithPrimaryTeam } from '../users/queries'
import { managedTeamIds, membershipTeamIdsOfUser, membershipUserIds } from './queries'

/*
 * The one membership rule: a person belongs to a team when they have a membership row in it or it
 * is their primary team (users.primary_team_id). A team is managed by its teams.manager_user_id and
 * by members with role_in_team manager (queries.ts managedTeamIds). Every visibility check (MCP
 * reads, REST reads, timesheet approvals, team filters) asks these functions, so a manager sees and
 * approves the same people everywhere.
 */

/** The people who belong to any of these teams. */
export function teamMemberIds(c: TenantScope, teamIds: string[]): string[] {
  if (teamIds.length === 0) return []
  return [...new Set([...membershipUserIds(c, teamIds), ...userIdsWithPrimaryTeam(c, teamIds)])]
}

/** The teams a person belongs to. */
export function teamIdsOf(c: TenantScope, userId: string): string[] {
  return teamIdsOfUser(c, { id: userId, primaryTeamId: findUserInTenant(c, userId)?.primaryTeamId ?? null })
}

/** teamIdsOf for a caller that already holds the user's row (sample ingestion): no second read of it. */
export function teamIdsOfUser(c: TenantScope, user: { id: string; primaryTeamId: string | null }): string[] {
  const primary = user.primaryTeamId
  const ids = membershipTeamIdsOfUser(c, user.id)
  return primary && !ids.includes(primary) ? [...ids, primary] : ids
}

/** True when `managerId` manages a team that `userId` belongs to (approvals are scoped by this). */
export function managesUser(c: TenantScope, managerId: string, userId: string): boolean {
  const managed = managedTeamIds(c, managerId)
  if (managed.length === 0) return false
  return teamIdsOf(c, userId).some((id) => managed.includes(id))
}
