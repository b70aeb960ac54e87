import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { events, webhookAttempts, webhookDeliveries, type DeliveryStatus } from './schema'
import type { AttemptRow, DeliveryRow } from './delivery-queries'

/** Delivery history of one subscription, newest first, as the deliveries endpoint lists it. */
export interface DeliveryHistoryItem {
  delivery: DeliveryRow
  eventType: string
  attempts: AttemptRow[]
}

export function listDeliveriesOfSubscription(
  ctx: TenantBoundCtx,
  q: { subscriptionId: string; status?: DeliveryStatus; page: number; pageSize: number },
): { items: DeliveryHistoryItem[]; total: number } {
  const where = and(
    eq(webhookDeliveries.tenantId, ctx.tenant.id),
    eq(webhookDeliveries.subscriptionId, q.subscriptionId),
    q.status ? eq(webhookDeliveries.status, q.status) : undefined,
  )
  const rows = ctx.db
    .select({ delivery: webhookDeliveries, eventType: events.type })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .all()
  const total = ctx.db.select({ n: count() }).from(webhookDeliveries).where(where).get()?.n ?? 0
  const ids = rows.map((r) => r.delivery.id)
  const attempts = ids.length
    ? ctx.db
        .select()
        .from(webhookAttempts)
        .where(and(eq(webhookAttempts.tenantId, ctx.tenant.id), inArray(webhookAttempts.deliveryId, ids)))
        .orderBy(asc(webhookAttempts.attempt))
        .all()
    : []
  const items = rows.map((r) => ({ ...r, attempts: attempts.filter((a) => a.deliveryId === r.delivery.id) }))
  return { items, total }
}

export function findDeliveryInTenant(ctx: TenantBoundCtx, deliveryId: string): DeliveryHistoryItem | null {
  const row = ctx.db
    .select({ delivery: webhookDeliveries, eventType: events.type })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.tenantId, ctx.tenant.id), eq(webhookDeliveries.id, deliveryId)))
    .get()
  if (!row) return null
  const attempts = ctx.db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.tenantId, ctx.tenant.id), eq(webhookAttempts.deliveryId, deliveryId)))
    .orderBy(asc(webhookAttempts.attempt))
    .all()
  return { ...row, attempts }
}
