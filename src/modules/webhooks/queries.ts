import { and, count, desc, eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { isSealed } from '../../kernel/secret-box'
import { notFound } from '../../kernel/errors'
import { webhookSubscriptions } from './schema'

// The outbox writers live in outbox-queries.ts; modules reach them through this file.

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect
type NewWebhookSubscriptionRow = typeof webhookSubscriptions.$inferInsert

export const insertWebhookSubscription = (c: TenantScope, row: Omit<NewWebhookSubscriptionRow, 'tenantId'>): WebhookSubscriptionRow =>
  c.db
    .insert(webhookSubscriptions)
    .values({ ...row, tenantId: c.tenant.id })
    .returning()
    .get()

export const countSubscriptions = (c: TenantScope): number =>
  c.db.select({ n: count() }).from(webhookSubscriptions).where(eq(webhookSubscriptions.tenantId, c.tenant.id)).get()?.n ?? 0

export function listSubscriptionsInTenant(c: TenantScope, page: number, pageSize: number): { rows: WebhookSubscriptionRow[]; total: number } {
  const rows = c.db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.tenantId, c.tenant.id))
    .orderBy(desc(webhookSubscriptions.createdAt), desc(webhookSubscriptions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all()
  return { rows, total: countSubscriptions(c) }
}

/** Fetch-or-throw: another tenant's subscription is indistinguishable from a missing one. */
export function getSubscriptionInTenant(c: TenantScope, id: string): WebhookSubscriptionRow {
  const row = c.db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, c.tenant.id), eq(webhookSubscriptions.id, id)))
    .get()
  if (!row) throw notFound('Webhook subscription')
  return row
}

export function deleteSubscriptionInTenant(c: TenantScope, id: string): void {
  c.db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, c.tenant.id), eq(webhookSubscriptions.id, id)))
    .run()
}

export function updateSubscriptionSecret(c: TenantScope, id: string, secret: string): WebhookSubscriptionRow {
  return c.db
    .update(webhookSubscriptions)
    .set({ secret, updatedAt: c.now })
    .where(and(eq(webhookSubscriptions.tenantId, c.tenant.id), eq(webhookSubscriptions.id, id)))
    .returning()
    .get()!
}

/** Back to active with a clean health record; only events from now on are fanned out to it. */
export function reactivateSubscription(c: TenantScope, id: string): WebhookSubscriptionRow {
  return c.db
    .update(webhookSubscriptions)
    .set({ status: 'active', disabledReason: null, disabledAt: null, failingSince: null, updatedAt: c.now })
    .where(and(eq(webhookSubscriptions.tenantId, c.tenant.id), eq(webhookSubscriptions.id, id)))
    .returning()
    .get()!
}

/**
 * Seals the signing secrets of every tenant still stored in clear (written before secrets were
 * encrypted). Idempotent: sealed rows are left alone; a row changed meanwhile is skipped.
 */
export function sealPlaintextSigningSecrets(db: DbLike, seal: (plain: string, subscriptionId: string) => string): number {
  const rows = db.select({ id: webhookSubscriptions.id, secret: webhookSubscriptions.secret }).from(webhookSubscriptions).all()
  const plain = rows.filter((r) => !isSealed(r.secret))
  for (const r of plain) {
    db.update(webhookSubscriptions)
      .set({ secret: seal(r.secret, r.id) })
      .where(and(eq(webhookSubscriptions.id, r.id), eq(webhookSubscriptions.secret, r.secret)))
      .run()
  }
  return plain.length
}

/** Turned off by an admin: nothing is fanned out to it until it is enabled again. */
export function deactivateSubscription(c: TenantScope, id: string, reason: string): WebhookSubscriptionRow {
  return c.db
    .update(webhookSubscriptions)
    .set({ status: 'disabled', disabledReason: reason, disabledAt: c.now, updatedAt: c.now })
    .where(and(eq(webhookSubscriptions.tenantId, c.tenant.id), eq(webhookSubscriptions.id, id)))
    .returning()
    .get()!
}
