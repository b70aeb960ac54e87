import { and, count, desc, eq } from 'drizzle-orm'
import { newEventId } from '../../kernel/ids'
import type { Database, Statement } from 'bun:sqlite'
import { sqliteOf, type DbLike } from '../../kernel/db'
import type { TenantBoundCtx, TenantScope } from '../../kernel/ctx'
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
 * Writes an event of the context's tenant to the outbox, stamped with the context's clock. Call it
 * with the context of `inTransaction` that makes the state change, so both commit or neither does;
 * delivery reads the outbox later. The payload type comes from the event catalogue (catalog.ts),
 * so a wrong shape does not compile.
 */
export const emit = <E extends EventName>(c: TenantScope, type: E, data: EventPayload<E>): EmittedEvent =>
  emitEvent(c.db, c.tenant.id, type, data, c.now)

/** Writes many events of the context's tenant at once (jobs that emit per user); see emitEvents. */
export const emitAll = (c: TenantScope, list: EventInput[]): number => emitEvents(c.db, c.tenant.id, list, c.now)

/**
 * @deprecated in modules: use `emit(c, type, data)`. Kept for the global writers that have no
 * tenant context yet (failed logins found by key lookup).
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

const EVENT_CHUNK = 200
const eventInserts = new WeakMap<Database, Map<number, Statement>>()

/** A cached `insert into events` of `rows` rows; the columns mirror the `events` table of schema.ts. */
function multiRowEventInsert(sqlite: Database, rows: number): Statement {
  let byCount = eventInserts.get(sqlite)
  if (!byCount) eventInserts.set(sqlite, (byCount = new Map()))
  let stmt = byCount.get(rows)
  if (!stmt) {
    stmt = sqlite.prepare(`insert into events (id, tenant_id, type, data, occurred_at) values ${Array(rows).fill('(?, ?, ?, ?, ?)').join(', ')}`)
    byCount.set(rows, stmt)
  }
  return stmt
}

/**
 * Writes many events of one tenant (jobs that emit per user) with cached multi-row prepared
 * statements: the query builder costs about ten times as much per event, which dominated the
 * daily summary job (10,000 events).
 */
export function emitEvents(db: DbLike, tenantId: number, list: EventInput[], occurredAt: number): number {
  const sqlite = sqliteOf(db)
  for (let i = 0; i < list.length; i += EVENT_CHUNK) {
    const chunk = list.slice(i, i + EVENT_CHUNK)
    const params: (string | number)[] = []
    for (const e of chunk) params.push(newEventId(), tenantId, e.type, JSON.stringify(e.data), occurredAt)
    multiRowEventInsert(sqlite, chunk.length).run(...params)
  }
  if (list.length) notifyEventsWritten()
  return list.length
}
