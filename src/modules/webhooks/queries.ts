import { and, count, desc, eq } from 'drizzle-orm'
import { newEventId } from '../../kernel/ids'
import type { DbLike } from '../../kernel/db'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { notFound } from '../../kernel/errors'
import { events, webhookSubscriptions } from './schema'
import type { EventName } from './event-names'
import type { EventPayload } from './catalog'
import { notifyEventsWritten } from './notifier'

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect
export type NewSubscriptionRow = typeof webhookSubscriptions.$inferInsert
export type EventRow = typeof events.$inferSelect

export interface EmittedEvent {
  id: string
  type: EventName
  occurredAt: number
}

/**
 * Writes an event to the outbox. Call it with the transaction of the state change that causes
 * the event, so both commit or neither does; delivery reads the outbox later. The payload type
 * comes from the event catalogue (catalog.ts), so a wrong shape does not compile.
 */
export function emitEvent<E extends EventName>(db: DbLike, tenantId: number, type: E, data: EventPayload<E>, occurredAt: number): EmittedEvent {
  const id = newEventId()
  db.insert(events).values({ id, tenantId, type, data: data as Record<string, unknown>, occurredAt }).run()
  notifyEventsWritten()
  return { id, type, occurredAt }
}

/** An event outside the catalogue that is not fanned out (the test event): already marked fanned out. */
export function insertUnlistedEvent(db: DbLike, tenantId: number, type: string, data: Record<string, unknown>, now: number): EventRow {
  return db.insert(events).values({ id: newEventId(), tenantId, type, data, occurredAt: now, fannedOutAt: now }).returning().get()
}

export const insertSubscription = (db: DbLike, row: NewSubscriptionRow): SubscriptionRow =>
  db.insert(webhookSubscriptions).values(row).returning().get()

export const countSubscriptions = (ctx: TenantBoundCtx): number =>
  ctx.db.select({ n: count() }).from(webhookSubscriptions).where(eq(webhookSubscriptions.tenantId, ctx.tenant.id)).get()?.n ?? 0

export function listSubscriptionsInTenant(ctx: TenantBoundCtx, page: number, pageSize: number): { rows: SubscriptionRow[]; total: number } {
  const rows = ctx.db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.tenantId, ctx.tenant.id))
    .orderBy(desc(webhookSubscriptions.createdAt), desc(webhookSubscriptions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all()
  return { rows, total: countSubscriptions(ctx) }
}

/** Fetch-or-throw: another tenant's subscription is indistinguishable from a missing one. */
export function getSubscriptionInTenant(ctx: TenantBoundCtx, id: string): SubscriptionRow {
  const row = ctx.db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, ctx.tenant.id), eq(webhookSubscriptions.id, id)))
    .get()
  if (!row) throw notFound('Webhook subscription')
  return row
}

export function deleteSubscriptionInTenant(ctx: TenantBoundCtx, id: string): void {
  ctx.db.delete(webhookSubscriptions).where(and(eq(webhookSubscriptions.tenantId, ctx.tenant.id), eq(webhookSubscriptions.id, id))).run()
}

export function updateSubscriptionSecret(ctx: TenantBoundCtx, id: string, secret: string): SubscriptionRow {
  return ctx.db
    .update(webhookSubscriptions)
    .set({ secret, updatedAt: ctx.now })
    .where(and(eq(webhookSubscriptions.tenantId, ctx.tenant.id), eq(webhookSubscriptions.id, id)))
    .returning()
    .get()!
}

/** Back to active with a clean health record; only events from now on are fanned out to it. */
export function reactivateSubscription(ctx: TenantBoundCtx, id: string): SubscriptionRow {
  return ctx.db
    .update(webhookSubscriptions)
    .set({ status: 'active', disabledReason: null, disabledAt: null, failingSince: null, updatedAt: ctx.now })
    .where(and(eq(webhookSubscriptions.tenantId, ctx.tenant.id), eq(webhookSubscriptions.id, id)))
    .returning()
    .get()!
}

/** One event of a batch: its name and the payload the catalogue fixes for it. */
export type EventInput = { [E in EventName]: { type: E; data: EventPayload<E> } }[EventName]

/** Writes many events of one tenant in chunked multi-row inserts (jobs that emit per user). */
export function emitEvents(db: DbLike, tenantId: number, list: EventInput[], occurredAt: number): number {
  const rows = list.map((e) => ({ id: newEventId(), tenantId, type: e.type, data: e.data as Record<string, unknown>, occurredAt }))
  for (let i = 0; i < rows.length; i += 500) db.insert(events).values(rows.slice(i, i + 500)).run()
  if (rows.length) notifyEventsWritten()
  return rows.length
}
