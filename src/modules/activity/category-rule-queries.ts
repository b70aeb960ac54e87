import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { activitySamples, categoryRules, type Category } from './schema'

export type CategoryRuleRow = typeof categoryRules.$inferSelect
export type NewCategoryRule = Omit<typeof categoryRules.$inferInsert, 'tenantId' | 'createdAt' | 'updatedAt'>

/** Every rule of the tenant in the categoriser's order: lowest priority number first, then oldest. */
export function categoryRuleRows(c: TenantScope): CategoryRuleRow[] {
  return c.db
    .select()
    .from(categoryRules)
    .where(eq(categoryRules.tenantId, c.tenant.id))
    .orderBy(asc(categoryRules.priority), asc(categoryRules.createdAt), asc(categoryRules.id))
    .all()
}

export function findCategoryRule(c: TenantScope, ruleId: string): CategoryRuleRow | null {
  return (
    c.db
      .select()
      .from(categoryRules)
      .where(and(eq(categoryRules.tenantId, c.tenant.id), eq(categoryRules.id, ruleId)))
      .get() ?? null
  )
}

export function insertCategoryRule(c: TenantScope, row: NewCategoryRule): CategoryRuleRow {
  return c.db
    .insert(categoryRules)
    .values({ ...row, tenantId: c.tenant.id, createdAt: c.now })
    .returning()
    .get()
}

export function updateCategoryRule(c: TenantScope, ruleId: string, patch: Partial<NewCategoryRule>): CategoryRuleRow {
  return c.db
    .update(categoryRules)
    .set({ ...patch, updatedAt: c.now })
    .where(and(eq(categoryRules.tenantId, c.tenant.id), eq(categoryRules.id, ruleId)))
    .returning()
    .get()!
}

export function deleteCategoryRule(c: TenantScope, ruleId: string): void {
  c.db
    .delete(categoryRules)
    .where(and(eq(categoryRules.tenantId, c.tenant.id), eq(categoryRules.id, ruleId)))
    .run()
}

/** One kind of sample of one person: what a category is decided from, and the seconds it covers. */
export interface SampleGroup {
  userId: string
  application: string
  windowClass: string | null
  category: Category
  isIdle: boolean
  seconds: number
}

/**
 * The samples of local dates [fromDate, toDate] grouped by person, application, window class,
 * stored category and idleness: a few hundred rows where the samples are tens of thousands.
 */
export function sampleGroups(c: TenantScope, fromDate: string, toDate: string): SampleGroup[] {
  const s = activitySamples
  return c.db
    .select({
      userId: s.userId,
      application: s.application,
      windowClass: s.windowClass,
      category: s.category,
      isIdle: s.isIdle,
      seconds: sql<number>`sum(${s.durationSeconds})`,
    })
    .from(s)
    .where(and(eq(s.tenantId, c.tenant.id), gte(s.localDate, fromDate), lte(s.localDate, toDate)))
    .groupBy(s.userId, s.application, s.windowClass, s.category, s.isIdle)
    .all()
}

/** Ids bound per statement: far under SQLite's limit of bound parameters. */
const ID_CHUNK = 500

/**
 * Sets the category of some people's samples of one application (and window class) on local
 * dates from `fromDate` on; returns how many samples changed and their local dates. One statement
 * per application and target category (not per person): each scans the window's samples once.
 */
export function recategorizeSamples(
  c: TenantScope,
  g: { userIds: string[]; application: string; windowClass: string | null; category: Category },
  fromDate: string,
): { count: number; dates: string[] } {
  const s = activitySamples
  const dates = new Set<string>()
  let count = 0
  for (let i = 0; i < g.userIds.length; i += ID_CHUNK) {
    const where = and(
      eq(s.tenantId, c.tenant.id),
      gte(s.localDate, fromDate),
      inArray(s.userId, g.userIds.slice(i, i + ID_CHUNK)),
      eq(s.application, g.application),
      g.windowClass === null ? isNull(s.windowClass) : eq(s.windowClass, g.windowClass),
      sql`${s.category} <> ${g.category}`,
    )
    const rows = c.db.update(s).set({ category: g.category }).where(where).returning({ date: s.localDate }).all()
    count += rows.length
    for (const r of rows) dates.add(r.date)
  }
  return { count, dates: [...dates] }
}

/**
 * Removes a team's rules: call before deleting the team (the team_id foreign key added by
 * ALTER TABLE carries no ON DELETE in SQLite). Returns how many were removed.
 */
export function deleteTeamCategoryRules(c: TenantScope, teamId: string): number {
  return c.db
    .delete(categoryRules)
    .where(and(eq(categoryRules.tenantId, c.tenant.id), eq(categoryRules.teamId, teamId)))
    .returning({ id: categoryRules.id })
    .all().length
}
