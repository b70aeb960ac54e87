import { sql } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { users } from '../users/schema'
import { teamMemberships, teams } from './schema'

/**
 * True when `managerId` manages a team that `userId` belongs to. A team is managed by its
 * teams.manager_user_id and by members with role_in_team 'manager'; a user belongs to a team by
 * membership or as their primary team. Approvals and team visibility are scoped by this.
 */
export function managesUser(ctx: TenantBoundCtx, managerId: string, userId: string): boolean {
  const tenantId = ctx.tenant.id
  const row = ctx.db.get<{ one: number }>(sql`
    select 1 as one from ${teams} t
    where t.tenant_id = ${tenantId}
      and (t.manager_user_id = ${managerId}
        or exists (select 1 from ${teamMemberships} m where m.tenant_id = ${tenantId} and m.team_id = t.id
                   and m.user_id = ${managerId} and m.role_in_team = 'manager'))
      and (exists (select 1 from ${teamMemberships} m where m.tenant_id = ${tenantId} and m.team_id = t.id and m.user_id = ${userId})
        or exists (select 1 from ${users} u where u.tenant_id = ${tenantId} and u.id = ${userId} and u.primary_team_id = t.id))
    limit 1`)
  return row !== undefined
}
