import { and, eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { projects } from './schema'

/** Unassigns the projects charged to a cost center (delete_cost_center); returns how many. */
export const unassignProjectsFromCostCenter = (c: TenantScope, costCenterId: string): number =>
  c.db
    .update(projects)
    .set({ costCenterId: null })
    .where(and(eq(projects.tenantId, c.tenant.id), eq(projects.costCenterId, costCenterId)))
    .returning({ id: projects.id })
    .all().length
