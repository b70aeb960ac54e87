import { t } from 'elysia'
import { DateOnly, Id, Instant, Nullable } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import type { ProjectBillRateRow } from './bill-rate-queries'

export const ProjectBillRate = t.Object({
  id: Id,
  project_id: Id,
  hourly_rate_cents: t.Integer({ description: 'Hourly bill rate, in cents of the currency' }),
  currency: t.String({ description: 'ISO 4217 currency (the tenant currency)' }),
  effective_from: DateOnly,
  effective_to: Nullable(DateOnly),
  created_at: Instant,
})

export const toProjectBillRate = (r: ProjectBillRateRow) => ({
  id: r.id,
  project_id: r.projectId,
  hourly_rate_cents: r.hourlyRateCents,
  currency: r.currency,
  effective_from: r.effectiveFrom,
  effective_to: r.effectiveTo,
  created_at: toIso(r.createdAt),
})

/** What the audit log keeps of a bill rate (bill_rate.created / bill_rate.ended). */
export const auditedBillRate = (r: ProjectBillRateRow) => ({
  project_id: r.projectId,
  hourly_rate_cents: r.hourlyRateCents,
  currency: r.currency,
  effective_from: r.effectiveFrom,
  effective_to: r.effectiveTo,
})
