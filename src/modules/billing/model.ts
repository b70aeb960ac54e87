import { t } from 'elysia'
import { DAY, toIso, toIsoOrNull } from '../../kernel/time'
import { DateOnly, Id, Instant, Nullable } from '../../kernel/schemas'
import type { PlanRow } from '../tenants/queries'
import type { InvoiceRow, PlanSubscriptionRow } from './queries'

export const InvoiceStatusEnum = t.Union([t.Literal('open'), t.Literal('paid'), t.Literal('failed'), t.Literal('void')], {
  description: 'open, paid, failed or void',
})

export const Invoice = t.Object({
  id: Id,
  number: t.String(),
  period_start: DateOnly,
  period_end: DateOnly,
  amount_cents: t.Integer(),
  currency: t.String(),
  status: InvoiceStatusEnum,
  issued_at: Instant,
  paid_at: Nullable(Instant),
})

export const toInvoice = (r: InvoiceRow) => ({
  id: r.id,
  number: r.number,
  period_start: r.periodStart,
  period_end: r.periodEnd,
  amount_cents: r.amountCents,
  currency: r.currency,
  status: r.status,
  issued_at: toIso(r.issuedAt),
  paid_at: toIsoOrNull(r.paidAt),
})

export const Plan = t.Object({
  id: t.String(),
  name: t.String(),
  monthly_price_cents: Nullable(t.Integer({ description: 'Per seat per month; null when sold by contact' })),
  currency: t.String(),
  contact_sales: t.Boolean(),
  features: t.Array(t.String()),
  max_seats: Nullable(t.Integer()),
  mcp_access: t.Boolean(),
  rest_access: t.Boolean(),
})

export const toPlan = (p: PlanRow) => ({
  id: p.id,
  name: p.name,
  monthly_price_cents: p.monthlyPriceCents,
  currency: p.currency,
  contact_sales: p.contactSales,
  features: p.features,
  max_seats: p.maxSeats,
  mcp_access: p.mcpAccess,
  rest_access: p.restAccess,
})

export const Subscription = t.Object({
  id: Id,
  status: t.Union([t.Literal('trialing'), t.Literal('active'), t.Literal('past_due'), t.Literal('canceled')]),
  seats: t.Integer({ description: 'Paid seats' }),
  seats_used: t.Integer({ description: 'Active people' }),
  seats_available: t.Integer({ description: 'Paid seats not in use (negative when over)' }),
  trial_ends_at: Nullable(Instant),
  trial_days_left: Nullable(t.Integer({ description: 'Whole days left in the trial; null when not trialing' })),
  current_period_start: Instant,
  current_period_end: Instant,
})

export function toSubscription(s: PlanSubscriptionRow, seatsUsed: number, now: number) {
  const trialing = s.status === 'trialing' && s.trialEndsAt !== null
  return {
    id: s.id,
    status: s.status,
    seats: s.seats,
    seats_used: seatsUsed,
    seats_available: s.seats - seatsUsed,
    trial_ends_at: toIsoOrNull(s.trialEndsAt),
    trial_days_left: trialing ? Math.max(0, Math.ceil((s.trialEndsAt! - now) / DAY)) : null,
    current_period_start: toIso(s.currentPeriodStart),
    current_period_end: toIso(s.currentPeriodEnd),
  }
}
