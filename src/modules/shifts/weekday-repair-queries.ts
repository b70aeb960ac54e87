import { and, eq, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { recurringSchedules, shiftTemplates } from './schema'

/*
 * Weekdays stored as text. Before the fix of 2026-11-23 the console's schedule and template forms
 * saved days_of_week as strings (["1","3"]); materialize.ts compares them with numbers, so such a
 * published schedule made no shift at all. These rewrite them as sorted numbers ([1,3]).
 */

const hasText = (column: unknown) => sql`exists (select 1 from json_each(${column}) where type = 'text')`
const asNumbers = (column: unknown) => sql`(select json_group_array(n) from (select distinct cast(value as integer) as n from json_each(${column}) order by n))`

/** Rewrites the tenant's text weekdays as numbers in shift templates and weekly schedules; returns the rows changed and whether a published schedule was among them. */
export function rewriteTextWeekdays(c: TenantScope): { rows: number; published: boolean } {
  const templates = c.db
    .update(shiftTemplates)
    .set({ daysOfWeek: asNumbers(shiftTemplates.daysOfWeek) as never })
    .where(and(eq(shiftTemplates.tenantId, c.tenant.id), hasText(shiftTemplates.daysOfWeek)))
    .returning({ id: shiftTemplates.id })
    .all().length
  const schedules = c.db
    .update(recurringSchedules)
    .set({ daysOfWeek: asNumbers(recurringSchedules.daysOfWeek) as never })
    .where(and(eq(recurringSchedules.tenantId, c.tenant.id), hasText(recurringSchedules.daysOfWeek)))
    .returning({ status: recurringSchedules.status })
    .all()
  return { rows: templates + schedules.length, published: schedules.some((s) => s.status === 'published') }
}

/** Tenants with a weekday stored as text, across every tenant: one read at start, so a repaired install loops over none. */
export function tenantIdsWithTextWeekdays(db: DbLike): number[] {
  const rows = db
    .select({ tenantId: shiftTemplates.tenantId })
    .from(shiftTemplates)
    .where(hasText(shiftTemplates.daysOfWeek))
    .union(db.select({ tenantId: recurringSchedules.tenantId }).from(recurringSchedules).where(hasText(recurringSchedules.daysOfWeek)))
    .all()
  return rows.map((r) => r.tenantId)
}
