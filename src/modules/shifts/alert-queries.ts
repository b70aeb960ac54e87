import { and, eq, gte, inArray, lte } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { shiftSchedules } from './schema'

export type ShiftScheduleRow = typeof shiftSchedules.$inferSelect

/** Shifts scheduled (not cancelled) on one local date, for workload alerts. */
export function scheduledShiftsOn(c: TenantScope, date: string, userIds: string[] | null): ShiftScheduleRow[] {
  if (userIds !== null && userIds.length === 0) return []
  return c.db
    .select()
    .from(shiftSchedules)
    .where(
      and(
        eq(shiftSchedules.tenantId, c.tenant.id),
        eq(shiftSchedules.date, date),
        eq(shiftSchedules.status, 'scheduled'),
        userIds === null ? undefined : inArray(shiftSchedules.userId, userIds),
      ),
    )
    .all()
}

/** Shifts scheduled (not cancelled) over [from, to] (local dates), for paid absence hours. */
export function scheduledShiftsBetween(c: TenantScope, from: string, to: string, userIds: string[] | null): ShiftScheduleRow[] {
  if (userIds !== null && userIds.length === 0) return []
  return c.db
    .select()
    .from(shiftSchedules)
    .where(
      and(
        eq(shiftSchedules.tenantId, c.tenant.id),
        gte(shiftSchedules.date, from),
        lte(shiftSchedules.date, to),
        eq(shiftSchedules.status, 'scheduled'),
        userIds === null ? undefined : inArray(shiftSchedules.userId, userIds),
      ),
    )
    .all()
}
