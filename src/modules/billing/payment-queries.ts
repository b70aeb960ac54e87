import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { newId } from '../../kernel/ids'
import { invoices, payments, subscriptions, type InvoiceStatus, type SubscriptionStatus } from './schema'

export type InvoiceRow = typeof invoices.$inferSelect
export type PaymentRow = typeof payments.$inferSelect

/** The newest invoice of a subscription still waiting for money (open, or failed before). */
export function findUnpaidInvoice(ctx: TenantBoundCtx, subscriptionId: string): InvoiceRow | null {
  return (
    ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.tenantId, ctx.tenant.id), eq(invoices.subscriptionId, subscriptionId), inArray(invoices.status, ['open', 'failed'])))
      .orderBy(desc(invoices.issuedAt))
      .get() ?? null
  )
}

export function countInvoices(ctx: TenantBoundCtx): number {
  return ctx.db.select({ n: sql<number>`count(*)` }).from(invoices).where(eq(invoices.tenantId, ctx.tenant.id)).get()?.n ?? 0
}

export function insertInvoice(ctx: TenantBoundCtx, row: Omit<typeof invoices.$inferInsert, 'id' | 'tenantId'>): InvoiceRow {
  return ctx.db.insert(invoices).values({ ...row, id: newId(), tenantId: ctx.tenant.id }).returning().get()
}

export function setInvoiceStatus(ctx: TenantBoundCtx, invoiceId: string, status: InvoiceStatus): void {
  ctx.db.update(invoices).set({ status }).where(and(eq(invoices.tenantId, ctx.tenant.id), eq(invoices.id, invoiceId))).run()
}

export function insertPayment(ctx: TenantBoundCtx, row: Omit<typeof payments.$inferInsert, 'id' | 'tenantId'>): PaymentRow {
  return ctx.db.insert(payments).values({ ...row, id: newId(), tenantId: ctx.tenant.id }).returning().get()
}

export function setSubscriptionStatus(ctx: TenantBoundCtx, subscriptionId: string, status: SubscriptionStatus): void {
  ctx.db
    .update(subscriptions)
    .set({ status, updatedAt: ctx.now })
    .where(and(eq(subscriptions.tenantId, ctx.tenant.id), eq(subscriptions.id, subscriptionId)))
    .run()
}
