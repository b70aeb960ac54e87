import { and, desc, eq } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import { newId } from '../../kernel/ids'
import { DAY } from '../../kernel/time'
import { subscriptions, type SubscriptionStatus } from './schema'
import type { PlanId } from '../tenants/schema'

export type SubscriptionRow = typeof subscriptions.$inferSelect

export function insertSubscription(
  db: DbLike,
  input: { tenantId: number; planId: PlanId; status: SubscriptionStatus; seats: number; trialDays: number | null },
  now: number,
): SubscriptionRow {
  return db
    .insert(subscriptions)
    .values({
      id: newId(),
      tenantId: input.tenantId,
      planId: input.planId,
      status: input.status,
      seats: input.seats,
      trialEndsAt: input.trialDays ? now + input.trialDays * DAY : null,
      currentPeriodStart: now,
      currentPeriodEnd: now + 30 * DAY,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get()
}

export const findCurrentSubscription = (db: DbLike, tenantId: number): SubscriptionRow | null =>
  db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenantId)).orderBy(desc(subscriptions.createdAt)).get() ?? null

export function updateSubscriptionPlan(db: DbLike, tenantId: number, subscriptionId: string, planId: PlanId, now: number): void {
  db.update(subscriptions)
    .set({ planId, updatedAt: now })
    .where(and(eq(subscriptions.tenantId, tenantId), eq(subscriptions.id, subscriptionId)))
    .run()
}
