import { and, asc, eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { newId } from '../../kernel/ids'
import { notFound } from '../../kernel/errors'
import { timesheetStatusHistory, timesheets, type TimesheetStatus } from './schema'

export type TimesheetRow = typeof timesheets.$inferSelect
export type TimesheetHistoryRow = typeof timesheetStatusHistory.$inferSelect
export type TimesheetPatch = Partial<Pick<TimesheetRow, 'totalSeconds' | 'submittedAt' | 'decidedAt' | 'decidedByUserId' | 'rejectionReason'>>

/** Fetch-or-throw: another tenant's timesheet is indistinguishable from a missing one. */
export function getTimesheetInTenant(c: TenantScope, timesheetId: string): TimesheetRow {
  const row = c.db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.tenantId, c.tenant.id), eq(timesheets.id, timesheetId)))
    .get()
  if (!row) throw notFound('Timesheet')
  return row
}

export function findTimesheetForPeriod(c: TenantScope, userId: string, periodStart: string): TimesheetRow | null {
  return (
    c.db
      .select()
      .from(timesheets)
      .where(and(eq(timesheets.tenantId, c.tenant.id), eq(timesheets.userId, userId), eq(timesheets.periodStart, periodStart)))
      .get() ?? null
  )
}

export function insertTimesheet(
  c: TenantScope,
  row: { userId: string; periodStart: string; periodEnd: string; status: TimesheetStatus; totalSeconds: number },
): TimesheetRow {
  return c.db
    .insert(timesheets)
    .values({ ...row, id: newId(), tenantId: c.tenant.id, createdAt: c.now, updatedAt: c.now })
    .returning()
    .get()
}

/**
 * Compare-and-set status change: only moves a timesheet that is still in `from`, so two
 * concurrent decisions cannot both win. Returns null when the row had already moved.
 */
export function updateTimesheetStatus(c: TenantScope, id: string, from: TimesheetStatus, to: TimesheetStatus, patch: TimesheetPatch): TimesheetRow | null {
  return (
    c.db
      .update(timesheets)
      .set({ ...patch, status: to, updatedAt: c.now })
      .where(and(eq(timesheets.tenantId, c.tenant.id), eq(timesheets.id, id), eq(timesheets.status, from)))
      .returning()
      .get() ?? null
  )
}

export function insertTimesheetHistory(
  c: TenantScope,
  row: { timesheetId: string; fromStatus: TimesheetStatus | null; toStatus: TimesheetStatus; actorUserId: string | null; reason: string | null },
): void {
  c.db
    .insert(timesheetStatusHistory)
    .values({ ...row, tenantId: c.tenant.id, changedAt: c.now })
    .run()
}

export function listTimesheetHistory(c: TenantScope, timesheetId: string): TimesheetHistoryRow[] {
  return c.db
    .select()
    .from(timesheetStatusHistory)
    .where(and(eq(timesheetStatusHistory.tenantId, c.tenant.id), eq(timesheetStatusHistory.timesheetId, timesheetId)))
    .orderBy(asc(timesheetStatusHistory.id))
    .all()
}

export function setTimesheetTotal(c: TenantScope, id: string, totalSeconds: number): void {
  c.db
    .update(timesheets)
    .set({ totalSeconds, updatedAt: c.now })
    .where(and(eq(timesheets.tenantId, c.tenant.id), eq(timesheets.id, id)))
    .run()
}
