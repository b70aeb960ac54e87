import type { TenantScope } from '../../kernel/ctx'
import {
  DAY,
  HOUR,
  MINUTE,
  addDays,
  dateRange,
  isoWeekday,
  localDate,
  localParts,
  toIso,
  weekStart,
  hoursFromMs,
  localRange,
  zoneOffset,
} from '../../kernel/time'
import { daysOffByUser, excusesShiftStart, type DaysOff } from '../absences/days-off'
import { scheduledShiftsOn } from '../shifts/alert-queries'
import { findTenantById } from '../tenants/queries'
import { timeLogsOverlapping, type TimeLogRow } from '../time-tracking/queries'
import { workedMsBetween } from '../time-tracking/person-day-queries'
import type { WorkedMs } from '../time-tracking/worked-ms'
import { usersMatching, type UserRow } from '../users/queries'
import { shiftNetMs } from '../shifts/model'
import { overtimeOn } from './overtime'
import type { AlertKind } from './schema'

export type Severity = 'info' | 'warning' | 'critical'

export interface AlertDetails {
  hours_worked: number | null
  threshold_hours: number | null
  scheduled_start: string | null
  week_hours: number | null
  contracted_weekly_hours: number | null
  missing_dates: string[]
}

export interface WorkloadAlert {
  userId: string
  userName: string
  date: string
  kind: AlertKind
  severity: Severity
  message: string
  details: AlertDetails
}

/** Grace after a scheduled start before "not clocked in" fires. */
const NOT_CLOCKED_IN_GRACE_MS = 15 * MINUTE
/** Local hours outside which work counts as unusual (before 05:00, after 23:00). */
const EARLY_HOUR = 5
const LATE_HOUR = 23

const details = (d: Partial<AlertDetails>): AlertDetails => ({
  hours_worked: null,
  threshold_hours: null,
  scheduled_start: null,
  week_hours: null,
  contracted_weekly_hours: null,
  missing_dates: [],
  ...d,
})

interface Inputs {
  ctx: TenantScope
  date: string
  /** Net worked ms (breaks excluded) per user and local date. */
  perUser: WorkedMs
  /** Net scheduled ms of each user's shift on the date. */
  shiftMs: Map<string, number>
  logsByUser: Map<string, TimeLogRow[]>
  dailyThreshold: number
  /** The tenant's first local day: no gap is reported before the company existed. */
  firstDay: string
  /** Holidays and absences per user and date (the week before the date, and the date). */
  daysOff: DaysOff
  /** The workdays (Monday to Friday) of the week before the date, from firstDay on: the same for everyone. */
  gapDays: string[]
  /** The tenant-local hour of an instant (localParts(ms, tz).hour, computed without Intl inside a window of one offset). */
  localHour: (ms: number) => number
}

/**
 * localParts(ms, tz).hour for many instants: inside [from, to) the zone's offset is read at every
 * local midnight and at `to`; when it is the same at all of them (no DST change in the window) the
 * hour is plain arithmetic on that offset, else (and outside the window) it is asked of Intl as
 * before. Same answers, without one Intl formatting per time log and person.
 */
export function localHourFn(tz: string, fromDate: string, toDate: string): (ms: number) => number {
  const slow = (ms: number) => localParts(ms, tz).hour
  const { from, to } = localRange(fromDate, toDate, tz)
  const offset = zoneOffset(from, tz)
  for (const d of dateRange(fromDate, addDays(toDate, 1)))
    if (zoneOffset(localRange(d, d, tz).from, tz) !== offset || zoneOffset(localRange(d, d, tz).to - 1, tz) !== offset) return slow
  return (ms) => {
    if (ms < from || ms >= to) return slow(ms)
    // Whole seconds, as localParts sees them (Intl drops the milliseconds).
    const local = Math.floor(ms / 1000) * 1000 + offset
    return Math.floor((((local % DAY) + DAY) % DAY) / HOUR)
  }
}

function unusualHours(i: Inputs, u: UserRow): WorkloadAlert | null {
  const ms = i.perUser.on(u.id, i.date)
  // Nothing worked on the date: no alert of this kind (checked before the logs' hours, same answer).
  if (ms === 0) return null
  const hours = hoursFromMs(ms)
  if (hours > i.dailyThreshold) {
    const severity: Severity = hours > i.dailyThreshold + 3 ? 'critical' : 'warning'
    return {
      userId: u.id,
      userName: u.name,
      date: i.date,
      kind: 'unusual_hours',
      severity,
      message: `${u.name} worked ${hours} h on ${i.date}, above the ${i.dailyThreshold} h daily threshold.`,
      details: details({ hours_worked: hours, threshold_hours: i.dailyThreshold }),
    }
  }
  const odd = (i.logsByUser.get(u.id) ?? []).some((l) => {
    const start = i.localHour(l.clockInAt)
    const end = i.localHour(l.clockOutAt ?? i.ctx.now)
    return start < EARLY_HOUR || end >= LATE_HOUR
  })
  if (!odd) return null
  return {
    userId: u.id,
    userName: u.name,
    date: i.date,
    kind: 'unusual_hours',
    severity: 'info',
    message: `${u.name} worked outside usual hours (before ${EARLY_HOUR}:00 or after ${LATE_HOUR}:00) on ${i.date}.`,
    details: details({ hours_worked: hours }),
  }
}

function timesheetGap(i: Inputs, u: UserRow): WorkloadAlert | null {
  // Workdays of the previous week with no time at all, for someone who did work that week; a
  // holiday of the person's office or a day of their time off is not a workday.
  const off = i.daysOff.get(u.id)
  const days = off ? i.gapDays.filter((d) => !off.has(d)) : i.gapDays
  const missing = days.filter((d) => !i.perUser.on(u.id, d))
  if (missing.length === 0 || missing.length === days.length) return null
  const severity: Severity = missing.length >= 2 ? 'warning' : 'info'
  return {
    userId: u.id,
    userName: u.name,
    date: i.date,
    kind: 'timesheet_gap',
    severity,
    message: `${u.name} has no time logged on ${missing.length} workday(s) of the past week: ${missing.join(', ')}.`,
    details: details({ missing_dates: missing }),
  }
}

/** Overtime by the product's one rule (overtime.ts): week-to-date over contract, or the day over its shift. */
function overtime(i: Inputs, u: UserRow): WorkloadAlert | null {
  const o = overtimeOn(i.perUser, u.id, i.date, u.weeklyHours, i.shiftMs.get(u.id) ?? null)
  if (!o.week && !o.day) return null
  const weekHours = hoursFromMs(o.week?.workedMs ?? i.perUser.sum(u.id, weekStart(i.date), i.date))
  const critical = (o.week && weekHours > u.weeklyHours * 1.25) || (o.day && o.day.workedMs - o.day.scheduledMs > 3 * HOUR)
  const parts: string[] = []
  if (o.week) parts.push(`${weekHours} h this week, over the ${u.weeklyHours} h contract`)
  if (o.day) parts.push(`${hoursFromMs(o.day.workedMs)} h on ${i.date}, over the ${hoursFromMs(o.day.scheduledMs)} h scheduled`)
  return {
    userId: u.id,
    userName: u.name,
    date: i.date,
    kind: 'overtime',
    severity: critical ? 'critical' : 'warning',
    message: `${u.name} has worked ${parts.join(', and ')} (hours net of breaks).`,
    details: details({
      hours_worked: o.day ? hoursFromMs(o.day.workedMs) : null,
      threshold_hours: o.day ? hoursFromMs(o.day.scheduledMs) : null,
      week_hours: weekHours,
      contracted_weekly_hours: u.weeklyHours,
    }),
  }
}

/**
 * Workload alerts of one tenant-local date for these users (all active users when null):
 * unusual hours (a long day over the tenant threshold, or work at night), not clocked in against
 * a published scheduled shift (not on a holiday of the person's office nor during their time
 * off: absences/days-off.ts), workdays without time in the week before (timesheet gaps), and
 * overtime by the rule of overtime.ts (week-to-date over contract, or the day over its shift).
 * All hours are net of breaks. Pure reads: the scheduled job stores them in workload_alerts.
 */
export function computeWorkloadAlerts(ctx: TenantScope, date: string, userIds: string[] | null = null): WorkloadAlert[] {
  const tz = ctx.tenant.timezone
  const users = usersMatching(ctx, { userIds }).filter((u) => u.status === 'active')
  const ids = userIds === null ? null : users.map((u) => u.id)
  const firstDay = addDays(date, -7) < weekStart(date) ? addDays(date, -7) : weekStart(date)
  const range = localRange(firstDay, date, tz)
  const dayRange = localRange(date, date, tz)
  const shifts = scheduledShiftsOn(ctx, date, ids)
  // Only the logs the checks below look at: those touching the date, or a shift from its start
  // less 2 h to its end, which for a night shift is the next day (attendance); hours come from the
  // stored totals per person and date.
  const earliest = shifts.reduce((min, s) => Math.min(min, s.startsAt - 2 * HOUR), dayRange.from)
  const latest = shifts.reduce((max, s) => Math.max(max, s.endsAt), range.to)
  const logs = timeLogsOverlapping(ctx, { from: Math.max(range.from, earliest), to: latest }, ids)
  const logsByUser = new Map<string, TimeLogRow[]>()
  const allLogsByUser = new Map<string, TimeLogRow[]>()
  for (const l of logs) {
    const all = allLogsByUser.get(l.userId)
    if (all) all.push(l)
    else allLogsByUser.set(l.userId, [l])
    if (l.clockInAt >= dayRange.to || (l.clockOutAt ?? ctx.now) <= dayRange.from) continue
    const mine = logsByUser.get(l.userId)
    if (mine) mine.push(l)
    else logsByUser.set(l.userId, [l])
  }
  const tenant = findTenantById(ctx.db, ctx.tenant.id)
  const inputs: Inputs = {
    ctx,
    date,
    perUser: workedMsBetween(ctx, firstDay, date, ids),
    shiftMs: new Map(shifts.map((s) => [s.userId, shiftNetMs(s)])),
    logsByUser,
    dailyThreshold: tenant?.overtimeDailyHours ?? 10,
    firstDay: tenant ? localDate(tenant.createdAt, tz) : '0000-00-00',
    daysOff: daysOffByUser(ctx, addDays(date, -7), date, ids),
    gapDays: [],
    localHour: localHourFn(tz, addDays(firstDay, -1), addDays(date, 1)),
  }
  inputs.gapDays = dateRange(addDays(date, -7), addDays(date, -1)).filter((d) => isoWeekday(d) <= 5 && d >= inputs.firstDay)
  const alerts: WorkloadAlert[] = []
  const byId = new Map(users.map((u) => [u.id, u]))
  for (const shift of shifts) {
    const u = byId.get(shift.userId)
    if (!u || shift.startsAt + NOT_CLOCKED_IN_GRACE_MS > ctx.now) continue
    // Nobody is expected on a holiday of their office or during their time off.
    if (excusesShiftStart(inputs.daysOff.get(u.id)?.get(date), shift.startsAt)) continue
    const attended = (allLogsByUser.get(u.id) ?? []).some((l) => l.clockInAt < shift.endsAt && (l.clockOutAt ?? ctx.now) > shift.startsAt - 2 * HOUR)
    if (attended) continue
    alerts.push({
      userId: u.id,
      userName: u.name,
      date,
      kind: 'not_clocked_in',
      severity: 'warning',
      message: `${u.name} was scheduled from ${toIso(shift.startsAt)} but has not clocked in.`,
      details: details({ scheduled_start: toIso(shift.startsAt) }),
    })
  }
  for (const u of users) {
    for (const rule of [unusualHours, timesheetGap, overtime]) {
      const alert = rule(inputs, u)
      if (alert) alerts.push(alert)
    }
  }
  return sortAlerts(alerts)
}

const RANK: Record<Severity, number> = { critical: 0, warning: 1, info: 2 }
const KIND_ORDER: Record<AlertKind, number> = { not_clocked_in: 0, unusual_hours: 1, timesheet_gap: 2, overtime: 3 }

/** Most severe first, then by name and kind: the order of get_workload_alerts, live or stored. */
export const sortAlerts = (alerts: WorkloadAlert[]): WorkloadAlert[] =>
  alerts.sort(
    (a, b) =>
      RANK[a.severity] - RANK[b.severity] ||
      a.userName.localeCompare(b.userName) ||
      a.userId.localeCompare(b.userId) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind],
  )
