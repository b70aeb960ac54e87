import { and, eq, inArray } from 'drizzle-orm'
import type { Ctx } from '../../kernel/ctx'
import { shiftSchedules } from './schema'

type TenantScoped = Ctx & { tenant: { id: number } }
export type ShiftRow = typeof shiftSchedules.$inferSelect

/** Shifts scheduled (not cancelled) on one local date, for workload alerts. */
export function scheduledShiftsOn(ctx: TenantScoped, date: string, userIds: string[] | null): ShiftRow[] {
  if (userIds !== null && userIds.length === 0) return []
  return ctx.db
    .select()
    .from(shiftSchedules)
    .where(
      and(
        eq(shiftSchedules.tenantId, ctx.tenant.id),
        eq(shiftSchedules.date, date),
        eq(shiftSchedules.status, 'scheduled'),
        userIds === null ? undefined : inArray(shiftSchedules.userId, userIds),
      ),
    )
    .all()
}
