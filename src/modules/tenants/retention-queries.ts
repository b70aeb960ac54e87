import { and, eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { retentionPolicies, tenantRetention, tenants, type DataKind } from './schema'

/** Retention days per data kind of the plan of the context's tenant (the upper bounds). */
export function planRetentionDaysOf(c: TenantScope): Map<DataKind, number> {
  const rows = c.db
    .select({ kind: retentionPolicies.dataKind, days: retentionPolicies.retentionDays })
    .from(retentionPolicies)
    .innerJoin(tenants, eq(tenants.planId, retentionPolicies.planId))
    .where(eq(tenants.id, c.tenant.id))
    .all()
  return new Map(rows.map((r) => [r.kind, r.days]))
}

/** The tenant's own (shorter) retention periods, per data kind. */
export function retentionOverridesOf(c: TenantScope): Map<DataKind, number> {
  const rows = c.db
    .select({ kind: tenantRetention.dataKind, days: tenantRetention.retentionDays })
    .from(tenantRetention)
    .where(eq(tenantRetention.tenantId, c.tenant.id))
    .all()
  return new Map(rows.map((r) => [r.kind, r.days]))
}

/**
 * Retention days per data kind for the context's tenant: the plan's period, or the tenant's own
 * override when that is shorter (an override can only shorten it, even after a plan change).
 */
export function retentionDaysOf(c: TenantScope): Map<DataKind, number> {
  const out = planRetentionDaysOf(c)
  for (const [kind, days] of retentionOverridesOf(c)) {
    const plan = out.get(kind)
    if (plan !== undefined) out.set(kind, Math.min(plan, days))
  }
  return out
}

/** Sets (days) or removes (null) the tenant's override for one data kind. */
export function setRetentionOverride(c: TenantScope, dataKind: DataKind, days: number | null): void {
  if (days === null) {
    c.db
      .delete(tenantRetention)
      .where(and(eq(tenantRetention.tenantId, c.tenant.id), eq(tenantRetention.dataKind, dataKind)))
      .run()
    return
  }
  c.db
    .insert(tenantRetention)
    .values({ tenantId: c.tenant.id, dataKind, retentionDays: days })
    .onConflictDoUpdate({ target: [tenantRetention.tenantId, tenantRetention.dataKind], set: { retentionDays: days } })
    .run()
}

/** Per data kind: the plan's period, the company's period and whether it is shorter (settings.retention). */
export function retentionRows(c: TenantScope): { data_kind: string; plan_days: number; days: number; overridden: boolean }[] {
  const plan = planRetentionDaysOf(c)
  const own = retentionDaysOf(c)
  return [...plan.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([kind, planDays]) => {
      const days = own.get(kind) ?? planDays
      return { data_kind: kind, plan_days: planDays, days, overridden: days < planDays }
    })
}
