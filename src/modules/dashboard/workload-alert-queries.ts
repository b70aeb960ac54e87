import { and, eq, inArray, max } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { newId } from '../../kernel/ids'
import { workloadAlerts, type AlertKind } from './schema'

type WorkloadAlertRow = typeof workloadAlerts.$inferSelect

/** Stored workload alerts of one tenant-local date, of these users (all when null). */
export function storedAlertsOn(ctx: TenantScope, date: string, userIds: string[] | null): WorkloadAlertRow[] {
  if (userIds !== null && userIds.length === 0) return []
  const rows = ctx.db
    .select()
    .from(workloadAlerts)
    .where(and(eq(workloadAlerts.tenantId, ctx.tenant.id), eq(workloadAlerts.date, date)))
    .all()
  const wanted = userIds === null ? null : new Set(userIds)
  return rows.filter((r) => wanted === null || wanted.has(r.userId))
}

/** When the alerts of a date were last computed, or null when none are stored. */
export const storedAlertsComputedAt = (ctx: TenantScope, date: string): number | null =>
  ctx.db
    .select({ at: max(workloadAlerts.createdAt) })
    .from(workloadAlerts)
    .where(and(eq(workloadAlerts.tenantId, ctx.tenant.id), eq(workloadAlerts.date, date)))
    .get()?.at ?? null

export interface AlertValues {
  userId: string
  kind: AlertKind
  severity: 'info' | 'warning' | 'critical'
  message: string
  details: Record<string, unknown>
}

export function insertAlert(ctx: TenantScope, date: string, a: AlertValues): void {
  ctx.db
    .insert(workloadAlerts)
    .values({ id: newId(), tenantId: ctx.tenant.id, date, ...a, createdAt: ctx.now })
    .run()
}

/** Rewrites a stored alert whose figures changed (createdAt becomes the time of the new figures). */
export function updateAlert(ctx: TenantScope, id: string, a: Pick<AlertValues, 'severity' | 'message' | 'details'>): void {
  ctx.db
    .update(workloadAlerts)
    .set({ ...a, createdAt: ctx.now })
    .where(and(eq(workloadAlerts.tenantId, ctx.tenant.id), eq(workloadAlerts.id, id)))
    .run()
}

export function deleteAlerts(ctx: TenantScope, ids: string[]): void {
  for (let i = 0; i < ids.length; i += 500) {
    ctx.db
      .delete(workloadAlerts)
      .where(and(eq(workloadAlerts.tenantId, ctx.tenant.id), inArray(workloadAlerts.id, ids.slice(i, i + 500))))
      .run()
  }
}
