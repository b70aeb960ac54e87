import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, tenantRef, uuidPk } from '../../db/columns'
import { plans, type PlanId } from '../tenants/schema'

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    planId: text('plan_id')
      .$type<PlanId>()
      .notNull()
      .references(() => plans.id),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    seats: integer('seats').notNull(),
    trialEndsAt: instant('trial_ends_at'),
    currentPeriodStart: instant('current_period_start').notNull(),
    currentPeriodEnd: instant('current_period_end').notNull(),
    trialEndingNotifiedAt: instant('trial_ending_notified_at'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [index('subscriptions_tenant_idx').on(t.tenantId, t.status)],
)

export const subscriptionsDoc = describeEntity(subscriptions, {
  entity: 'Subscription',
  description: "The tenant's subscription: plan, seats, trial and billing period.",
  exposedByTool: ['get_pricing_and_plans'],
  fields: {
    id: 'UUID of the subscription.',
    tenantId: 'Owning tenant.',
    planId: 'Subscribed plan.',
    status: 'trialing, active, past_due or canceled.',
    seats: 'Paid seats.',
    trialEndsAt: 'End of the free trial; null when not trialing.',
    currentPeriodStart: 'Start of the current billing period.',
    currentPeriodEnd: 'End of the current billing period.',
    trialEndingNotifiedAt: 'When subscription.trial_ending was emitted for this trial.',
    createdAt: 'When the subscription started.',
    updatedAt: 'Last change.',
  },
})

export const INVOICE_STATUSES = ['open', 'paid', 'failed', 'void'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

export const invoices = sqliteTable(
  'invoices',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull(),
    issuedAt: instant('issued_at').notNull(),
    paidAt: instant('paid_at'),
  },
  (t) => [index('invoices_tenant_issued_idx').on(t.tenantId, t.issuedAt)],
)

export const invoicesDoc = describeEntity(invoices, {
  entity: 'Invoice',
  description: 'A billing record of the tenant for one billing period.',
  fields: {
    id: 'UUID of the invoice.',
    tenantId: 'Owning tenant.',
    subscriptionId: 'Subscription billed.',
    number: 'Human invoice number.',
    periodStart: 'First date billed.',
    periodEnd: 'Last date billed.',
    amountCents: 'Total in cents.',
    currency: 'ISO 4217 currency.',
    status: 'open, paid, failed or void.',
    issuedAt: 'When the invoice was issued.',
    paidAt: 'When it was paid; null otherwise.',
  },
})

export const payments = sqliteTable(
  'payments',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<'succeeded' | 'failed'>().notNull(),
    failureReason: text('failure_reason'),
    attemptedAt: instant('attempted_at').notNull(),
  },
  (t) => [index('payments_tenant_invoice_idx').on(t.tenantId, t.invoiceId)],
)

export const paymentsDoc = describeEntity(payments, {
  entity: 'Payment',
  description: 'A payment attempt against an invoice; a failed one emits subscription.payment_failed.',
  fields: {
    id: 'UUID of the attempt.',
    tenantId: 'Owning tenant.',
    invoiceId: 'Invoice paid.',
    amountCents: 'Amount attempted, in cents.',
    status: 'succeeded or failed.',
    failureReason: 'Why it failed (card declined, …).',
    attemptedAt: 'When the attempt was made.',
  },
})
