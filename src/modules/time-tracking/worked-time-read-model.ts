import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { timesheets } from '../timesheets/schema'
import { breaksOfLogs } from './break-queries'
import { localDateMemo } from '../../kernel/time'
import { companySettingsAsOfAuth, companySettingsOf } from '../tenants/queries'
import type { TimeLogRow } from './queries'
import { breaks, timeLogs } from './schema'

/**
 * Worked time: closed time logs less their breaks, read by payroll, project budgets and
 * timesheets. One SQL aggregate over time_logs and breaks (and, for payroll and the closing of a
 * period, the timesheet each log belongs to) instead of loading every break of a period.
 * Listed in READ_MODELS (scripts/architecture-lists.ts).
 */

/**
 * Breaks that reduce worked time: those whose kind is not one of the company's paid break kinds
 * (settings paid_break_kinds; by default none is paid, so every break is deducted). The one place
 * the rule lives: every worked-time figure below (payroll, timesheets, budgets, dashboard, alerts)
 * goes through it.
 */
const unpaidBreak = (c: TenantScope, alias: string) => sql.raw(unpaidKinds(companySettingsOf(c).paidBreakKinds, alias))

/** unpaidBreak's condition for these paid kinds as SQL text (each written by us: 'break' or 'lunch', never a stored string). */
const unpaidKinds = (paid: readonly string[], alias: string): string =>
  paid.length === 0 ? '' : ` and ${alias}.kind not in (${paid.map((k) => `'${k === 'lunch' ? 'lunch' : 'break'}'`).join(', ')})`

/** Whether a break of this kind reduces worked time under the company's settings. */
export const breakIsUnpaid = (paidKinds: readonly string[], kind: string): boolean => !paidKinds.includes(kind)

/**
 * Worked seconds of a closed time log: clock-out minus clock-in minus its unpaid breaks (an unended
 * break counts up to the clock-out). SQLite: two-argument max()/min() are scalar (greatest/least).
 * Written out with table names: in a single-table select drizzle renders bare column names, which
 * inside the subquery would name the break's own columns (b.id, b.tenant_id) and drop every break.
 */
const workedSecondsOf = (c: TenantScope) =>
  sql<number>`max(0, ("time_logs"."clock_out_at" - "time_logs"."clock_in_at") - coalesce((
  select sum(min(coalesce(b.ended_at, "time_logs"."clock_out_at"), "time_logs"."clock_out_at") - b.started_at)
  from ${breaks} b where b.tenant_id = "time_logs"."tenant_id" and b.time_log_id = "time_logs"."id"${unpaidBreak(c, 'b')}
), 0)) / 1000.0`.mapWith(Number)

/**
 * The net worked ms of a time log `l` ending at `end` (an SQL expression) as SQL: netMsOfLogs' rule
 * (end minus clock-in minus its unpaid breaks, each clipped to the end; never below 0), its breaks
 * looked up by breaks_tenant_log_idx. For statements that total worked time in SQLite instead of
 * reading every log and break into JavaScript (the dashboard, team hours, a clock-out's day: issue 18).
 */
const logNetMsSql = (end: string, paid: readonly string[]): string => `max(0, ${end} - l.clock_in_at - coalesce((
  select sum(max(0, min(coalesce(b.ended_at, ${end}), ${end}) - min(b.started_at, ${end})))
  from breaks b where b.tenant_id = l.tenant_id and b.time_log_id = l.id${unpaidKinds(paid, 'b')}), 0))`

/** logNetMsSql of an open log `l` at `?1` (now). */
export const openLogNetMsSql = (paid: readonly string[]): string => logNetMsSql('?1', paid)

/** logNetMsSql of a closed log `l` (at its clock-out). */
export const closedLogNetMsSql = (paid: readonly string[]): string => logNetMsSql('l.clock_out_at', paid)

export interface WorkedLog {
  userId: string
  clockInAt: number
  workedSeconds: number
}

/**
 * Closed time logs that belong to approved timesheets and started in [fromMs, toMs): the hours
 * payroll pays. Logs of draft, submitted or rejected timesheets are not paid yet.
 */
export function approvedWorkedLogs(c: TenantScope, fromMs: number, toMs: number): WorkedLog[] {
  return c.db
    .select({ userId: timeLogs.userId, clockInAt: timeLogs.clockInAt, workedSeconds: workedSecondsOf(c) })
    .from(timeLogs)
    .innerJoin(timesheets, and(eq(timesheets.tenantId, timeLogs.tenantId), eq(timesheets.id, timeLogs.timesheetId)))
    .where(
      and(
        eq(timeLogs.tenantId, c.tenant.id),
        gte(timeLogs.clockInAt, fromMs),
        lt(timeLogs.clockInAt, toMs),
        isNotNull(timeLogs.clockOutAt),
        eq(timesheets.status, 'approved'),
      ),
    )
    .all()
}

/** Worked seconds booked to a project, per user (closed time logs only). */
export function projectWorkedSecondsByUser(c: TenantScope, projectId: string): { userId: string; seconds: number }[] {
  return c.db
    .select({ userId: timeLogs.userId, seconds: sql<number>`sum(${workedSecondsOf(c)})`.mapWith(Number) })
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, c.tenant.id), eq(timeLogs.projectId, projectId), isNotNull(timeLogs.clockOutAt)))
    .groupBy(timeLogs.userId)
    .all()
}

export type TimesheetEntryRow = TimeLogRow & { breakMs: number }

/** The time logs of a timesheet, oldest first, with the length of their finished unpaid breaks (what reduces worked time). */
export function timeLogsOfTimesheet(c: TenantScope, timesheetId: string): TimesheetEntryRow[] {
  // Written out with table names: drizzle renders bare column names inside a single-table select.
  const breakMs = sql<number>`coalesce((select sum(b.ended_at - b.started_at) from ${breaks} b
    where b.tenant_id = "time_logs"."tenant_id" and b.time_log_id = "time_logs"."id" and b.ended_at is not null${unpaidBreak(c, 'b')}), 0)`.mapWith(Number)
  return c.db
    .select({ log: timeLogs, breakMs })
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, c.tenant.id), eq(timeLogs.timesheetId, timesheetId)))
    .orderBy(asc(timeLogs.clockInAt))
    .all()
    .map((r) => ({ ...r.log, breakMs: r.breakMs }))
}

/**
 * Users with free closed time logs that clocked in within [fromMs, toMs) and no timesheet for the
 * period starting `periodStart`: who did not submit a period that has closed. Sorted by id.
 */
export function userIdsOwingTimesheet(c: TenantScope, periodStart: string, fromMs: number, toMs: number): string[] {
  const noSheet = sql`not exists (select 1 from ${timesheets} where ${timesheets.tenantId} = ${timeLogs.tenantId} and ${timesheets.userId} = ${timeLogs.userId} and ${timesheets.periodStart} = ${periodStart})`
  return c.db
    .selectDistinct({ userId: timeLogs.userId })
    .from(timeLogs)
    .where(
      and(
        eq(timeLogs.tenantId, c.tenant.id),
        gte(timeLogs.clockInAt, fromMs),
        lt(timeLogs.clockInAt, toMs),
        isNotNull(timeLogs.clockOutAt),
        isNull(timeLogs.timesheetId),
        noSheet,
      ),
    )
    .orderBy(timeLogs.userId)
    .all()
    .map((r) => r.userId)
}

/**
 * Worked milliseconds per user and tenant-local date of these time logs (an open one runs until
 * now), net of their unpaid breaks (an unended break counts up to the log's end). A session counts in
 * full on the local date it clocked in, as timesheets and payroll count it (workedSeconds above):
 * a night shift from Sunday 22:00 to Monday 06:00 is Sunday's, so the dashboard, team hours,
 * workload alerts and overtime give the same hours as the timesheet holding the session.
 */
export function netMsByUserDate(c: TenantScope, logs: LogTimes[]): Map<string, Map<string, number>> {
  return netMsOfLogs(
    c,
    logs,
    breaksOfLogs(
      c,
      logs.map((l) => l.id),
    ),
  )
}

/** The times of a log netMsOfLogs counts. */
export type LogTimes = Pick<TimeLogRow, 'id' | 'userId' | 'clockInAt' | 'clockOutAt'>
/** The part of a break netMsOfLogs counts. */
export type BreakTimes = { timeLogId: string; kind: string; startedAt: number; endedAt: number | null }

/** netMsByUserDate over logs and their breaks the caller has read already (every break of these logs). */
export function netMsOfLogs(c: TenantScope, logs: LogTimes[], logBreaks: BreakTimes[]): Map<string, Map<string, number>> {
  const endOf = (log: LogTimes) => log.clockOutAt ?? c.now
  const byId = new Map(logs.map((l) => [l.id, l]))
  const pausedMs = new Map<string, number>()
  // As authentication read the row (a clock-out's settle): a change of the paid kinds drops it (update_company_settings).
  const paidKinds = companySettingsAsOfAuth(c).paidBreakKinds
  for (const b of logBreaks) {
    if (!breakIsUnpaid(paidKinds, b.kind)) continue
    const end = endOf(byId.get(b.timeLogId)!)
    const ms = Math.max(0, Math.min(b.endedAt ?? end, end) - Math.min(b.startedAt, end))
    pausedMs.set(b.timeLogId, (pausedMs.get(b.timeLogId) ?? 0) + ms)
  }
  const out = new Map<string, Map<string, number>>()
  const dateOf = localDateMemo(c.tenant.timezone)
  for (const log of logs) {
    const date = dateOf(log.clockInAt)
    const net = Math.max(0, endOf(log) - log.clockInAt - (pausedMs.get(log.id) ?? 0))
    const perDate = out.get(log.userId) ?? new Map<string, number>()
    perDate.set(date, (perDate.get(date) ?? 0) + net)
    out.set(log.userId, perDate)
  }
  return out
}

/**
 * Closed time logs of a user that clocked in within [fromMs, toMs) and are free or already on this
 * timesheet (null: a timesheet not created yet), with their worked seconds net of breaks: what a
 * timesheet of that period is built from and totals (the hours payroll pays for the same logs).
 */
export function closedWorkedLogsForTimesheet(
  c: TenantScope,
  userId: string,
  fromMs: number,
  toMs: number,
  timesheetId: string | null,
): { id: string; seconds: number }[] {
  return c.db
    .select({ id: timeLogs.id, seconds: workedSecondsOf(c) })
    .from(timeLogs)
    .where(
      and(
        eq(timeLogs.tenantId, c.tenant.id),
        eq(timeLogs.userId, userId),
        gte(timeLogs.clockInAt, fromMs),
        lt(timeLogs.clockInAt, toMs),
        isNotNull(timeLogs.clockOutAt),
        timesheetId === null ? isNull(timeLogs.timesheetId) : or(isNull(timeLogs.timesheetId), eq(timeLogs.timesheetId, timesheetId)),
      ),
    )
    .all()
    .map((r) => ({ id: r.id, seconds: Math.round(r.seconds) }))
}

/** Closed time logs booked to a project, with their worked seconds: what a bill rate of each day values. */
export function projectWorkedLogs(c: TenantScope, projectId: string): WorkedLog[] {
  return c.db
    .select({ userId: timeLogs.userId, clockInAt: timeLogs.clockInAt, workedSeconds: workedSecondsOf(c) })
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, c.tenant.id), eq(timeLogs.projectId, projectId), isNotNull(timeLogs.clockOutAt)))
    .all()
}
