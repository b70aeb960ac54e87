import { and, count, desc, eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { notFound } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { DAY } from '../../kernel/time'
import { invoices, subscriptions, type InvoiceStatus, type SubscriptionStatus } from './schema'
import type { PlanId } from '../tenants/schema'

/** The tenant's subscription to a plan (webhook subscriptions are another thing: webhooks module). */
export type PlanSubscriptionRow = typeof subscriptions.$inferSelect

/** Starts the tenant's subscription at the context's clock, for a first 30-day period. */
export function insertPlanSubscription(
  c: TenantScope,
  input: { planId: PlanId; status: SubscriptionStatus; seats: number; trialDays: number | null },
): PlanSubscriptionRow {
  return c.db
    .insert(subscriptions)
    .values({
      id: newId(),
      tenantId: c.tenant.id,
      planId: input.planId,
      status: input.status,
      seats: input.seats,
      trialEndsAt: input.trialDays ? c.now + input.trialDays * DAY : null,
      currentPeriodStart: c.now,
      currentPeriodEnd: c.now + 30 * DAY,
      createdAt: c.now,
      updatedAt: c.now,
    })
    .returning()
    .get()
}

export const findCurrentSubscription = (c: TenantScope): PlanSubscriptionRow | null =>
  c.db.select().from(subscriptions).where(eq(subscriptions.tenantId, c.tenant.id)).orderBy(desc(subscriptions.createdAt)).get() ?? null

export function updateSubscriptionPlan(c: TenantScope, subscriptionId: string, planId: PlanId): void {
  c.db
    .update(subscriptions)
    .set({ planId, updatedAt: c.now })
    .where(and(eq(subscriptions.tenantId, c.tenant.id), eq(subscriptions.id, subscriptionId)))
    .run()
}

export type InvoiceRow = typeof invoices.$inferSelect

/** One page of the tenant's invoices, newest first, and the total. */
export function listInvoicesPage(c: TenantScope, f: { status?: InvoiceStatus; offset: number; limit: number }): { rows: InvoiceRow[]; total: number } {
  const where = and(eq(invoices.tenantId, c.tenant.id), f.status ? eq(invoices.status, f.status) : undefined)
  const rows = c.db.select().from(invoices).where(where).orderBy(desc(invoices.issuedAt), desc(invoices.number)).limit(f.limit).offset(f.offset).all()
  return { rows, total: c.db.select({ n: count() }).from(invoices).where(where).get()?.n ?? 0 }
}

/** Fetch-or-throw: another tenant's invoice is indistinguishable from a missing one. */
export function getInvoiceInTenant(c: TenantScope, invoiceId: string): InvoiceRow {
  const row = c.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, c.tenant.id), eq(invoices.id, invoiceId)))
    .get()
  if (!row) throw notFound('Invoice')
  return row
}
