import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'

export const PLAN_IDS = ['community', 'starter', 'professional', 'business', 'enterprise'] as const
export type PlanId = (typeof PLAN_IDS)[number]

export const plans = sqliteTable('plans', {
  id: text('id').$type<PlanId>().primaryKey(),
  name: text('name').notNull(),
  monthlyPriceCents: integer('monthly_price_cents'),
  currency: text('currency').notNull().default('USD'),
  contactSales: integer('contact_sales', { mode: 'boolean' }).notNull().default(false),
  mcpAccess: integer('mcp_access', { mode: 'boolean' }).notNull(),
  restAccess: integer('rest_access', { mode: 'boolean' }).notNull(),
  features: text('features', { mode: 'json' }).$type<string[]>().notNull(),
  maxSeats: integer('max_seats'),
  trialDays: integer('trial_days').notNull().default(14),
  sortOrder: integer('sort_order').notNull(),
})

export const plansDoc = describeEntity(plans, {
  entity: 'Plan',
  description: 'A subscription plan: price, features, retention and which interfaces (MCP, REST) it includes.',
  exposedByTool: ['get_pricing_and_plans', 'get_capabilities'],
  fields: {
    id: 'Plan identifier: community, starter, professional, business or enterprise.',
    name: 'Display name.',
    monthlyPriceCents: 'Price per seat per month in cents; null when the plan is free or sold by contact.',
    currency: 'ISO 4217 currency of the price.',
    contactSales: 'True when the price is negotiated with sales (Enterprise).',
    mcpAccess: 'Whether keys of tenants on this plan may call the MCP data tools.',
    restAccess: 'Whether REST API tokens work on this plan (Business and above).',
    features: 'Feature names included in the plan.',
    maxSeats: 'Largest number of active users, null for unlimited.',
    trialDays: 'Length of a free trial of this plan, in days.',
    sortOrder: 'Position in price lists, cheapest first.',
  },
})

export const DATA_KINDS = [
  'screenshots',
  'activity_samples',
  'activity_blocks',
  'location_pings',
  'agent_sessions',
  'tool_calls',
  'webhook_deliveries',
  'webhook_events',
  'email_outbox',
  'ask_questions',
  'ingest_batches',
  'mcp_sessions',
  'job_runs',
] as const
export type DataKind = (typeof DATA_KINDS)[number]

export const retentionPolicies = sqliteTable(
  'retention_policies',
  {
    planId: text('plan_id')
      .$type<PlanId>()
      .notNull()
      .references(() => plans.id),
    dataKind: text('data_kind').$type<DataKind>().notNull(),
    retentionDays: integer('retention_days').notNull(),
  },
  (t) => [uniqueIndex('retention_policies_plan_kind_uq').on(t.planId, t.dataKind)],
)

export const retentionPoliciesDoc = describeEntity(retentionPolicies, {
  entity: 'RetentionPolicy',
  description:
    'How long screenshots and monitoring data are kept per plan; the retention job deletes older rows. Screenshots are never captured by this appliance, the row documents the policy.',
  exposedByTool: ['get_data_dictionary', 'get_pricing_and_plans'],
  fields: {
    planId: 'Plan the period applies to.',
    dataKind: 'Kind of data: screenshots, activity_samples, activity_blocks, location_pings, agent_sessions, tool_calls, webhook_deliveries.',
    retentionDays: 'Days data of this kind is kept before deletion.',
  },
})

export const GEOFENCE_POLICIES = ['off', 'record', 'enforce'] as const
export type GeofencePolicy = (typeof GEOFENCE_POLICIES)[number]

export const PAY_PERIODS = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const
export type PayPeriod = (typeof PAY_PERIODS)[number]

export const tenants = sqliteTable(
  'tenants',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    readableId: text('readable_id').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    planId: text('plan_id')
      .$type<PlanId>()
      .notNull()
      .references(() => plans.id),
    timezone: text('timezone').notNull().default('UTC'),
    isDemo: integer('is_demo', { mode: 'boolean' }).notNull().default(false),
    currency: text('currency').notNull().default('USD'),
    geofencePolicy: text('geofence_policy').$type<GeofencePolicy>().notNull().default('record'),
    presenceTapMinutes: integer('presence_tap_minutes'),
    idleThresholdSeconds: integer('idle_threshold_seconds').notNull().default(300),
    productivityDropThreshold: integer('productivity_drop_threshold').notNull().default(50),
    autoClockOutHours: integer('auto_clock_out_hours').notNull().default(14),
    payPeriod: text('pay_period').$type<PayPeriod>().notNull().default('weekly'),
    overtimeDailyHours: real('overtime_daily_hours').notNull().default(10),
    locale: text('locale').notNull().default('en-US'),
    weekStart: integer('week_start').notNull().default(1),
    payPeriodAnchor: text('pay_period_anchor'),
    payOvertimeDailyHours: real('pay_overtime_daily_hours'),
    payOvertimeWeeklyHours: real('pay_overtime_weekly_hours'),
    overtimeMultiplier: real('overtime_multiplier').notNull().default(1.5),
    paidBreakKinds: text('paid_break_kinds', { mode: 'json' }).$type<string[]>().notNull().default([]),
    outsideZoneMinutes: integer('outside_zone_minutes').notNull().default(15),
    createdAt: integer('created_at').notNull(),
    deletedAt: integer('deleted_at'),
  },
  (t) => [
    uniqueIndex('tenants_readable_id_uq').on(t.readableId),
    uniqueIndex('tenants_slug_uq').on(t.slug),
    index('tenants_demo_idx').on(t.isDemo).where(sql`deleted_at is null`),
  ],
)

export const tenantsDoc = describeEntity(tenants, {
  entity: 'Tenant',
  description: 'A company using the appliance. Every other record belongs to exactly one tenant.',
  exposedByTool: ['get_started_guide', 'switch_to_demo', 'switch_to_production'],
  fields: {
    id: 'Internal numeric key; never shown to clients.',
    readableId: 'Readable identifier, e.g. DEMO-123456 for demo tenants or WF-123456 for production ones.',
    slug: 'URL-safe name; the `tenant` field of webhook envelopes.',
    name: 'Company name.',
    planId: 'Current plan.',
    timezone: 'IANA time zone; dates and days are computed in it.',
    isDemo: 'True for synthetic demo tenants, which are read-only.',
    currency: 'ISO 4217 currency for payroll and billing.',
    geofencePolicy: 'off: ignore coordinates; record: store the geofence result; enforce: refuse clock-ins outside every office.',
    presenceTapMinutes: 'Minutes between presence confirmations while clocked in; null disables them.',
    idleThresholdSeconds: 'Idle time after which idle.detected is emitted.',
    productivityDropThreshold: 'Score (0-100) under which activity.productivity_drop is emitted.',
    autoClockOutHours: 'Open time logs older than this are closed by the gap-fill job (forgotten clock-outs).',
    payPeriod: 'Length of pay and timesheet periods.',
    overtimeDailyHours: 'Hours in one day above which work counts as unusual for workload alerts.',
    locale: 'BCP 47 locale for dates and numbers shown to people (e.g. de-DE).',
    weekStart: 'First day of the week for reports and overtime weeks, ISO weekday (1 = Monday … 7 = Sunday).',
    payPeriodAnchor:
      'A date on which a pay period starts (YYYY-MM-DD); biweekly periods repeat from it, monthly ones start on its day of month; null for the default (Mondays, the 1st).',
    payOvertimeDailyHours: 'Hours worked in one day above which pay counts overtime; null for no daily overtime.',
    payOvertimeWeeklyHours: "Hours worked in one week above which pay counts overtime; null for each person's contract hours.",
    overtimeMultiplier: 'Pay multiplier for overtime hours (1.5 = time and a half), unless a rate says otherwise.',
    paidBreakKinds: 'Break kinds that are paid (break, lunch); other breaks are unpaid and reduce worked hours.',
    outsideZoneMinutes: 'Minutes outside every office (while clocked in) after which location.outside_zone is emitted.',
    createdAt: 'When the tenant was created.',
    deletedAt: 'When the tenant was removed; null while active.',
  },
})

/**
 * A tenant's own retention periods: an admin may keep a kind of data for less time than the plan
 * allows, never longer (settings.retention). The retention job uses min(plan, override).
 */
export const tenantRetention = sqliteTable(
  'tenant_retention',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    dataKind: text('data_kind').$type<DataKind>().notNull(),
    retentionDays: integer('retention_days').notNull(),
  },
  (t) => [uniqueIndex('tenant_retention_tenant_kind_uq').on(t.tenantId, t.dataKind)],
)

export const tenantRetentionDoc = describeEntity(tenantRetention, {
  entity: 'TenantRetention',
  description: "A company's shorter retention period for one kind of data; the plan's period is the upper bound.",
  fields: {
    tenantId: 'Owning tenant.',
    dataKind: 'Kind of data, as in RetentionPolicy.',
    retentionDays: "Days data of this kind is kept; at most the plan's period.",
  },
})

/**
 * Each time zone's offset from UTC from one instant on (a row per change, zone-offsets.ts), for the
 * zones tenants use: it lets SQLite triggers place an instant on its tenant-local date (the kept
 * team hours place an open session on its week). Covers ZONE_RANGE; an instant outside it has no
 * offset (the last row's is null). Without rowid (the migration says so).
 */
export const zoneOffsets = sqliteTable(
  'zone_offsets',
  {
    zone: text('zone').notNull(),
    fromMs: integer('from_ms').notNull(),
    offsetMs: integer('offset_ms'),
  },
  (t) => [primaryKey({ columns: [t.zone, t.fromMs] })],
)

export const zoneOffsetsDoc = describeEntity(zoneOffsets, {
  entity: 'ZoneOffset',
  description:
    "A time zone's offset from UTC from one instant until the zone's next row, computed from the runtime's time zone data for the zones tenants use.",
  fields: {
    zone: 'IANA time zone name.',
    fromMs: 'From this instant on (epoch ms).',
    offsetMs: 'Offset from UTC in ms (east positive); null past the covered range.',
  },
})
