import { and, asc, count, eq, gt, gte, inArray, lte } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { users } from '../users/schema'
import { shiftSchedules, shiftTemplates } from './schema'

/**
 * The schedule lists: shifts in start order with the person's and the template's names, paged, so
 * the page itself needs the join with users (ties on the start order by name). Listed in
 * READ_MODELS (scripts/architecture-lists.ts).
 */

const shiftColumns = {
  id: shiftSchedules.id,
  userId: shiftSchedules.userId,
  userName: users.name,
  templateId: shiftSchedules.templateId,
  templateName: shiftTemplates.name,
  date: shiftSchedules.date,
  startsAt: shiftSchedules.startsAt,
  endsAt: shiftSchedules.endsAt,
  breakMinutes: shiftSchedules.breakMinutes,
  status: shiftSchedules.status,
}

export type ShiftListRow = {
  id: string
  userId: string
  userName: string
  templateId: string | null
  templateName: string | null
  date: string
  startsAt: number
  endsAt: number
  breakMinutes: number
  status: 'scheduled' | 'cancelled'
}

export interface ShiftFilter {
  userIds?: string[]
  fromDate?: string
  toDate?: string
  /** Only shifts not over yet at this instant (upcoming and in progress). */
  endingAfter?: number
  status?: 'scheduled' | 'cancelled'
  offset: number
  limit: number
}

/** One page of scheduled shifts in start order, with person and template names, and the total. */
export function listShiftsPage(c: TenantScope, f: ShiftFilter): { rows: ShiftListRow[]; total: number } {
  const where = and(
    eq(shiftSchedules.tenantId, c.tenant.id),
    f.userIds ? inArray(shiftSchedules.userId, f.userIds) : undefined,
    f.fromDate ? gte(shiftSchedules.date, f.fromDate) : undefined,
    f.toDate ? lte(shiftSchedules.date, f.toDate) : undefined,
    f.endingAfter !== undefined ? gt(shiftSchedules.endsAt, f.endingAfter) : undefined,
    f.status ? eq(shiftSchedules.status, f.status) : undefined,
  )
  const rows = c.db
    .select(shiftColumns)
    .from(shiftSchedules)
    .innerJoin(users, and(eq(users.tenantId, shiftSchedules.tenantId), eq(users.id, shiftSchedules.userId)))
    .leftJoin(shiftTemplates, and(eq(shiftTemplates.tenantId, shiftSchedules.tenantId), eq(shiftTemplates.id, shiftSchedules.templateId)))
    .where(where)
    .orderBy(asc(shiftSchedules.startsAt), asc(users.name), asc(shiftSchedules.id))
    .limit(f.limit)
    .offset(f.offset)
    .all()
  return { rows, total: c.db.select({ n: count() }).from(shiftSchedules).where(where).get()?.n ?? 0 }
}
