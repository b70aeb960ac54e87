import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { Ctx } from '../../kernel/ctx'
import { timesheetStatusHistory, timesheets } from './schema'

type TenantScoped = Ctx & { tenant: { id: number } }
export type TimesheetRow = typeof timesheets.$inferSelect
export type TimesheetChangeRow = typeof timesheetStatusHistory.$inferSelect

/** Awaiting a decision: submitted, or generated when the period closed without a submission. */
export const PENDING_STATUSES = ['submitted', 'auto_generated'] as const

const pendingWhere = (ctx: TenantScoped, userIds: string[] | null) =>
  and(eq(timesheets.tenantId, ctx.tenant.id), inArray(timesheets.status, [...PENDING_STATUSES]), userIds === null ? undefined : inArray(timesheets.userId, userIds))

/** Timesheets awaiting approval, oldest submission first. */
export function pendingTimesheets(ctx: TenantScoped, userIds: string[] | null, limit: number): TimesheetRow[] {
  if (userIds !== null && userIds.length === 0) return []
  return ctx.db
    .select()
    .from(timesheets)
    .where(pendingWhere(ctx, userIds))
    .orderBy(sql`coalesce(${timesheets.submittedAt}, ${timesheets.createdAt})`, asc(timesheets.periodStart))
    .limit(limit)
    .all()
}

export function countPendingTimesheets(ctx: TenantScoped, userIds: string[] | null): number {
  if (userIds !== null && userIds.length === 0) return 0
  return ctx.db.select({ n: count() }).from(timesheets).where(pendingWhere(ctx, userIds)).get()?.n ?? 0
}

/** A user's timesheets whose period overlaps [from, to]. */
export function timesheetsOverlapping(ctx: TenantScoped, userId: string, from: string, to: string): TimesheetRow[] {
  return ctx.db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.tenantId, ctx.tenant.id), eq(timesheets.userId, userId), lte(timesheets.periodStart, to), gte(timesheets.periodEnd, from)))
    .orderBy(timesheets.periodStart)
    .all()
}

/** Status changes since an instant, with the owner of each timesheet (recent activity). */
export function timesheetChangesSince(ctx: TenantScoped, since: number, userIds: string[] | null): (TimesheetChangeRow & { userId: string })[] {
  if (userIds !== null && userIds.length === 0) return []
  return ctx.db
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
        eq(timesheetStatusHistory.tenantId, ctx.tenant.id),
        gte(timesheetStatusHistory.changedAt, since),
        userIds === null ? undefined : inArray(timesheets.userId, userIds),
      ),
    )
    .all()
}
