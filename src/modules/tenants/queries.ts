import { and, eq, isNull, sql } from 'drizzle-orm'
import { prepared, type DbLike } from '../../kernel/db'
import type { TenantCtx, TenantScope } from '../../kernel/ctx'
import { plans, retentionPolicies, tenants, type GeofencePolicy, type PayPeriod, type PlanId } from './schema'
import { notFound } from '../../kernel/errors'
import { PLAN_CATALOG } from './plans-catalog'
import { ensureZoneOffsets } from './zone-offsets'

export type TenantRow = typeof tenants.$inferSelect
type NewTenantRow = typeof tenants.$inferInsert
export type PlanRow = typeof plans.$inferSelect

/** Writes the plan catalogue and retention periods (idempotent; run at every start). */
export function upsertPlanCatalog(db: DbLike): void {
  PLAN_CATALOG.forEach((p, i) => {
    const row = {
      id: p.id,
      name: p.name,
      monthlyPriceCents: p.monthlyPriceCents,
      currency: 'USD',
      contactSales: p.contactSales,
      mcpAccess: p.mcpAccess,
      restAccess: p.restAccess,
      features: p.features,
      maxSeats: p.maxSeats,
      trialDays: 14,
      sortOrder: i,
    }
    db.insert(plans).values(row).onConflictDoUpdate({ target: plans.id, set: row }).run()
    for (const [dataKind, retentionDays] of Object.entries(p.retentionDays)) {
      db.insert(retentionPolicies)
        .values({ planId: p.id, dataKind: dataKind as keyof typeof p.retentionDays, retentionDays })
        .onConflictDoUpdate({ target: [retentionPolicies.planId, retentionPolicies.dataKind], set: { retentionDays } })
        .run()
    }
  })
}

const tenantCtxColumns = {
  id: tenants.id,
  readableId: tenants.readableId,
  slug: tenants.slug,
  name: tenants.name,
  planId: tenants.planId,
  timezone: tenants.timezone,
  isDemo: tenants.isDemo,
  mcpAccess: plans.mcpAccess,
  restAccess: plans.restAccess,
}

/** The tenant as a request context sees it: identity, zone, mode and plan entitlements. */
export function findTenantCtx(db: DbLike, tenantId: number): TenantCtx | null {
  const stmt = prepared(db, 'tenants.ctx', (d) =>
    d
      .select(tenantCtxColumns)
      .from(tenants)
      .innerJoin(plans, eq(plans.id, tenants.planId))
      .where(and(eq(tenants.id, sql.placeholder('tenantId')), isNull(tenants.deletedAt)))
      .prepare(),
  )
  return stmt.get({ tenantId }) ?? null
}

/**
 * Authentication's read of a key's tenant: the context (as findTenantCtx) and the tenant's full
 * row in the same one statement, so that operations of the request need not read the row again
 * (TenantCtx.asOfAuth; read it through tenantRowAsOfAuth).
 */
export function findTenantForAuth(db: DbLike, tenantId: number): { ctx: TenantCtx; row: TenantRow } | null {
  const stmt = prepared(db, 'tenants.forAuth', (d) =>
    d
      .select({ row: tenants, mcpAccess: plans.mcpAccess, restAccess: plans.restAccess })
      .from(tenants)
      .innerJoin(plans, eq(plans.id, tenants.planId))
      .where(and(eq(tenants.id, sql.placeholder('tenantId')), isNull(tenants.deletedAt)))
      .prepare(),
  )
  const found = stmt.get({ tenantId })
  if (!found) return null
  const { row, mcpAccess, restAccess } = found
  const ctx: TenantCtx = {
    id: row.id,
    readableId: row.readableId,
    slug: row.slug,
    name: row.name,
    planId: row.planId,
    timezone: row.timezone,
    isDemo: row.isDemo,
    mcpAccess,
    restAccess,
  }
  return { ctx, row }
}

/**
 * The context's tenant row as authentication read it (TenantCtx.asOfAuth), or read now when the
 * context carries none. Only for operations that do not change the tenant's row in the same
 * request (clock-in/out, ingestion, worked time): see the rule at TenantCtx.asOfAuth.
 */
export function tenantRowAsOfAuth(c: TenantScope): TenantRow {
  const known = c.tenant.asOfAuth?.tenantRow
  return known && known.id === c.tenant.id ? known : getTenantRow(c)
}

/** companySettingsOf over tenantRowAsOfAuth. */
export const companySettingsAsOfAuth = (c: TenantScope): CompanySettings => settingsOfRow(tenantRowAsOfAuth(c))

/** Looks a tenant up by readable id (DEMO-123456) or slug, as operators type them. */
export function findTenantByReference(db: DbLike, ref: string): TenantRow | null {
  return (
    db
      .select()
      .from(tenants)
      .where(and(isNull(tenants.deletedAt), sql`(${tenants.readableId} = ${ref.toUpperCase()} or ${tenants.slug} = ${ref})`))
      .get() ?? null
  )
}

/** A tenant's row by id (prepared once per connection: clock-in/out and the settings readers ask per request). */
export const findTenantById = (db: DbLike, id: number): TenantRow | null =>
  prepared(db, 'tenants.byId', (d) =>
    d
      .select()
      .from(tenants)
      .where(eq(tenants.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id }) ?? null

/** The context's own tenant row: its settings (policies, thresholds, currency) beyond TenantCtx. */
export const getTenantRow = (c: TenantScope): TenantRow => {
  const row = findTenantById(c.db, c.tenant.id)
  if (!row) throw notFound('Tenant')
  return row
}

export const listTenants = (db: DbLike): TenantRow[] => db.select().from(tenants).where(isNull(tenants.deletedAt)).orderBy(tenants.id).all()

export const readableIdTaken = (db: DbLike, readableId: string): boolean =>
  db.select({ id: tenants.id }).from(tenants).where(eq(tenants.readableId, readableId)).get() !== undefined

export const slugTaken = (db: DbLike, slug: string): boolean => db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).get() !== undefined

/** A new tenant row; its zone's offsets first (zone-offsets.ts: SQL places its open sessions on their weeks by them). */
export function insertTenant(db: DbLike, row: NewTenantRow): TenantRow {
  ensureZoneOffsets(db, [row.timezone ?? 'UTC'])
  return db.insert(tenants).values(row).returning().get()
}

export const updateTenantPlan = (c: TenantScope, planId: PlanId): void => {
  c.db.update(tenants).set({ planId }).where(eq(tenants.id, c.tenant.id)).run()
}

export const listPlans = (db: DbLike): PlanRow[] => db.select().from(plans).orderBy(plans.sortOrder).all()

export const findPlan = (db: DbLike, id: string): PlanRow | null =>
  db
    .select()
    .from(plans)
    .where(eq(plans.id, id as PlanId))
    .get() ?? null

export const listRetentionPolicies = (db: DbLike) => db.select().from(retentionPolicies).all()

/** The first demo tenant: what the public demo key and switch_to_demo point at. */
export const findDefaultDemoTenant = (db: DbLike): TenantRow | null =>
  db
    .select()
    .from(tenants)
    .where(and(eq(tenants.isDemo, true), isNull(tenants.deletedAt)))
    .orderBy(tenants.id)
    .get() ?? null

export type BreakKindName = 'break' | 'lunch'

/**
 * The company settings other modules read, typed (tenants columns; see tenants/schema.ts for
 * their meaning). Read it where the rule applies, never copy a default: payroll and timesheets
 * take the pay period from here, worked time the paid break kinds, pings the outside-zone minutes,
 * the rates helper the week start.
 */
export interface CompanySettings {
  name: string
  timezone: string
  currency: string
  locale: string
  /** ISO weekday the week starts on: 1 = Monday … 7 = Sunday. */
  weekStart: number
  payPeriod: PayPeriod
  /** A date a pay period starts on (YYYY-MM-DD); null for the default. */
  payPeriodAnchor: string | null
  payOvertimeDailyHours: number | null
  /** Null: each person's contract hours. */
  payOvertimeWeeklyHours: number | null
  overtimeMultiplier: number
  paidBreakKinds: BreakKindName[]
  autoClockOutHours: number
  idleThresholdSeconds: number
  productivityDropThreshold: number
  presenceTapMinutes: number | null
  geofencePolicy: GeofencePolicy
  outsideZoneMinutes: number
  /** Daily hours above which workload alerts call a day unusual (not pay). */
  workloadDailyHours: number
}

export function settingsOfRow(t: TenantRow): CompanySettings {
  return {
    name: t.name,
    timezone: t.timezone,
    currency: t.currency,
    locale: t.locale,
    weekStart: t.weekStart,
    payPeriod: t.payPeriod,
    payPeriodAnchor: t.payPeriodAnchor,
    payOvertimeDailyHours: t.payOvertimeDailyHours,
    payOvertimeWeeklyHours: t.payOvertimeWeeklyHours,
    overtimeMultiplier: t.overtimeMultiplier,
    paidBreakKinds: (t.paidBreakKinds ?? []).filter((k): k is BreakKindName => k === 'break' || k === 'lunch'),
    autoClockOutHours: t.autoClockOutHours,
    idleThresholdSeconds: t.idleThresholdSeconds,
    productivityDropThreshold: t.productivityDropThreshold,
    presenceTapMinutes: t.presenceTapMinutes,
    geofencePolicy: t.geofencePolicy,
    outsideZoneMinutes: t.outsideZoneMinutes,
    workloadDailyHours: t.overtimeDailyHours,
  }
}

/** The typed settings of the context's tenant (one read of its row). */
export const companySettingsOf = (c: TenantScope): CompanySettings => settingsOfRow(getTenantRow(c))

/** Writes changed settings of the context's tenant (already validated by update_company_settings). */
export function updateCompanySettingsRow(c: TenantScope, values: Partial<CompanySettings>): void {
  const { workloadDailyHours, ...rest } = values
  const set: Partial<NewTenantRow> = { ...rest, ...(workloadDailyHours !== undefined ? { overtimeDailyHours: workloadDailyHours } : {}) }
  if (Object.keys(set).length === 0) return
  c.db.update(tenants).set(set).where(eq(tenants.id, c.tenant.id)).run()
}

declare module '../../kernel/ctx' {
  /** The tenant's full row as authentication read it (TenantCtx.asOfAuth). */
  interface AuthRows {
    readonly tenantRow: TenantRow
  }
}
