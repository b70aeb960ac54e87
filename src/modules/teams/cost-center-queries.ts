import { and, asc, eq, inArray } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { teams } from './schema'

/** The default cost center of each of these teams (null when the team has none). */
export function teamCostCenterIds(c: TenantScope, teamIds: string[]): Map<string, string | null> {
  const ids = [...new Set(teamIds)]
  if (ids.length === 0) return new Map()
  const rows = c.db
    .select({ id: teams.id, costCenterId: teams.costCenterId })
    .from(teams)
    .where(and(eq(teams.tenantId, c.tenant.id), inArray(teams.id, ids)))
    .all()
  return new Map(rows.map((r) => [r.id, r.costCenterId]))
}

/** Teams whose default cost center is this one, by name: what delete_cost_center refuses on. */
export const teamsWithCostCenter = (c: TenantScope, costCenterId: string): { id: string; name: string }[] =>
  c.db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.tenantId, c.tenant.id), eq(teams.costCenterId, costCenterId)))
    .orderBy(asc(teams.name))
    .all()
