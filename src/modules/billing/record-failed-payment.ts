import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { Id } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { findPlan, getTenantRow } from '../tenants/queries'
import { emit } from '../webhooks/outbox-queries'
import { findCurrentSubscription, type PlanSubscriptionRow } from './queries'
import { countInvoices, findUnpaidInvoice, insertInvoice, insertPayment, setInvoiceStatus, setSubscriptionStatus } from './payment-queries'

export const RecordFailedPaymentInput = t.Object({
  reason: t.Optional(t.String({ minLength: 1, maxLength: 200, description: 'Why the payment failed, as the payment provider said (default card_declined)' })),
})

export const RecordFailedPaymentOutput = t.Object({
  payment_id: Id,
  invoice_id: Id,
  invoice_number: t.String(),
  amount_cents: t.Integer(),
  currency: t.String(),
  reason: t.String(),
  subscription_status: t.Literal('past_due'),
})

/**
 * Records a failed payment against the unpaid invoice of the current subscription (issuing one
 * for the current period when none is unpaid): a failed payments row, the invoice failed, the
 * subscription past_due and subscription.payment_failed, in one transaction. Operator action.
 */
export const recordFailedPayment = defineOperation({
  name: 'record_failed_payment',
  title: 'Record a failed payment',
  description:
    'Records that the payment of the current invoice failed: the invoice becomes failed, the subscription past_due. Emits subscription.payment_failed. Used by the operator (workforce billing payment-failed).',
  access: { role: 'owner_admin', write: true },
  input: RecordFailedPaymentInput,
  output: RecordFailedPaymentOutput,
  run(ctx, input) {
    const reason = input.reason ?? 'card_declined'
    return inTransaction(ctx, (c) => {
      const sub = findCurrentSubscription(c)
      if (!sub) throw new DomainError('not_found', 'This tenant has no subscription.')
      const invoice = findUnpaidInvoice(c, sub.id) ?? issueInvoice(c, sub)
      const payment = insertPayment(c, { invoiceId: invoice.id, amountCents: invoice.amountCents, status: 'failed', failureReason: reason, attemptedAt: c.now })
      setInvoiceStatus(c, invoice.id, 'failed')
      setSubscriptionStatus(c, sub.id, 'past_due')
      emit(c, 'subscription.payment_failed', {
        subscriptionId: sub.id,
        plan: sub.planId,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        amountCents: invoice.amountCents,
        currency: invoice.currency,
        reason,
        previousStatus: sub.status,
        status: 'past_due',
        failedAt: toIso(c.now),
      })
      return {
        payment_id: payment.id,
        invoice_id: invoice.id,
        invoice_number: invoice.number,
        amount_cents: invoice.amountCents,
        currency: invoice.currency,
        reason,
        subscription_status: 'past_due' as const,
      }
    })
  },
})

/** An invoice for the subscription's current period: plan price per seat times seats. */
function issueInvoice(ctx: TenantBoundCtx, sub: PlanSubscriptionRow) {
  const plan = findPlan(ctx.db, sub.planId)
  return insertInvoice(ctx, {
    subscriptionId: sub.id,
    number: `${ctx.tenant.readableId}-${String(countInvoices(ctx) + 1).padStart(4, '0')}`,
    periodStart: toIso(sub.currentPeriodStart).slice(0, 10),
    periodEnd: toIso(sub.currentPeriodEnd).slice(0, 10),
    amountCents: (plan?.monthlyPriceCents ?? 0) * sub.seats,
    currency: getTenantRow(ctx).currency,
    status: 'open',
    issuedAt: ctx.now,
  })
}
