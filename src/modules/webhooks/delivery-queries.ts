import { and, asc, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm'
import { newId } from '../../kernel/ids'
import type { TenantScope } from '../../kernel/ctx'
import { transaction, type DbLike } from '../../kernel/db'
import { events, type webhookAttempts, webhookDeliveries, webhookSubscriptions } from './schema'
import { selects } from './selection'
import type { EventRow } from './outbox-queries'
import type { WebhookSubscriptionRow } from './queries'

/**
 * The outbox side of webhooks: fan-out, claiming with a lease, recording attempts. These work
 * across tenants (the delivery job serves every tenant), each row carrying its tenant id.
 */
export type DeliveryRow = typeof webhookDeliveries.$inferSelect
export type AttemptRow = typeof webhookAttempts.$inferSelect

const newDeliveryId = (): string => `dlv_${newId().replaceAll('-', '')}`

/**
 * Creates the deliveries of up to `limit` events not yet fanned out and marks them. One
 * BEGIN IMMEDIATE transaction, so two processes never fan the same event out twice. A
 * subscription receives only events that happened after it was created.
 */
export function fanOutBatch(db: DbLike, now: number, limit: number): { events: number; deliveries: number } {
  // A plain read first: an idle tick takes no write lock.
  if (!db.select({ id: events.id }).from(events).where(isNull(events.fannedOutAt)).limit(1).get()) return { events: 0, deliveries: 0 }
  return transaction(db, (tx) => {
    const batch = tx.select().from(events).where(isNull(events.fannedOutAt)).orderBy(asc(events.occurredAt)).limit(limit).all()
    if (batch.length === 0) return { events: 0, deliveries: 0 }
    const tenantIds = [...new Set(batch.map((e) => e.tenantId))]
    const subs = tx
      .select()
      .from(webhookSubscriptions)
      .where(and(inArray(webhookSubscriptions.tenantId, tenantIds), eq(webhookSubscriptions.status, 'active')))
      .all()
    const rows = batch.flatMap((e) =>
      subs
        .filter((s) => s.tenantId === e.tenantId && s.createdAt <= e.occurredAt && selects(s.events ?? null, e.type))
        .map((s) => ({
          id: newDeliveryId(),
          tenantId: e.tenantId,
          eventId: e.id,
          subscriptionId: s.id,
          status: 'pending' as const,
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now,
        })),
    )
    for (let i = 0; i < rows.length; i += 500)
      tx.insert(webhookDeliveries)
        .values(rows.slice(i, i + 500))
        .run()
    tx.update(events)
      .set({ fannedOutAt: now })
      .where(
        inArray(
          events.id,
          batch.map((e) => e.id),
        ),
      )
      .run()
    return { events: batch.length, deliveries: rows.length }
  })
}

/** A delivery due now of one event to one subscription (the test event, which skips fan-out). */
export function insertPendingDelivery(c: TenantScope, eventId: string, subscriptionId: string): DeliveryRow {
  return c.db
    .insert(webhookDeliveries)
    .values({ id: newDeliveryId(), tenantId: c.tenant.id, eventId, subscriptionId, status: 'pending', attempts: 0, nextAttemptAt: c.now, createdAt: c.now })
    .returning()
    .get()
}

/** A delivery this process holds the lease of, with what it needs to send the attempt. */
export interface Claim {
  delivery: DeliveryRow
  event: EventRow
  subscription: WebhookSubscriptionRow
  attempt: number
  leaseUntil: number
}

/**
 * Takes up to `limit` due deliveries: pending, next attempt due, no live lease, subscription
 * active. Each claimed row gets `lease_until` and its attempt number in the same transaction,
 * so no other sender (thread of this process or another process) can send that attempt.
 * `perSubscription` caps how many of one endpoint's deliveries are in flight here.
 */
export function claimDue(
  db: DbLike,
  opts: { now: number; limit: number; leaseMs: number; busy: ReadonlyMap<string, number>; perSubscription: number; deliveryId?: string },
): Claim[] {
  const { now, limit } = opts
  if (limit <= 0) return []
  const saturated = [...opts.busy].filter(([, n]) => n >= opts.perSubscription).map(([id]) => id)
  return transaction(db, (tx) => {
    const candidates = tx
      .select({ delivery: webhookDeliveries, event: events, subscription: webhookSubscriptions })
      .from(webhookDeliveries)
      .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now)),
          eq(webhookSubscriptions.status, 'active'),
          saturated.length ? notInArray(webhookDeliveries.subscriptionId, saturated) : undefined,
          opts.deliveryId ? eq(webhookDeliveries.id, opts.deliveryId) : undefined,
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit * 4)
      .all()
    const taken = new Map(opts.busy)
    const leaseUntil = now + opts.leaseMs
    const claims: Claim[] = []
    for (const c of candidates) {
      if (claims.length >= limit) break
      const n = taken.get(c.subscription.id) ?? 0
      if (n >= opts.perSubscription) continue
      taken.set(c.subscription.id, n + 1)
      claims.push({ ...c, attempt: c.delivery.attempts + 1, leaseUntil })
    }
    if (claims.length) {
      tx.update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, leaseUntil, lastAttemptAt: now })
        .where(
          inArray(
            webhookDeliveries.id,
            claims.map((c) => c.delivery.id),
          ),
        )
        .run()
    }
    return claims
  })
}

/** Whether any delivery is due at `now` (a plain read, so an idle tick takes no write lock). */
export function hasDueDeliveries(db: DbLike, now: number): boolean {
  return (
    db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now)),
        ),
      )
      .limit(1)
      .get() !== undefined
  )
}

/** Deliveries waiting to be sent (pending, due or backing off), all tenants: the queue depth /metrics shows. */
export const countPendingDeliveries = (db: DbLike): number =>
  db.select({ n: sql<number>`count(*)` }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending')).get()?.n ?? 0

/** Gives up the pending deliveries of a subscription an admin disabled, except attempts in flight (settled by their sender). */
export function abandonPendingOfSubscription(c: TenantScope, subscriptionId: string, reason: string): void {
  c.db
    .update(webhookDeliveries)
    .set({ status: 'abandoned', nextAttemptAt: null, leaseUntil: null, lastError: reason, completedAt: c.now })
    .where(
      and(
        eq(webhookDeliveries.tenantId, c.tenant.id),
        eq(webhookDeliveries.subscriptionId, subscriptionId),
        eq(webhookDeliveries.status, 'pending'),
        or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, c.now)),
      ),
    )
    .run()
}
