import { and, asc, eq } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { costCenters } from '../payroll/schema'
import { teamMemberships, teams, type MembershipRole } from '../teams/schema'

/** The reads of a person's profile beyond the users row: their teams and their cost center. */
export interface UserTeamRow {
  teamId: string
  name: string
  roleInTeam: MembershipRole
  joinedAt: number
}

/** Teams a user is a member of, by name. */
export function teamsOfUser(ctx: TenantBoundCtx, userId: string): UserTeamRow[] {
  return ctx.db
    .select({ teamId: teams.id, name: teams.name, roleInTeam: teamMemberships.roleInTeam, joinedAt: teamMemberships.joinedAt })
    .from(teamMemberships)
    .innerJoin(teams, and(eq(teams.tenantId, teamMemberships.tenantId), eq(teams.id, teamMemberships.teamId)))
    .where(and(eq(teamMemberships.tenantId, ctx.tenant.id), eq(teamMemberships.userId, userId)))
    .orderBy(asc(teams.name))
    .all()
}

export interface CostCenterRef {
  id: string
  code: string
  name: string
}

export function findCostCenter(ctx: TenantBoundCtx, id: string): CostCenterRef | null {
  return (
    ctx.db
      .select({ id: costCenters.id, code: costCenters.code, name: costCenters.name })
      .from(costCenters)
      .where(and(eq(costCenters.tenantId, ctx.tenant.id), eq(costCenters.id, id)))
      .get() ?? null
  )
}
