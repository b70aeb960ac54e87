import { and, count, desc, eq } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { notFound } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { DAY } from '../../kernel/time'
import { users } from '../users/schema'
import { invoices, subscriptions, type InvoiceStatus, type SubscriptionStatus } from './schema'
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

export type InvoiceRow = typeof invoices.$inferSelect

/** One page of the tenant's invoices, newest first, and the total. */
export function listInvoicesPage(
  ctx: TenantBoundCtx,
  f: { status?: InvoiceStatus; offset: number; limit: number },
): { rows: InvoiceRow[]; total: number } {
  const where = and(eq(invoices.tenantId, ctx.tenant.id), f.status ? eq(invoices.status, f.status) : undefined)
  const rows = ctx.db.select().from(invoices).where(where).orderBy(desc(invoices.issuedAt), desc(invoices.number)).limit(f.limit).offset(f.offset).all()
  return { rows, total: ctx.db.select({ n: count() }).from(invoices).where(where).get()?.n ?? 0 }
}

/** Fetch-or-throw: another tenant's invoice is indistinguishable from a missing one. */
export function getInvoiceInTenant(ctx: TenantBoundCtx, invoiceId: string): InvoiceRow {
  const row = ctx.db.select().from(invoices).where(and(eq(invoices.tenantId, ctx.tenant.id), eq(invoices.id, invoiceId))).get()
  if (!row) throw notFound('Invoice')
  return row
}

/** Seats in use: people who are active (invited and deactivated people take no seat). */
export const countActiveSeats = (ctx: TenantBoundCtx): number =>
  ctx.db.select({ n: count() }).from(users).where(and(eq(users.tenantId, ctx.tenant.id), eq(users.status, 'active'))).get()?.n ?? 0
