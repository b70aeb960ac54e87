import { and, eq, inArray } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { timeLogs } from './schema'

/** Makes exactly `logIds` the time logs of the timesheet (the previous links are replaced). */
export function linkTimeLogs(ctx: TenantScope, timesheetId: string, logIds: string[]): void {
  const l = timeLogs
  ctx.db
    .update(l)
    .set({ timesheetId: null })
    .where(and(eq(l.tenantId, ctx.tenant.id), eq(l.timesheetId, timesheetId)))
    .run()
  for (let i = 0; i < logIds.length; i += 500) {
    ctx.db
      .update(l)
      .set({ timesheetId })
      .where(and(eq(l.tenantId, ctx.tenant.id), inArray(l.id, logIds.slice(i, i + 500))))
      .run()
  }
}

export function timeLogIdsOfTimesheet(ctx: TenantScope, timesheetId: string): string[] {
  const l = timeLogs
  return ctx.db
    .select({ id: l.id })
    .from(l)
    .where(and(eq(l.tenantId, ctx.tenant.id), eq(l.timesheetId, timesheetId)))
    .orderBy(l.clockInAt)
    .all()
    .map((r) => r.id)
}
