import { and, eq, inArray } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { users, type WorkProfile } from '../users/schema'
import { teams } from '../teams/schema'

/** What payroll needs to know about a person: contract, team, work profile and cost center. */
export interface PayrollPerson {
  id: string
  name: string
  email: string
  primaryTeamId: string | null
  workProfile: WorkProfile
  weeklyHours: number
  /** The user's own cost center, else the primary team's, else null. */
  costCenterId: string | null
}

/** People of the tenant (all, or those ids), with the cost center they report against. */
export function listPayrollPeople(ctx: TenantBoundCtx, userIds?: string[]): PayrollPerson[] {
  if (userIds && userIds.length === 0) return []
  const rows = ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      primaryTeamId: users.primaryTeamId,
      workProfile: users.workProfile,
      weeklyHours: users.weeklyHours,
      userCostCenterId: users.costCenterId,
      teamCostCenterId: teams.costCenterId,
    })
    .from(users)
    .leftJoin(teams, and(eq(teams.tenantId, users.tenantId), eq(teams.id, users.primaryTeamId)))
    .where(and(eq(users.tenantId, ctx.tenant.id), userIds ? inArray(users.id, userIds) : undefined))
    .all()
  return rows.map(({ userCostCenterId, teamCostCenterId, ...p }) => ({ ...p, costCenterId: userCostCenterId ?? teamCostCenterId ?? null }))
}
