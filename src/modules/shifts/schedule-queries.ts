import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { newId } from '../../kernel/ids'
import { notFound } from '../../kernel/errors'
import { recurringSchedules, shiftSchedules, shiftTemplates } from './schema'
import type { ShiftTemplateRow } from './queries'

export type RecurringScheduleRow = typeof recurringSchedules.$inferSelect
export type ShiftDayRow = typeof shiftSchedules.$inferSelect

// ---- templates

export const findTemplate = (c: TenantScope, id: string): ShiftTemplateRow | null =>
  c.db
    .select()
    .from(shiftTemplates)
    .where(and(eq(shiftTemplates.tenantId, c.tenant.id), eq(shiftTemplates.id, id)))
    .get() ?? null

export const allTemplates = (c: TenantScope): ShiftTemplateRow[] => c.db.select().from(shiftTemplates).where(eq(shiftTemplates.tenantId, c.tenant.id)).all()

export const insertTemplate = (c: TenantScope, row: Omit<typeof shiftTemplates.$inferInsert, 'tenantId' | 'id' | 'createdAt'>): ShiftTemplateRow =>
  c.db
    .insert(shiftTemplates)
    .values({ ...row, id: newId(), tenantId: c.tenant.id, createdAt: c.now })
    .returning()
    .get()

export const updateTemplate = (c: TenantScope, id: string, set: Partial<typeof shiftTemplates.$inferInsert>): ShiftTemplateRow =>
  c.db
    .update(shiftTemplates)
    .set(set)
    .where(and(eq(shiftTemplates.tenantId, c.tenant.id), eq(shiftTemplates.id, id)))
    .returning()
    .get()!

export const deleteTemplate = (c: TenantScope, id: string): void => {
  c.db
    .delete(shiftTemplates)
    .where(and(eq(shiftTemplates.tenantId, c.tenant.id), eq(shiftTemplates.id, id)))
    .run()
}

// ---- recurring schedules

export function getRecurringInTenant(c: TenantScope, id: string): RecurringScheduleRow {
  const row = c.db
    .select()
    .from(recurringSchedules)
    .where(and(eq(recurringSchedules.tenantId, c.tenant.id), eq(recurringSchedules.id, id)))
    .get()
  if (!row) throw notFound('Schedule')
  return row
}

export const recurringUsingTemplate = (c: TenantScope, templateId: string): RecurringScheduleRow[] =>
  c.db
    .select()
    .from(recurringSchedules)
    .where(and(eq(recurringSchedules.tenantId, c.tenant.id), eq(recurringSchedules.templateId, templateId)))
    .all()

export const insertRecurring = (c: TenantScope, row: Omit<typeof recurringSchedules.$inferInsert, 'tenantId' | 'id' | 'createdAt'>): RecurringScheduleRow =>
  c.db
    .insert(recurringSchedules)
    .values({ ...row, id: newId(), tenantId: c.tenant.id, createdAt: c.now })
    .returning()
    .get()

export const updateRecurring = (c: TenantScope, id: string, set: Partial<typeof recurringSchedules.$inferInsert>): RecurringScheduleRow =>
  c.db
    .update(recurringSchedules)
    .set(set)
    .where(and(eq(recurringSchedules.tenantId, c.tenant.id), eq(recurringSchedules.id, id)))
    .returning()
    .get()!

/** Deletes a recurring schedule; its remaining (past) days stay, unlinked (the migration's ALTER cannot say ON DELETE SET NULL). */
export const deleteRecurring = (c: TenantScope, id: string): void => {
  c.db
    .update(shiftSchedules)
    .set({ recurringScheduleId: null })
    .where(and(eq(shiftSchedules.tenantId, c.tenant.id), eq(shiftSchedules.recurringScheduleId, id)))
    .run()
  c.db
    .delete(recurringSchedules)
    .where(and(eq(recurringSchedules.tenantId, c.tenant.id), eq(recurringSchedules.id, id)))
    .run()
}

export function listRecurringPage(
  c: TenantScope,
  f: { userId?: string; teamId?: string; status?: 'draft' | 'published'; offset: number; limit: number },
): { rows: RecurringScheduleRow[]; total: number } {
  const where = and(
    eq(recurringSchedules.tenantId, c.tenant.id),
    f.userId ? eq(recurringSchedules.userId, f.userId) : undefined,
    f.teamId ? eq(recurringSchedules.teamId, f.teamId) : undefined,
    f.status ? eq(recurringSchedules.status, f.status) : undefined,
  )
  const rows = c.db
    .select()
    .from(recurringSchedules)
    .where(where)
    .orderBy(asc(recurringSchedules.fromDate), desc(recurringSchedules.createdAt), asc(recurringSchedules.id))
    .limit(f.limit)
    .offset(f.offset)
    .all()
  return { rows, total: c.db.select({ n: count() }).from(recurringSchedules).where(where).get()?.n ?? 0 }
}

/** Published recurring schedules that apply to some date of [from, to]. */
export const publishedRecurringOverlapping = (c: TenantScope, from: string, to: string): RecurringScheduleRow[] =>
  c.db
    .select()
    .from(recurringSchedules)
    .where(
      and(
        eq(recurringSchedules.tenantId, c.tenant.id),
        eq(recurringSchedules.status, 'published'),
        lte(recurringSchedules.fromDate, to),
        or(isNull(recurringSchedules.untilDate), gte(recurringSchedules.untilDate, from)),
      ),
    )
    .all()

// ---- days (shift_schedules)

/** Every scheduled day (any status, any source) of these users (all when null) over [from, to]. */
export function shiftDaysBetween(c: TenantScope, from: string, to: string, userIds: string[] | null): ShiftDayRow[] {
  if (userIds !== null && userIds.length === 0) return []
  return c.db
    .select()
    .from(shiftSchedules)
    .where(
      and(
        eq(shiftSchedules.tenantId, c.tenant.id),
        gte(shiftSchedules.date, from),
        lte(shiftSchedules.date, to),
        userIds === null ? undefined : inArray(shiftSchedules.userId, userIds),
      ),
    )
    .all()
}

export const findShiftDay = (c: TenantScope, userId: string, date: string): ShiftDayRow | null =>
  c.db
    .select()
    .from(shiftSchedules)
    .where(and(eq(shiftSchedules.tenantId, c.tenant.id), eq(shiftSchedules.userId, userId), eq(shiftSchedules.date, date)))
    .get() ?? null

/** Users with days materialized from this recurring schedule on or after `from`. */
export const usersWithRecurringDays = (c: TenantScope, recurringId: string, from: string): string[] =>
  c.db
    .selectDistinct({ userId: shiftSchedules.userId })
    .from(shiftSchedules)
    .where(and(eq(shiftSchedules.tenantId, c.tenant.id), eq(shiftSchedules.recurringScheduleId, recurringId), gte(shiftSchedules.date, from)))
    .all()
    .map((r) => r.userId)

export type ShiftDayValues = Pick<ShiftDayRow, 'templateId' | 'startsAt' | 'endsAt' | 'breakMinutes' | 'status' | 'source' | 'recurringScheduleId'>

export const insertShiftDay = (c: TenantScope, userId: string, date: string, v: ShiftDayValues): ShiftDayRow =>
  c.db
    .insert(shiftSchedules)
    .values({ ...v, id: newId(), tenantId: c.tenant.id, userId, date, createdAt: c.now })
    .returning()
    .get()

/** Many new days at once (multi-row inserts of 500). */
export function insertShiftDays(c: TenantScope, rows: { userId: string; date: string; values: ShiftDayValues }[]): void {
  for (let i = 0; i < rows.length; i += 500)
    c.db
      .insert(shiftSchedules)
      .values(rows.slice(i, i + 500).map((r) => ({ ...r.values, id: newId(), tenantId: c.tenant.id, userId: r.userId, date: r.date, createdAt: c.now })))
      .run()
}

export const updateShiftDay = (c: TenantScope, id: string, v: ShiftDayValues): ShiftDayRow =>
  c.db
    .update(shiftSchedules)
    .set(v)
    .where(and(eq(shiftSchedules.tenantId, c.tenant.id), eq(shiftSchedules.id, id)))
    .returning()
    .get()!

export const deleteShiftDay = (c: TenantScope, id: string): void => {
  c.db
    .delete(shiftSchedules)
    .where(and(eq(shiftSchedules.tenantId, c.tenant.id), eq(shiftSchedules.id, id)))
    .run()
}
