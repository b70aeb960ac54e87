import { and, asc, eq } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { newId } from '../../kernel/ids'
import { notFound } from '../../kernel/errors'
import { timesheetStatusHistory, timesheets, type TimesheetStatus } from './schema'

export type TimesheetRow = typeof timesheets.$inferSelect
export type TimesheetHistoryRow = typeof timesheetStatusHistory.$inferSelect
export type TimesheetPatch = Partial<Pick<TimesheetRow, 'totalSeconds' | 'submittedAt' | 'decidedAt' | 'decidedByUserId' | 'rejectionReason'>>

/** Fetch-or-throw: another tenant's timesheet is indistinguishable from a missing one. */
export function getTimesheetInTenant(ctx: TenantBoundCtx, timesheetId: string): TimesheetRow {
  const row = ctx.db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.tenantId, ctx.tenant.id), eq(timesheets.id, timesheetId)))
    .get()
  if (!row) throw notFound('Timesheet')
  return row
}

export function findTimesheetForPeriod(ctx: TenantBoundCtx, userId: string, periodStart: string): TimesheetRow | null {
  return (
    ctx.db
      .select()
      .from(timesheets)
      .where(and(eq(timesheets.tenantId, ctx.tenant.id), eq(timesheets.userId, userId), eq(timesheets.periodStart, periodStart)))
      .get() ?? null
  )
}

export function insertTimesheet(
  ctx: TenantBoundCtx,
  row: { userId: string; periodStart: string; periodEnd: string; status: TimesheetStatus; totalSeconds: number },
): TimesheetRow {
  return ctx.db
    .insert(timesheets)
    .values({ ...row, id: newId(), tenantId: ctx.tenant.id, createdAt: ctx.now, updatedAt: ctx.now })
    .returning()
    .get()
}

/**
 * Compare-and-set status change: only moves a timesheet that is still in `from`, so two
 * concurrent decisions cannot both win. Returns null when the row had already moved.
 */
export function updateTimesheetStatus(ctx: TenantBoundCtx, id: string, from: TimesheetStatus, to: TimesheetStatus, patch: TimesheetPatch): TimesheetRow | null {
  return (
    ctx.db
      .update(timesheets)
      .set({ ...patch, status: to, updatedAt: ctx.now })
      .where(and(eq(timesheets.tenantId, ctx.tenant.id), eq(timesheets.id, id), eq(timesheets.status, from)))
      .returning()
      .get() ?? null
  )
}

export function insertTimesheetHistory(
  ctx: TenantBoundCtx,
  row: { timesheetId: string; fromStatus: TimesheetStatus | null; toStatus: TimesheetStatus; actorUserId: string | null; reason: string | null },
): void {
  ctx.db.insert(timesheetStatusHistory).values({ ...row, tenantId: ctx.tenant.id, changedAt: ctx.now }).run()
}

export function listTimesheetHistory(ctx: TenantBoundCtx, timesheetId: string): TimesheetHistoryRow[] {
  return ctx.db
    .select()
    .from(timesheetStatusHistory)
    .where(and(eq(timesheetStatusHistory.tenantId, ctx.tenant.id), eq(timesheetStatusHistory.timesheetId, timesheetId)))
    .orderBy(asc(timesheetStatusHistory.id))
    .all()
}
