import { and, eq, gt, isNull, lte } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import { tenants } from '../tenants/schema'
import { subscriptions } from './schema'

/** Trialing subscriptions ending within the window that were not yet announced, any tenant. */
export function trialsEndingUnannounced(db: DbLike, now: number, windowMs: number) {
  return db
    .select({ id: subscriptions.id, tenantId: subscriptions.tenantId, planId: subscriptions.planId, trialEndsAt: subscriptions.trialEndsAt, tenantName: tenants.name })
    .from(subscriptions)
    .innerJoin(tenants, eq(tenants.id, subscriptions.tenantId))
    .where(
      and(
        eq(subscriptions.status, 'trialing'),
        isNull(subscriptions.trialEndingNotifiedAt),
        gt(subscriptions.trialEndsAt, now),
        lte(subscriptions.trialEndsAt, now + windowMs),
        isNull(tenants.deletedAt),
      ),
    )
    .all()
}

/** Marks the announcement; false when another run already did (so the event is emitted once). */
export function markTrialEndingAnnounced(db: DbLike, subscriptionId: string, now: number): boolean {
  const rows = db
    .update(subscriptions)
    .set({ trialEndingNotifiedAt: now, updatedAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), isNull(subscriptions.trialEndingNotifiedAt)))
    .returning({ id: subscriptions.id })
    .all()
  return rows.length === 1
}

/**
 * Puts a subscription on a trial ending at `endsAt` (status trialing); a new trial is announced
 * again by subscription.trial_ending, so the previous announcement is cleared.
 */
export function setSubscriptionTrial(db: DbLike, tenantId: number, subscriptionId: string, endsAt: number, now: number) {
  return db
    .update(subscriptions)
    .set({ status: 'trialing', trialEndsAt: endsAt, trialEndingNotifiedAt: null, updatedAt: now })
    .where(and(eq(subscriptions.tenantId, tenantId), eq(subscriptions.id, subscriptionId)))
    .returning()
    .get()
}
