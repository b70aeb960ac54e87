import { and, asc, count, eq, gt, gte, inArray, lte } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { notFound } from '../../kernel/errors'
import { users } from '../users/schema'
import { shiftSchedules, shiftTemplates } from './schema'

export type ShiftTemplateRow = typeof shiftTemplates.$inferSelect

export function listTemplatesPage(ctx: TenantBoundCtx, page: { offset: number; limit: number }): { rows: ShiftTemplateRow[]; total: number } {
  const where = eq(shiftTemplates.tenantId, ctx.tenant.id)
  const rows = ctx.db.select().from(shiftTemplates).where(where).orderBy(asc(shiftTemplates.startTime), asc(shiftTemplates.name)).limit(page.limit).offset(page.offset).all()
  return { rows, total: ctx.db.select({ n: count() }).from(shiftTemplates).where(where).get()?.n ?? 0 }
}

/** Fetch-or-throw: another tenant's template is indistinguishable from a missing one. */
export function getTemplateInTenant(ctx: TenantBoundCtx, templateId: string): ShiftTemplateRow {
  const row = ctx.db.select().from(shiftTemplates).where(and(eq(shiftTemplates.tenantId, ctx.tenant.id), eq(shiftTemplates.id, templateId))).get()
  if (!row) throw notFound('Shift template')
  return row
}

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

export type ShiftRow = {
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
export function listShiftsPage(ctx: TenantBoundCtx, f: ShiftFilter): { rows: ShiftRow[]; total: number } {
  const where = and(
    eq(shiftSchedules.tenantId, ctx.tenant.id),
    f.userIds ? inArray(shiftSchedules.userId, f.userIds) : undefined,
    f.fromDate ? gte(shiftSchedules.date, f.fromDate) : undefined,
    f.toDate ? lte(shiftSchedules.date, f.toDate) : undefined,
    f.endingAfter !== undefined ? gt(shiftSchedules.endsAt, f.endingAfter) : undefined,
    f.status ? eq(shiftSchedules.status, f.status) : undefined,
  )
  const rows = ctx.db
    .select(shiftColumns)
    .from(shiftSchedules)
    .innerJoin(users, and(eq(users.tenantId, shiftSchedules.tenantId), eq(users.id, shiftSchedules.userId)))
    .leftJoin(shiftTemplates, and(eq(shiftTemplates.tenantId, shiftSchedules.tenantId), eq(shiftTemplates.id, shiftSchedules.templateId)))
    .where(where)
    .orderBy(asc(shiftSchedules.startsAt), asc(users.name), asc(shiftSchedules.id))
    .limit(f.limit)
    .offset(f.offset)
    .all()
  return { rows, total: ctx.db.select({ n: count() }).from(shiftSchedules).where(where).get()?.n ?? 0 }
}
