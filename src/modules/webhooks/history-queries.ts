import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { deleteBatchBefore } from '../../kernel/purge'
import { events, webhookAttempts, webhookDeliveries, type DeliveryStatus } from './schema'
import type { AttemptRow, DeliveryRow } from './delivery-queries'

/** Delivery history of one subscription, newest first, as the deliveries endpoint lists it. */
export interface DeliveryHistoryItem {
  delivery: DeliveryRow
  eventType: string
  attempts: AttemptRow[]
}

export function listDeliveriesOfSubscription(
  c: TenantScope,
  q: { subscriptionId: string; status?: DeliveryStatus; page: number; pageSize: number },
): { items: DeliveryHistoryItem[]; total: number } {
  const where = and(
    eq(webhookDeliveries.tenantId, c.tenant.id),
    eq(webhookDeliveries.subscriptionId, q.subscriptionId),
    q.status ? eq(webhookDeliveries.status, q.status) : undefined,
  )
  const rows = c.db
    .select({ delivery: webhookDeliveries, eventType: events.type })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .all()
  const total = c.db.select({ n: count() }).from(webhookDeliveries).where(where).get()?.n ?? 0
  const ids = rows.map((r) => r.delivery.id)
  const attempts = ids.length
    ? c.db
        .select()
        .from(webhookAttempts)
        .where(and(eq(webhookAttempts.tenantId, c.tenant.id), inArray(webhookAttempts.deliveryId, ids)))
        .orderBy(asc(webhookAttempts.attempt))
        .all()
    : []
  const items = rows.map((r) => ({ ...r, attempts: attempts.filter((a) => a.deliveryId === r.delivery.id) }))
  return { items, total }
}

export function findDeliveryInTenant(c: TenantScope, deliveryId: string): DeliveryHistoryItem | null {
  const row = c.db
    .select({ delivery: webhookDeliveries, eventType: events.type })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.tenantId, c.tenant.id), eq(webhookDeliveries.id, deliveryId)))
    .get()
  if (!row) return null
  const attempts = c.db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.tenantId, c.tenant.id), eq(webhookAttempts.deliveryId, deliveryId)))
    .orderBy(asc(webhookAttempts.attempt))
    .all()
  return { ...row, attempts }
}

/** Retention: deletes at most `limit` finished deliveries created before `cutoff` (pending ones are still owed). */
export const purgeFinishedDeliveriesBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(c, webhookDeliveries, webhookDeliveries.createdAt, cutoff, limit, sql`completed_at is not null`)
