import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Int, Nullable } from '../../kernel/schemas'
import { findDefaultDemoTenant } from '../tenants/queries'
import { CHANGE_PLAN_PATH } from './change-plan'
import { RelatedResources, links } from './links'
import { PlanSchema, loadPlans } from './plans'

export const getPricingAndPlans = defineOperation({
  name: 'get_pricing_and_plans',
  title: 'Get pricing and plans',
  description:
    'The plans (Community, Starter, Professional, Business, Enterprise) with prices, features and data-retention periods, the free trial, demo mode and how to change plan. No key needed. Every plan except Community includes the MCP data tools; REST API and webhooks start at Business.',
  access: { role: 'public' },
  input: t.Object({}),
  output: t.Object({
    plans: t.Array(PlanSchema, { description: 'Cheapest first' }),
    current_plan: Nullable(t.String(), { description: "The caller's plan when a key was sent; null otherwise" }),
    free_trial: t.Object(
      { available: t.Boolean(), days: Int({ minimum: 0 }), plans: t.Array(t.String()), how_to_start: t.String() },
      { description: 'The free trial' },
    ),
    demo_mode: t.Object(
      { available: t.Boolean(), demo_tenant_id: Nullable(t.String(), { description: 'Readable id DEMO-######' }), how_to_use: t.String() },
      { description: 'Synthetic demo data to try the tools on' },
    ),
    related_resources: RelatedResources,
    upgrade_url: t.String({ description: 'Keyless guide (JSON) to changing plan on this appliance: the operator command' }),
    billing_portal_url: t.String({ description: 'The same guide: the appliance has no self-service billing portal' }),
    change_plan_note: t.String(),
    payment_integrations: t.Object({ supported: t.Array(t.String()), note: t.String() }, { description: 'How plans are paid for on an appliance' }),
    note: t.String({ description: 'Freshness of the data' }),
    data_source: t.Union([t.Literal('live_db'), t.Literal('fallback')], {
      description: 'live_db: read from the plans table now; fallback: the built-in catalogue',
    }),
  }),
  run(ctx) {
    const { plans, source } = loadPlans(ctx.db)
    const demo = findDefaultDemoTenant(ctx.db)
    const changePlanUrl = `${ctx.config.publicUrl.replace(/\/+$/, '')}${CHANGE_PLAN_PATH}`
    const l = links(ctx)
    return {
      plans,
      current_plan: ctx.tenant?.planId ?? null,
      free_trial: {
        available: true,
        days: plans.find((p) => p.id === 'business')?.trial_days ?? 14,
        plans: plans.filter((p) => !p.contact_sales && p.id !== 'community').map((p) => p.id),
        how_to_start: 'Call start_free_trial for the steps; the operator creates your company with `workforce tenant create`.',
      },
      demo_mode: {
        available: demo !== null,
        demo_tenant_id: demo?.readableId ?? null,
        how_to_use: 'Use the public demo key printed when the server starts, or call switch_to_demo in an MCP session.',
      },
      related_resources: l,
      // No billing portal on an appliance: both point to the keyless guide with the operator's command.
      upgrade_url: changePlanUrl,
      billing_portal_url: changePlanUrl,
      change_plan_note:
        'On this appliance the operator changes plans with `workforce plan set <plan> --tenant <TENANT>`; the change applies at once and emits subscription.plan_changed.',
      payment_integrations: { supported: ['invoice (Enterprise)', 'operator-managed licence'], note: 'The appliance itself processes no card payments.' },
      note: `Prices and plans as stored on this server now (${source === 'live_db' ? 'live database' : 'built-in catalogue'}); prices are per user per month in USD.`,
      data_source: source,
    }
  },
})
