import { DAY } from '../../kernel/time'
import type { DbLike } from '../../kernel/db'
import { listRetentionPolicies, listTenants } from '../tenants/queries'
import { pruneDeliveries } from './delivery-queries'

/** Fallback when a plan has no webhook_deliveries retention row. */
export const DEFAULT_DELIVERY_RETENTION_DAYS = 30

/**
 * Deletes finished deliveries (and their attempts) older than the tenant plan's
 * webhook_deliveries retention period. Pending deliveries are never deleted.
 */
export function pruneDeliveryHistory(db: DbLike, now: number): number {
  const days = new Map(listRetentionPolicies(db).filter((p) => p.dataKind === 'webhook_deliveries').map((p) => [p.planId, p.retentionDays]))
  let deleted = 0
  for (const tenant of listTenants(db)) {
    const keep = days.get(tenant.planId) ?? DEFAULT_DELIVERY_RETENTION_DAYS
    deleted += pruneDeliveries(db, tenant.id, now - keep * DAY)
  }
  return deleted
}
