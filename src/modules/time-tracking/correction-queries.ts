import { and, count, desc, eq, gte, inArray, isNotNull, lt, lte, ne } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { newId } from '../../kernel/ids'
import { notFound } from '../../kernel/errors'
import { settlePersonDays } from './person-day-queries'
import { timeCorrections, timeLogs } from './schema'
import type { TimeLogRow } from './queries'

export type TimeCorrectionRow = typeof timeCorrections.$inferSelect

export function getTimeLogInTenant(c: TenantScope, id: string): TimeLogRow {
  const row = c.db
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, c.tenant.id), eq(timeLogs.id, id)))
    .get()
  if (!row) throw notFound('Time entry')
  return row
}

/** Another time log of the person overlapping [from, to) (an open one runs until now), other than `exceptId`. */
export function overlappingLog(c: TenantScope, userId: string, range: { from: number; to: number }, exceptId: string | null): TimeLogRow | null {
  const rows = c.db
    .select()
    .from(timeLogs)
    .where(
      and(eq(timeLogs.tenantId, c.tenant.id), eq(timeLogs.userId, userId), lt(timeLogs.clockInAt, range.to), exceptId ? ne(timeLogs.id, exceptId) : undefined),
    )
    .orderBy(desc(timeLogs.clockInAt))
    .limit(50)
    .all()
  return rows.find((r) => (r.clockOutAt ?? c.now) > range.from) ?? null
}

export function setLogTimes(c: TenantScope, id: string, times: { clockInAt: number; clockOutAt: number }): void {
  c.db
    .update(timeLogs)
    .set(times)
    .where(and(eq(timeLogs.tenantId, c.tenant.id), eq(timeLogs.id, id), isNotNull(timeLogs.clockOutAt)))
    .run()
  // The triggers marked the day it moved from and the day it moved to.
  settlePersonDays(c)
}

export function insertCorrection(c: TenantScope, row: Omit<typeof timeCorrections.$inferInsert, 'id' | 'tenantId'>): TimeCorrectionRow {
  return c.db
    .insert(timeCorrections)
    .values({ ...row, id: newId(), tenantId: c.tenant.id })
    .returning()
    .get()
}

/** Corrections of some people (all when null), newest first. */
export function listCorrectionsPage(
  c: TenantScope,
  f: { userIds: string[] | null; userId?: string },
  window: { offset: number; limit: number },
): { rows: TimeCorrectionRow[]; total: number } {
  const where = and(
    eq(timeCorrections.tenantId, c.tenant.id),
    f.userId ? eq(timeCorrections.userId, f.userId) : undefined,
    f.userIds ? inArray(timeCorrections.userId, f.userIds) : undefined,
  )
  const rows = c.db.select().from(timeCorrections).where(where).orderBy(desc(timeCorrections.correctedAt)).limit(window.limit).offset(window.offset).all()
  const total = c.db.select({ n: count() }).from(timeCorrections).where(where).get()?.n ?? 0
  return { rows, total }
}

/** Adjustments paid in a period: worked seconds per person of corrections landing on its dates. */
export function adjustmentsLandingIn(c: TenantScope, range: { start: string; end: string }): { userId: string; workDate: string; seconds: number }[] {
  return c.db
    .select({ userId: timeCorrections.userId, workDate: timeCorrections.workDate, seconds: timeCorrections.adjustmentSeconds })
    .from(timeCorrections)
    .where(
      and(
        eq(timeCorrections.tenantId, c.tenant.id),
        gte(timeCorrections.landsOn, range.start),
        lte(timeCorrections.landsOn, range.end),
        isNotNull(timeCorrections.adjustmentSeconds),
      ),
    )
    .all()
    .map((r) => ({ userId: r.userId, workDate: r.workDate, seconds: r.seconds ?? 0 }))
}

/** The latest correction of a time entry, if any. */
export function latestCorrectionOf(c: TenantScope, timeLogId: string): TimeCorrectionRow | null {
  return (
    c.db
      .select()
      .from(timeCorrections)
      .where(and(eq(timeCorrections.tenantId, c.tenant.id), eq(timeCorrections.timeLogId, timeLogId)))
      .orderBy(desc(timeCorrections.correctedAt), desc(timeCorrections.id))
      .get() ?? null
  )
}
