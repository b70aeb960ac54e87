import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { prepared } from '../../kernel/db'
import { localDate, localRange } from '../../kernel/time'
import type { TimeLogRow } from './queries'
import { personDayTotals, timeLogs } from './schema'
import { netMsByUserDate } from './worked-time-read-model'

/**
 * Worked time per person and tenant-local date, maintained incrementally (table person_day_totals):
 * the closed time logs that clocked in on the date, net of their unpaid breaks. Every figure in it
 * comes from netMsByUserDate, the one rule of worked time, run over the logs of that person and
 * date; this file only decides WHEN to run it (on every write of a log or break, in the writer's
 * transaction) and where to keep the result. Open logs are never stored: workedMsBetween adds them
 * at read time, counted until now by the same function.
 */

/** Closed logs of a person that clocked in within [from, to). */
function closedLogsOfUserBetween(c: TenantScope, userId: string, from: number, to: number): TimeLogRow[] {
  return c.db
    .select()
    .from(timeLogs)
    .where(
      and(
        eq(timeLogs.tenantId, c.tenant.id),
        eq(timeLogs.userId, userId),
        gte(timeLogs.clockInAt, from),
        lt(timeLogs.clockInAt, to),
        isNotNull(timeLogs.clockOutAt),
      ),
    )
    .all()
}

/**
 * Recomputes the stored worked time of a person on the local dates of these clock-in instants (a
 * log's date is its clock-in date): call it in the transaction that wrote a time log or a break,
 * with the log's clock-in before and after the change.
 */
export function refreshPersonDays(c: TenantScope, userId: string, clockInAts: number[]): void {
  const tz = c.tenant.timezone
  for (const date of new Set(clockInAts.map((at) => localDate(at, tz)))) {
    const { from, to } = localRange(date, date, tz)
    const logs = closedLogsOfUserBetween(c, userId, from, to)
    const key = and(eq(personDayTotals.tenantId, c.tenant.id), eq(personDayTotals.userId, userId), eq(personDayTotals.date, date))
    if (logs.length === 0) {
      c.db.delete(personDayTotals).where(key).run()
      continue
    }
    const workedMs = netMsByUserDate(c, logs).get(userId)?.get(date) ?? 0
    c.db
      .insert(personDayTotals)
      .values({ tenantId: c.tenant.id, userId, date, workedMs })
      .onConflictDoUpdate({ target: [personDayTotals.tenantId, personDayTotals.userId, personDayTotals.date], set: { workedMs } })
      .run()
  }
}

/** After a write of a time log (null: nothing written): its date is recomputed when it is closed. */
export function timeLogWritten(c: TenantScope, log: Pick<TimeLogRow, 'userId' | 'clockInAt' | 'clockOutAt'> | null, previousClockInAt?: number): void {
  if (!log) return
  const ats = previousClockInAt === undefined ? [log.clockInAt] : [log.clockInAt, previousClockInAt]
  if (log.clockOutAt !== null || previousClockInAt !== undefined) refreshPersonDays(c, log.userId, ats)
}

/** After a break of a time log was written: a closed log's date is recomputed (an open one is read live). */
export function breakWritten(c: TenantScope, timeLogId: string): void {
  const log = c.db
    .select({ userId: timeLogs.userId, clockInAt: timeLogs.clockInAt, clockOutAt: timeLogs.clockOutAt })
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, c.tenant.id), eq(timeLogs.id, timeLogId)))
    .get()
  if (log && log.clockOutAt !== null) refreshPersonDays(c, log.userId, [log.clockInAt])
}

/**
 * Throws away and recomputes the whole tenant's worked time per person and date from the raw
 * time logs and breaks (the rebuild job, a change of the time zone or the paid break kinds, the
 * demo seed). `c.tenant.timezone` must be the zone the dates are counted in.
 */
export function rebuildPersonDayTotals(c: TenantScope): number {
  c.db.delete(personDayTotals).where(eq(personDayTotals.tenantId, c.tenant.id)).run()
  const BATCH = 2000
  let rows = 0
  let after = { clockInAt: Number.MIN_SAFE_INTEGER, id: '' }
  // Logs in clock-in order, a batch at a time; a person's date may span two batches, so sums add up.
  const sums = new Map<string, Map<string, number>>()
  for (;;) {
    const logs = c.db
      .select()
      .from(timeLogs)
      .where(
        and(
          eq(timeLogs.tenantId, c.tenant.id),
          isNotNull(timeLogs.clockOutAt),
          sql`(${timeLogs.clockInAt}, ${timeLogs.id}) > (${after.clockInAt}, ${after.id})`,
        ),
      )
      .orderBy(asc(timeLogs.clockInAt), asc(timeLogs.id))
      .limit(BATCH)
      .all()
    if (logs.length === 0) break
    for (const [userId, perDate] of netMsByUserDate(c, logs)) {
      const into = sums.get(userId) ?? new Map<string, number>()
      for (const [date, ms] of perDate) into.set(date, (into.get(date) ?? 0) + ms)
      sums.set(userId, into)
    }
    const last = logs[logs.length - 1]!
    after = { clockInAt: last.clockInAt, id: last.id }
  }
  for (const [userId, perDate] of sums)
    for (const [date, workedMs] of perDate) {
      c.db.insert(personDayTotals).values({ tenantId: c.tenant.id, userId, date, workedMs }).run()
      rows++
    }
  return rows
}

/**
 * Recomputes one tenant-local date of every person from the raw rows (the job that closes the
 * day, or the operator's `workforce jobs run time_tracking.person_days --date D`): the rows of
 * the date are replaced. Returns the rows written.
 */
export function rebuildPersonDay(c: TenantScope, date: string): number {
  const { from, to } = localRange(date, date, c.tenant.timezone)
  c.db
    .delete(personDayTotals)
    .where(and(eq(personDayTotals.tenantId, c.tenant.id), eq(personDayTotals.date, date)))
    .run()
  const logs = c.db
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, c.tenant.id), gte(timeLogs.clockInAt, from), lt(timeLogs.clockInAt, to), isNotNull(timeLogs.clockOutAt)))
    .all()
  let rows = 0
  for (const [userId, perDate] of netMsByUserDate(c, logs))
    for (const [d, workedMs] of perDate) {
      c.db.insert(personDayTotals).values({ tenantId: c.tenant.id, userId, date: d, workedMs }).run()
      rows++
    }
  return rows
}

/**
 * Whether a tenant has closed time logs and no stored worked time: a database from before the
 * table existed, or logs written by hand. Two indexed probes.
 */
export function personDaysMissing(c: TenantScope): boolean {
  const hasLogs = c.db
    .select({ one: sql`1` })
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, c.tenant.id), isNotNull(timeLogs.clockOutAt)))
    .limit(1)
    .get()
  if (!hasLogs) return false
  return !c.db.select({ one: sql`1` }).from(personDayTotals).where(eq(personDayTotals.tenantId, c.tenant.id)).limit(1).get()
}

/**
 * Worked ms per user and tenant-local date over [fromDate, toDate] for these users (all when
 * null): the stored closed-log totals plus the open logs counted until now. The same figures
 * netMsByUserDate gives over every log overlapping the range, for the dates of the range.
 */
export function workedMsBetween(c: TenantScope, fromDate: string, toDate: string, userIds: string[] | null): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>()
  if (userIds !== null && userIds.length === 0) return out
  const all = userIds === null
  const stored = prepared(c.db, `personDayTotals.between:${all}`, (d) =>
    d
      .select({ userId: personDayTotals.userId, date: personDayTotals.date, workedMs: personDayTotals.workedMs })
      .from(personDayTotals)
      .where(
        and(
          eq(personDayTotals.tenantId, sql.placeholder('tenantId')),
          gte(personDayTotals.date, sql.placeholder('from')),
          sql`${personDayTotals.date} <= ${sql.placeholder('to')}`,
          all ? undefined : sql`${personDayTotals.userId} in (select value from json_each(${sql.placeholder('ids')}))`,
        ),
      )
      .prepare(),
  )
  const add = (userId: string, date: string, ms: number) => {
    let perDate = out.get(userId)
    if (!perDate) out.set(userId, (perDate = new Map()))
    perDate.set(date, (perDate.get(date) ?? 0) + ms)
  }
  for (const r of stored.all({ tenantId: c.tenant.id, from: fromDate, to: toDate, ids: JSON.stringify(userIds ?? []) })) add(r.userId, r.date, r.workedMs)
  for (const [userId, perDate] of netMsByUserDate(c, openLogsOf(c, userIds)))
    for (const [date, ms] of perDate) if (date >= fromDate && date <= toDate) add(userId, date, ms)
  return out
}

/** Open time logs of these users (all when null): at most one per person (time_logs_one_open_uq). */
function openLogsOf(c: TenantScope, userIds: string[] | null): TimeLogRow[] {
  const all = userIds === null
  return prepared(c.db, `personDayTotals.openLogs:${all}`, (d) =>
    d
      .select()
      .from(timeLogs)
      .where(
        and(
          eq(timeLogs.tenantId, sql.placeholder('tenantId')),
          isNull(timeLogs.clockOutAt),
          all ? undefined : sql`${timeLogs.userId} in (select value from json_each(${sql.placeholder('ids')}))`,
        ),
      )
      .prepare(),
  ).all({ tenantId: c.tenant.id, ids: JSON.stringify(userIds ?? []) })
}
