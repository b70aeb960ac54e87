import { and, eq, inArray } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { Role } from '../../kernel/ctx'
import { users, type UserStatus, type WorkProfile } from './schema'

/** What payroll and timesheets need to know about a person: status, contract, team, cost center. */
export interface EmploymentRow {
  id: string
  name: string
  email: string
  status: UserStatus
  /** Access role (rate cards can be set per role). */
  role: Role
  primaryTeamId: string | null
  workProfile: WorkProfile
  weeklyHours: number
  /** The user's own cost center (the primary team's default applies when null). */
  costCenterId: string | null
}

/** People of the tenant (all, or those ids), whatever their status. */
export function employmentOf(c: TenantScope, userIds: string[] | null): EmploymentRow[] {
  if (userIds !== null && userIds.length === 0) return []
  return c.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      status: users.status,
      role: users.role,
      primaryTeamId: users.primaryTeamId,
      workProfile: users.workProfile,
      weeklyHours: users.weeklyHours,
      costCenterId: users.costCenterId,
    })
    .from(users)
    .where(and(eq(users.tenantId, c.tenant.id), userIds === null ? undefined : inArray(users.id, userIds)))
    .all()
}
