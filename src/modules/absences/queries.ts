import { and, asc, count, eq, gte, inArray, isNull, lte, ne } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { newId } from '../../kernel/ids'
import { notFound } from '../../kernel/errors'
import { absences, holidays } from './schema'

export type AbsenceRow = typeof absences.$inferSelect
export type HolidayRow = typeof holidays.$inferSelect

export const insertAbsence = (c: TenantScope, row: Omit<typeof absences.$inferInsert, 'tenantId' | 'id' | 'createdAt'>): AbsenceRow =>
  c.db
    .insert(absences)
    .values({ ...row, id: newId(), tenantId: c.tenant.id, createdAt: c.now })
    .returning()
    .get()

export const updateAbsence = (c: TenantScope, id: string, set: Partial<typeof absences.$inferInsert>): AbsenceRow =>
  c.db
    .update(absences)
    .set(set)
    .where(and(eq(absences.tenantId, c.tenant.id), eq(absences.id, id)))
    .returning()
    .get()!

export function getAbsenceInTenant(c: TenantScope, id: string): AbsenceRow {
  const row = c.db
    .select()
    .from(absences)
    .where(and(eq(absences.tenantId, c.tenant.id), eq(absences.id, id)))
    .get()
  if (!row) throw notFound('Absence')
  return row
}

export const deleteAbsence = (c: TenantScope, id: string): void => {
  c.db
    .delete(absences)
    .where(and(eq(absences.tenantId, c.tenant.id), eq(absences.id, id)))
    .run()
}

/** Absences of these users (all when null) that touch [from, to]; `exceptId` leaves one out (an edit). */
export function absencesOverlapping(c: TenantScope, from: string, to: string, userIds: string[] | null, exceptId?: string): AbsenceRow[] {
  if (userIds !== null && userIds.length === 0) return []
  return c.db
    .select()
    .from(absences)
    .where(
      and(
        eq(absences.tenantId, c.tenant.id),
        lte(absences.startDate, to),
        gte(absences.endDate, from),
        userIds === null ? undefined : inArray(absences.userId, userIds),
        exceptId ? ne(absences.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(absences.startDate), asc(absences.id))
    .all()
}

export function listAbsencesPage(
  c: TenantScope,
  f: { userId?: string; from?: string; to?: string; offset: number; limit: number },
): { rows: AbsenceRow[]; total: number } {
  const where = and(
    eq(absences.tenantId, c.tenant.id),
    f.userId ? eq(absences.userId, f.userId) : undefined,
    f.to ? lte(absences.startDate, f.to) : undefined,
    f.from ? gte(absences.endDate, f.from) : undefined,
  )
  const rows = c.db.select().from(absences).where(where).orderBy(asc(absences.startDate), asc(absences.id)).limit(f.limit).offset(f.offset).all()
  return { rows, total: c.db.select({ n: count() }).from(absences).where(where).get()?.n ?? 0 }
}

export const insertHoliday = (c: TenantScope, row: Omit<typeof holidays.$inferInsert, 'tenantId' | 'id' | 'createdAt'>): HolidayRow =>
  c.db
    .insert(holidays)
    .values({ ...row, id: newId(), tenantId: c.tenant.id, createdAt: c.now })
    .returning()
    .get()

export function getHolidayInTenant(c: TenantScope, id: string): HolidayRow {
  const row = c.db
    .select()
    .from(holidays)
    .where(and(eq(holidays.tenantId, c.tenant.id), eq(holidays.id, id)))
    .get()
  if (!row) throw notFound('Holiday')
  return row
}

export const deleteHoliday = (c: TenantScope, id: string): void => {
  c.db
    .delete(holidays)
    .where(and(eq(holidays.tenantId, c.tenant.id), eq(holidays.id, id)))
    .run()
}

/** The holiday of this office (null: the company-wide one) on a date, if any. */
export const findHoliday = (c: TenantScope, officeId: string | null, date: string): HolidayRow | null =>
  c.db
    .select()
    .from(holidays)
    .where(and(eq(holidays.tenantId, c.tenant.id), eq(holidays.date, date), officeId === null ? isNull(holidays.officeId) : eq(holidays.officeId, officeId)))
    .get() ?? null

export const holidaysBetween = (c: TenantScope, from: string, to: string): HolidayRow[] =>
  c.db
    .select()
    .from(holidays)
    .where(and(eq(holidays.tenantId, c.tenant.id), gte(holidays.date, from), lte(holidays.date, to)))
    .orderBy(asc(holidays.date), asc(holidays.name))
    .all()
