import { and, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { timeLogs } from '../time-tracking/schema'
import { users } from '../users/schema'
import { timesheets } from './schema'

/**
 * Active users with free closed time logs that clocked in within [fromMs, toMs) and no timesheet
 * for the period starting `periodStart`: who did not submit a period that has closed.
 */
export function usersWithoutTimesheet(ctx: TenantBoundCtx, periodStart: string, fromMs: number, toMs: number): { id: string; email: string }[] {
  const noSheet = sql`not exists (select 1 from ${timesheets} where ${timesheets.tenantId} = ${timeLogs.tenantId} and ${timesheets.userId} = ${timeLogs.userId} and ${timesheets.periodStart} = ${periodStart})`
  return ctx.db
    .selectDistinct({ id: users.id, email: users.email })
    .from(timeLogs)
    .innerJoin(users, and(eq(users.tenantId, timeLogs.tenantId), eq(users.id, timeLogs.userId)))
    .where(
      and(
        eq(timeLogs.tenantId, ctx.tenant.id),
        gte(timeLogs.clockInAt, fromMs),
        lt(timeLogs.clockInAt, toMs),
        isNotNull(timeLogs.clockOutAt),
        isNull(timeLogs.timesheetId),
        eq(users.status, 'active'),
        noSheet,
      ),
    )
    .orderBy(users.id)
    .all()
}
