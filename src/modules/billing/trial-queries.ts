import { and, eq, gt, isNull, lte } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { subscriptions } from './schema'

/** Trialing subscriptions ending within the window that were not yet announced, any tenant. */
export function trialsEndingUnannounced(db: DbLike, now: number, windowMs: number) {
  return db
    .select({ id: subscriptions.id, tenantId: subscriptions.tenantId, planId: subscriptions.planId, trialEndsAt: subscriptions.trialEndsAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'trialing'),
        isNull(subscriptions.trialEndingNotifiedAt),
        gt(subscriptions.trialEndsAt, now),
        lte(subscriptions.trialEndsAt, now + windowMs),
      ),
    )
    .all()
}

/** Marks the announcement; false when another run already did (so the event is emitted once). */
export function markTrialEndingAnnounced(c: TenantScope, subscriptionId: string): boolean {
  const rows = c.db
    .update(subscriptions)
    .set({ trialEndingNotifiedAt: c.now, updatedAt: c.now })
    .where(and(eq(subscriptions.tenantId, c.tenant.id), eq(subscriptions.id, subscriptionId), isNull(subscriptions.trialEndingNotifiedAt)))
    .returning({ id: subscriptions.id })
    .all()
  return rows.length === 1
}

/**
 * Puts a subscription on a trial ending at `endsAt` (status trialing); a new trial is announced
 * again by subscription.trial_ending, so the previous announcement is cleared.
 */
export function setSubscriptionTrial(c: TenantScope, subscriptionId: string, endsAt: number) {
  return c.db
    .update(subscriptions)
    .set({ status: 'trialing', trialEndsAt: endsAt, trialEndingNotifiedAt: null, updatedAt: c.now })
    .where(and(eq(subscriptions.tenantId, c.tenant.id), eq(subscriptions.id, subscriptionId)))
    .returning()
    .get()
}
