import { and, asc, eq, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { costCenters } from './schema'

/*
 * Cost centers as configuration (issue 14): created, renamed and listed by an admin; people and
 * teams are assigned to them (users.cost_center_id, teams.cost_center_id). Kept apart from
 * queries.ts, which serves the payroll calculations.
 */

export type CostCenter = typeof costCenters.$inferSelect

export const costCentersOf = (c: TenantScope): CostCenter[] =>
  c.db.select().from(costCenters).where(eq(costCenters.tenantId, c.tenant.id)).orderBy(asc(costCenters.code)).all()

export const findCostCenterById = (c: TenantScope, id: string): CostCenter | null =>
  c.db
    .select()
    .from(costCenters)
    .where(and(eq(costCenters.tenantId, c.tenant.id), eq(costCenters.id, id)))
    .get() ?? null

/** By accounting code, case-insensitively (codes are unique per tenant). */
export const findCostCenterByCode = (c: TenantScope, code: string): CostCenter | null =>
  c.db
    .select()
    .from(costCenters)
    .where(and(eq(costCenters.tenantId, c.tenant.id), sql`lower(${costCenters.code}) = lower(${code})`))
    .get() ?? null

export const insertCostCenter = (c: TenantScope, row: { id: string; code: string; name: string }): CostCenter =>
  c.db
    .insert(costCenters)
    .values({ ...row, tenantId: c.tenant.id, createdAt: c.now })
    .returning()
    .get()

export const updateCostCenter = (c: TenantScope, id: string, patch: { code?: string; name?: string }): CostCenter =>
  c.db
    .update(costCenters)
    .set(patch)
    .where(and(eq(costCenters.tenantId, c.tenant.id), eq(costCenters.id, id)))
    .returning()
    .get()!

export const deleteCostCenterRow = (c: TenantScope, id: string): void => {
  c.db
    .delete(costCenters)
    .where(and(eq(costCenters.tenantId, c.tenant.id), eq(costCenters.id, id)))
    .run()
}
