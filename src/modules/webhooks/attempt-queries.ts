import { and, eq, isNull, lte, or, sql } from 'drizzle-orm'
import { transaction, type DbLike } from '../../kernel/db'
import { webhookAttempts, webhookDeliveries, webhookSubscriptions, type DeliveryStatus } from './schema'
import type { Claim } from './delivery-queries'
import type { WebhookSubscriptionRow } from './queries'

/** What one attempt led to, decided by the delivery engine. */
export interface AttemptRecord {
  startedAt: number
  durationMs: number
  responseStatus: number | null
  responseExcerpt: string | null
  error: string | null
  status: DeliveryStatus
  nextAttemptAt: number | null
  /** healthy: clears failing_since; failing: sets it if unset; disable: disables with a reason. */
  endpoint: { kind: 'healthy' } | { kind: 'failing' } | { kind: 'disable'; reason: string }
}

/**
 * Records an attempt if this sender still holds the lease (an expired lease means another sender
 * may have taken over: its record wins). Returns false when the lease was lost.
 */
export function recordAttempt(db: DbLike, claim: Claim, record: AttemptRecord, now: number): boolean {
  let rec = record
  return transaction(db, (tx) => {
    // The subscription may have been disabled while this attempt was in flight: no retry then.
    if (rec.status === 'pending' && !subscriptionActive(tx, claim.subscription)) rec = { ...rec, status: 'abandoned', nextAttemptAt: null }
    const done = rec.status !== 'pending'
    const updated = tx
      .update(webhookDeliveries)
      .set({
        status: rec.status,
        nextAttemptAt: rec.nextAttemptAt,
        leaseUntil: null,
        responseStatus: rec.responseStatus,
        responseExcerpt: rec.responseExcerpt,
        lastError: rec.error,
        completedAt: done ? now : null,
      })
      .where(
        and(eq(webhookDeliveries.id, claim.delivery.id), eq(webhookDeliveries.leaseUntil, claim.leaseUntil), eq(webhookDeliveries.attempts, claim.attempt)),
      )
      .returning({ id: webhookDeliveries.id })
      .get()
    if (!updated) return false
    tx.insert(webhookAttempts)
      .values({
        tenantId: claim.delivery.tenantId,
        deliveryId: claim.delivery.id,
        attempt: claim.attempt,
        startedAt: rec.startedAt,
        durationMs: rec.durationMs,
        responseStatus: rec.responseStatus,
        error: rec.error,
      })
      .run()
    updateEndpointHealth(tx, claim.subscription, rec.endpoint, now)
    return true
  })
}

const subscriptionActive = (db: DbLike, sub: WebhookSubscriptionRow): boolean =>
  db
    .select({ status: webhookSubscriptions.status })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, sub.tenantId), eq(webhookSubscriptions.id, sub.id)))
    .get()?.status === 'active'

function updateEndpointHealth(db: DbLike, sub: WebhookSubscriptionRow, endpoint: AttemptRecord['endpoint'], now: number): void {
  const where = and(eq(webhookSubscriptions.tenantId, sub.tenantId), eq(webhookSubscriptions.id, sub.id))
  // Conditional writes on the current row, not on the claim's snapshot: another attempt of the
  // same endpoint may have changed failing_since since this one was claimed.
  if (endpoint.kind === 'healthy') {
    db.update(webhookSubscriptions)
      .set({ failingSince: null })
      .where(and(where, sql`${webhookSubscriptions.failingSince} is not null`))
      .run()
  } else if (endpoint.kind === 'failing') {
    db.update(webhookSubscriptions)
      .set({ failingSince: now })
      .where(and(where, isNull(webhookSubscriptions.failingSince)))
      .run()
  } else {
    db.update(webhookSubscriptions)
      .set({ status: 'disabled', disabledReason: endpoint.reason, disabledAt: now, updatedAt: now })
      .where(and(where, eq(webhookSubscriptions.status, 'active')))
      .run()
    abandonPending(db, sub.tenantId, sub.id, now, `Not sent: the subscription was disabled (${endpoint.reason}).`)
  }
}

/** Gives up the pending deliveries of a subscription (it was disabled), except attempts in flight. */
function abandonPending(db: DbLike, tenantId: number, subscriptionId: string, now: number, reason: string): void {
  db.update(webhookDeliveries)
    .set({ status: 'abandoned', nextAttemptAt: null, leaseUntil: null, lastError: reason, completedAt: now })
    .where(
      and(
        eq(webhookDeliveries.tenantId, tenantId),
        eq(webhookDeliveries.subscriptionId, subscriptionId),
        eq(webhookDeliveries.status, 'pending'),
        // An attempt in flight keeps its lease and is settled when its sender records it.
        or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now)),
      ),
    )
    .run()
}
