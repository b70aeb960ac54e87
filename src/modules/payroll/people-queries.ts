import type { TenantScope } from '../../kernel/ctx'
import { teamCostCenterIds } from '../teams/cost-center-queries'
import { employmentOf } from '../users/employment-queries'
import type { WorkProfile } from '../users/schema'
import type { Role } from '../../kernel/ctx'

/** What payroll needs to know about a person: contract, team, work profile and cost center. */
export interface PayrollPerson {
  id: string
  name: string
  email: string
  primaryTeamId: string | null
  workProfile: WorkProfile
  /** Access role: rate cards can be set per role. */
  role: Role
  weeklyHours: number
  /** The user's own cost center, else the primary team's, else null. */
  costCenterId: string | null
}

/** People of the tenant (all, or those ids), with the cost center they report against. */
export function listPayrollPeople(c: TenantScope, userIds?: string[]): PayrollPerson[] {
  const people = employmentOf(c, userIds ?? null)
  const teamCenters = teamCostCenterIds(
    c,
    people.flatMap((p) => (p.primaryTeamId ? [p.primaryTeamId] : [])),
  )
  return people.map((p) => ({
    id: p.id,
    name: p.name,
    email: p.email,
    primaryTeamId: p.primaryTeamId,
    workProfile: p.workProfile,
    role: p.role,
    weeklyHours: p.weeklyHours,
    costCenterId: p.costCenterId ?? (p.primaryTeamId ? (teamCenters.get(p.primaryTeamId) ?? null) : null),
  }))
}
