import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { timesheetStatusHistory, timesheets } from './schema'
import type { TimesheetHistoryRow, TimesheetRow } from './timesheet-queries'
import { countTimesheetsInStatuses } from './status-counts'

/** Awaiting a decision: submitted, or generated when the period closed without a submission. */
const PENDING_STATUSES = ['submitted', 'auto_generated'] as const

const pendingWhere = (c: TenantScope, userIds: string[] | null) =>
  and(
    eq(timesheets.tenantId, c.tenant.id),
    inArray(timesheets.status, [...PENDING_STATUSES]),
    userIds === null ? undefined : inArray(timesheets.userId, userIds),
  )

/** Timesheets awaiting approval, oldest submission first. */
export function pendingTimesheets(c: TenantScope, userIds: string[] | null, limit: number, offset = 0): TimesheetRow[] {
  if (userIds !== null && userIds.length === 0) return []
  return c.db
    .select()
    .from(timesheets)
    .where(pendingWhere(c, userIds))
    .orderBy(sql`coalesce(${timesheets.submittedAt}, ${timesheets.createdAt})`, asc(timesheets.periodStart), asc(timesheets.id))
    .limit(limit)
    .offset(offset)
    .all()
}

export function countPendingTimesheets(c: TenantScope, userIds: string[] | null): number {
  if (userIds !== null && userIds.length === 0) return 0
  // The whole organisation: the kept counts (status-counts.ts), not a count over every period.
  if (userIds === null) return countTimesheetsInStatuses(c, PENDING_STATUSES)
  return c.db.select({ n: count() }).from(timesheets).where(pendingWhere(c, userIds)).get()?.n ?? 0
}

/** A user's timesheets whose period overlaps [from, to]. */
export function timesheetsOverlapping(c: TenantScope, userId: string, from: string, to: string): TimesheetRow[] {
  return c.db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.tenantId, c.tenant.id), eq(timesheets.userId, userId), lte(timesheets.periodStart, to), gte(timesheets.periodEnd, from)))
    .orderBy(timesheets.periodStart)
    .all()
}

/** Status changes since an instant, with the owner of each timesheet (recent activity). */
export function timesheetChangesSince(c: TenantScope, since: number, userIds: string[] | null): (TimesheetHistoryRow & { userId: string })[] {
  if (userIds !== null && userIds.length === 0) return []
  return c.db
    .select({
      id: timesheetStatusHistory.id,
      tenantId: timesheetStatusHistory.tenantId,
      timesheetId: timesheetStatusHistory.timesheetId,
      fromStatus: timesheetStatusHistory.fromStatus,
      toStatus: timesheetStatusHistory.toStatus,
      actorUserId: timesheetStatusHistory.actorUserId,
      reason: timesheetStatusHistory.reason,
      changedAt: timesheetStatusHistory.changedAt,
      userId: timesheets.userId,
    })
    .from(timesheetStatusHistory)
    .innerJoin(timesheets, and(eq(timesheets.tenantId, timesheetStatusHistory.tenantId), eq(timesheets.id, timesheetStatusHistory.timesheetId)))
    .where(
      and(
        eq(timesheetStatusHistory.tenantId, c.tenant.id),
        gte(timesheetStatusHistory.changedAt, since),
        userIds === null ? undefined : inArray(timesheets.userId, userIds),
      ),
    )
    .all()
}
