import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { notFound } from '../../kernel/errors'
import { costCenters, payRuns, payrollPeriods, rateCards, type PayRunStatus } from './schema'

export type RateCardRow = typeof rateCards.$inferSelect
export type PayrollPeriodRow = typeof payrollPeriods.$inferSelect
export type PayRunRow = typeof payRuns.$inferSelect
export type CostCenterRow = typeof costCenters.$inferSelect

type Page = { offset: number; limit: number }

// ---- rate cards ----

export interface RateCardFilter extends Page {
  userId?: string
  teamId?: string
  /** Only cards in effect on this date. */
  activeOn?: string
}

export function listRateCardsPage(c: TenantScope, f: RateCardFilter): { rows: RateCardRow[]; total: number } {
  const where = and(
    eq(rateCards.tenantId, c.tenant.id),
    f.userId ? eq(rateCards.userId, f.userId) : undefined,
    f.teamId ? eq(rateCards.teamId, f.teamId) : undefined,
    f.activeOn ? and(lte(rateCards.effectiveFrom, f.activeOn), or(isNull(rateCards.effectiveTo), gte(rateCards.effectiveTo, f.activeOn))) : undefined,
  )
  const rows = c.db
    .select()
    .from(rateCards)
    .where(where)
    .orderBy(asc(rateCards.name), desc(rateCards.effectiveFrom), asc(rateCards.id))
    .limit(f.limit)
    .offset(f.offset)
    .all()
  return { rows, total: c.db.select({ n: count() }).from(rateCards).where(where).get()?.n ?? 0 }
}

/** Every rate card of the tenant in effect on some day of [start, end]: payroll resolves each day among them. */
export const rateCardsBetween = (c: TenantScope, start: string, end: string): RateCardRow[] =>
  c.db
    .select()
    .from(rateCards)
    .where(and(eq(rateCards.tenantId, c.tenant.id), lte(rateCards.effectiveFrom, end), or(isNull(rateCards.effectiveTo), gte(rateCards.effectiveTo, start))))
    .all()

/** Every rate card of the tenant, any date (the history a new card is checked against). */
export const allRateCards = (c: TenantScope): RateCardRow[] =>
  c.db.select().from(rateCards).where(eq(rateCards.tenantId, c.tenant.id)).orderBy(asc(rateCards.effectiveFrom), asc(rateCards.id)).all()

export function getRateCardInTenant(c: TenantScope, id: string): RateCardRow {
  const row = c.db
    .select()
    .from(rateCards)
    .where(and(eq(rateCards.tenantId, c.tenant.id), eq(rateCards.id, id)))
    .get()
  if (!row) throw notFound('Rate card')
  return row
}

export const insertRateCard = (c: TenantScope, row: Omit<typeof rateCards.$inferInsert, 'tenantId'>): RateCardRow =>
  c.db
    .insert(rateCards)
    .values({ ...row, tenantId: c.tenant.id })
    .returning()
    .get()

export const setRateCardEnd = (c: TenantScope, id: string, effectiveTo: string): RateCardRow =>
  c.db
    .update(rateCards)
    .set({ effectiveTo })
    .where(and(eq(rateCards.tenantId, c.tenant.id), eq(rateCards.id, id)))
    .returning()
    .get()!

// ---- payroll periods ----

export function listPeriodsPage(c: TenantScope, f: Page & { status?: 'open' | 'closed' }): { rows: PayrollPeriodRow[]; total: number } {
  const where = and(eq(payrollPeriods.tenantId, c.tenant.id), f.status ? eq(payrollPeriods.status, f.status) : undefined)
  const rows = c.db.select().from(payrollPeriods).where(where).orderBy(desc(payrollPeriods.periodStart)).limit(f.limit).offset(f.offset).all()
  return { rows, total: c.db.select({ n: count() }).from(payrollPeriods).where(where).get()?.n ?? 0 }
}

export function getPeriodInTenant(c: TenantScope, periodId: string): PayrollPeriodRow {
  const row = c.db
    .select()
    .from(payrollPeriods)
    .where(and(eq(payrollPeriods.tenantId, c.tenant.id), eq(payrollPeriods.id, periodId)))
    .get()
  if (!row) throw notFound('Payroll period')
  return row
}

export const findPeriodByStart = (c: TenantScope, periodStart: string): PayrollPeriodRow | null =>
  c.db
    .select()
    .from(payrollPeriods)
    .where(and(eq(payrollPeriods.tenantId, c.tenant.id), eq(payrollPeriods.periodStart, periodStart)))
    .get() ?? null

export const insertPeriod = (c: TenantScope, row: Omit<typeof payrollPeriods.$inferInsert, 'tenantId'>): PayrollPeriodRow =>
  c.db
    .insert(payrollPeriods)
    .values({ ...row, tenantId: c.tenant.id })
    .returning()
    .get()

// ---- pay runs ----

export const insertPayRun = (c: TenantScope, row: Omit<typeof payRuns.$inferInsert, 'tenantId'>): PayRunRow =>
  c.db
    .insert(payRuns)
    .values({ ...row, tenantId: c.tenant.id })
    .returning()
    .get()

export function getPayRunInTenant(c: TenantScope, payRunId: string): PayRunRow {
  const row = c.db
    .select()
    .from(payRuns)
    .where(and(eq(payRuns.tenantId, c.tenant.id), eq(payRuns.id, payRunId)))
    .get()
  if (!row) throw notFound('Pay run')
  return row
}

export function listPayRunsPage(c: TenantScope, f: Page & { periodId?: string }): { rows: PayRunRow[]; total: number } {
  const where = and(eq(payRuns.tenantId, c.tenant.id), f.periodId ? eq(payRuns.payrollPeriodId, f.periodId) : undefined)
  const rows = c.db.select().from(payRuns).where(where).orderBy(desc(payRuns.requestedAt), asc(payRuns.id)).limit(f.limit).offset(f.offset).all()
  return { rows, total: c.db.select({ n: count() }).from(payRuns).where(where).get()?.n ?? 0 }
}

/** Moves a pay run between states only from the expected one: the claim that keeps two workers apart. */
export function transitionPayRun(c: TenantScope, payRunId: string, from: PayRunStatus[], patch: Partial<typeof payRuns.$inferInsert>): PayRunRow | null {
  return (
    c.db
      .update(payRuns)
      .set(patch)
      .where(and(eq(payRuns.tenantId, c.tenant.id), eq(payRuns.id, payRunId), inArray(payRuns.status, from)))
      .returning()
      .get() ?? null
  )
}

/** Pay runs waiting for (or stuck in) processing, any tenant: what the job resumes after a restart. */
export const listUnfinishedPayRuns = (db: DbLike, staleBefore: number): PayRunRow[] =>
  db
    .select()
    .from(payRuns)
    .where(or(eq(payRuns.status, 'queued'), and(eq(payRuns.status, 'processing'), lte(payRuns.requestedAt, staleBefore))))
    .orderBy(asc(payRuns.requestedAt))
    .limit(20)
    .all()

// ---- cost centers ----

export const listCostCenters = (c: TenantScope): CostCenterRow[] =>
  c.db.select().from(costCenters).where(eq(costCenters.tenantId, c.tenant.id)).orderBy(asc(costCenters.code)).all()

/** Closes an open period (compare-and-set on status, so it is closed once); null when already closed. */
export const closeOpenPeriod = (c: TenantScope, periodId: string): PayrollPeriodRow | null =>
  c.db
    .update(payrollPeriods)
    .set({ status: 'closed', closedAt: c.now })
    .where(and(eq(payrollPeriods.tenantId, c.tenant.id), eq(payrollPeriods.id, periodId), eq(payrollPeriods.status, 'open')))
    .returning()
    .get() ?? null
