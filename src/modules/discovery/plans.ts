import { t } from 'elysia'
import type { DbLike } from '../../kernel/db'
import { Int, Nullable } from '../../kernel/schemas'
import { PLAN_CATALOG } from '../tenants/plans-catalog'
import { listPlans, listRetentionPolicies } from '../tenants/queries'
import { DATA_KINDS, type DataKind } from '../tenants/schema'

const Days = Int({ minimum: 0 })

export const PlanSchema = t.Object(
  {
    id: t.String({ description: 'community, starter, professional, business or enterprise' }),
    name: t.String(),
    monthly_price: Nullable(t.Number({ minimum: 0 }), { description: 'Price per user per month; null when sold by contact (Enterprise)' }),
    currency: t.String(),
    price_display: t.String({ description: 'e.g. "14 USD per user per month" or "Contact sales"' }),
    contact_sales: t.Boolean(),
    mcp_access: t.Boolean({ description: 'Whether AI clients may use the data tools (all plans but Community)' }),
    rest_access: t.Boolean({ description: 'REST API and webhooks (Business and Enterprise)' }),
    features: t.Array(t.String()),
    max_seats: Nullable(Int({ minimum: 1 }), { description: 'null for unlimited' }),
    trial_days: Int({ minimum: 0 }),
    retention_days: t.Object(Object.fromEntries(DATA_KINDS.map((k) => [k, Days])) as Record<DataKind, typeof Days>, {
      description: 'Days each kind of data is kept on this plan',
    }),
  },
  { description: 'A plan with its price, features and retention periods' },
)

type Plan = (typeof PlanSchema)['static']

const priceDisplay = (cents: number | null, currency: string, contact: boolean) =>
  contact || cents === null ? 'Contact sales' : cents === 0 ? 'Free' : `${cents / 100} ${currency} per user per month`

/** Plans from the plans table (live_db); the built-in catalogue when the table cannot be read. */
export function loadPlans(db: DbLike): { plans: Plan[]; source: 'live_db' | 'fallback' } {
  try {
    const rows = listPlans(db)
    if (rows.length === 0) throw new Error('no plans')
    const retention = listRetentionPolicies(db)
    const plans = rows.map((p) => ({
      id: p.id,
      name: p.name,
      monthly_price: p.monthlyPriceCents === null ? null : p.monthlyPriceCents / 100,
      currency: p.currency,
      price_display: priceDisplay(p.monthlyPriceCents, p.currency, p.contactSales),
      contact_sales: p.contactSales,
      mcp_access: p.mcpAccess,
      rest_access: p.restAccess,
      features: p.features,
      max_seats: p.maxSeats,
      trial_days: p.trialDays,
      retention_days: Object.fromEntries(
        DATA_KINDS.map((k) => [k, retention.find((r) => r.planId === p.id && r.dataKind === k)?.retentionDays ?? 0]),
      ) as Record<DataKind, number>,
    }))
    return { plans, source: 'live_db' }
  } catch {
    const plans = PLAN_CATALOG.map((p) => ({
      id: p.id,
      name: p.name,
      monthly_price: p.monthlyPriceCents === null ? null : p.monthlyPriceCents / 100,
      currency: 'USD',
      price_display: priceDisplay(p.monthlyPriceCents, 'USD', p.contactSales),
      contact_sales: p.contactSales,
      mcp_access: p.mcpAccess,
      rest_access: p.restAccess,
      features: p.features,
      max_seats: p.maxSeats,
      trial_days: 14,
      retention_days: p.retentionDays,
    }))
    return { plans, source: 'fallback' }
  }
}
