import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { newId } from '../../kernel/ids'
import type { InvoiceRow } from './queries'
import { invoices, payments, subscriptions, type InvoiceStatus, type SubscriptionStatus } from './schema'

type PaymentRow = typeof payments.$inferSelect

/** The newest invoice of a subscription still waiting for money (open, or failed before). */
export function findUnpaidInvoice(c: TenantScope, subscriptionId: string): InvoiceRow | null {
  return (
    c.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.tenantId, c.tenant.id), eq(invoices.subscriptionId, subscriptionId), inArray(invoices.status, ['open', 'failed'])))
      .orderBy(desc(invoices.issuedAt))
      .get() ?? null
  )
}

export function countInvoices(c: TenantScope): number {
  return c.db.select({ n: sql<number>`count(*)` }).from(invoices).where(eq(invoices.tenantId, c.tenant.id)).get()?.n ?? 0
}

export function insertInvoice(c: TenantScope, row: Omit<typeof invoices.$inferInsert, 'id' | 'tenantId'>): InvoiceRow {
  return c.db
    .insert(invoices)
    .values({ ...row, id: newId(), tenantId: c.tenant.id })
    .returning()
    .get()
}

export function setInvoiceStatus(c: TenantScope, invoiceId: string, status: InvoiceStatus): void {
  c.db
    .update(invoices)
    .set({ status })
    .where(and(eq(invoices.tenantId, c.tenant.id), eq(invoices.id, invoiceId)))
    .run()
}

export function insertPayment(c: TenantScope, row: Omit<typeof payments.$inferInsert, 'id' | 'tenantId'>): PaymentRow {
  return c.db
    .insert(payments)
    .values({ ...row, id: newId(), tenantId: c.tenant.id })
    .returning()
    .get()
}

export function setSubscriptionStatus(c: TenantScope, subscriptionId: string, status: SubscriptionStatus): void {
  c.db
    .update(subscriptions)
    .set({ status, updatedAt: c.now })
    .where(and(eq(subscriptions.tenantId, c.tenant.id), eq(subscriptions.id, subscriptionId)))
    .run()
}
