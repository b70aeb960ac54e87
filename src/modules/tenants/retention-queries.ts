import { eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { retentionPolicies, tenants, type DataKind } from './schema'

/** Retention days per data kind of the plan of the context's tenant. */
export function retentionDaysOf(c: TenantScope): Map<DataKind, number> {
  const rows = c.db
    .select({ kind: retentionPolicies.dataKind, days: retentionPolicies.retentionDays })
    .from(retentionPolicies)
    .innerJoin(tenants, eq(tenants.planId, retentionPolicies.planId))
    .where(eq(tenants.id, c.tenant.id))
    .all()
  return new Map(rows.map((r) => [r.kind, r.days]))
}
