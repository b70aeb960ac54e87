import type { TenantScope } from '../../kernel/ctx'
import { addDays, dateRange, isoWeekday, localDate, zonedTimeToInstant } from '../../kernel/time'
import { teamMemberIds } from '../teams/membership'
import { usersMatching } from '../users/queries'
import type { ShiftTemplateRow } from './queries'
import {
  allTemplates,
  deleteShiftDay,
  insertShiftDays,
  publishedRecurringOverlapping,
  shiftDaysBetween,
  updateShiftDay,
  type RecurringScheduleRow,
  type ShiftDayValues,
} from './schedule-queries'

/*
 * Recurring schedules are MATERIALIZED into shift_schedules (one row per person and date), so every
 * reader (the /api/v1/shifts lists with their paging, workload alerts, overtime, auto clock-out)
 * keeps reading one indexed table. Only published schedules are materialized. Days are written
 * from the schedule's from date (at most BACKFILL_DAYS back) up to HORIZON_DAYS ahead of today;
 * the daily job shifts.materialize_schedules extends the horizon and picks up team membership
 * changes. One-off days (source one_off: a cancelled, moved or extra shift) are never touched.
 */

/** How far ahead of today recurring schedules are written. */
export const HORIZON_DAYS = 56
/** How far back publishing a schedule with a past from date writes days. */
export const BACKFILL_DAYS = 93

export const today = (c: TenantScope): string => localDate(c.now, c.tenant.timezone)

/**
 * The instants of a template's times on a local date: the end falls on the next day when it is
 * not after the start (an overnight shift). `at` turns a local date and HH:MM into an instant; the
 * demo seed passes its cached converter, so the rule itself exists once.
 */
export function templateInstants(
  date: string,
  startTime: string,
  endTime: string,
  at: (date: string, hhmm: string) => number,
): { startsAt: number; endsAt: number } {
  return { startsAt: at(date, startTime), endsAt: at(endTime <= startTime ? addDays(date, 1) : date, endTime) }
}

/** The instants of a template worked on a local date of the tenant. */
export function shiftTimesOn(c: TenantScope, date: string, startTime: string, endTime: string): { startsAt: number; endsAt: number } {
  const tz = c.tenant.timezone
  return templateInstants(date, startTime, endTime, (d, t) => zonedTimeToInstant(d, t, tz))
}

const appliesOn = (r: RecurringScheduleRow, date: string, weekday: number): boolean =>
  r.fromDate <= date && (r.untilDate === null || date <= r.untilDate) && r.daysOfWeek.includes(weekday)

/** Which schedule wins a day: a person's own before their team's, then the later published. */
const precedence = (a: RecurringScheduleRow, b: RecurringScheduleRow): number =>
  (a.userId ? 0 : 1) - (b.userId ? 0 : 1) || (b.publishedAt ?? 0) - (a.publishedAt ?? 0) || a.id.localeCompare(b.id)

/**
 * Makes the recurring days of shift_schedules match the published recurring schedules for these
 * users (null: everyone concerned) over [from, to] (clamped to BACKFILL_DAYS back and
 * HORIZON_DAYS ahead). Returns the rows written or removed. Call inside the transaction of the change.
 */
export function syncSchedules(c: TenantScope, scope: { userIds: string[] | null; from: string; to: string }): number {
  const t0 = today(c)
  const from = scope.from < addDays(t0, -BACKFILL_DAYS) ? addDays(t0, -BACKFILL_DAYS) : scope.from
  const to = scope.to > addDays(t0, HORIZON_DAYS) ? addDays(t0, HORIZON_DAYS) : scope.to
  if (to < from) return 0
  const active = new Set(
    usersMatching(c, { userIds: null })
      .filter((u) => u.status === 'active')
      .map((u) => u.id),
  )
  const patterns = publishedRecurringOverlapping(c, from, to)
  const templates = new Map<string, ShiftTemplateRow>(allTemplates(c).map((t) => [t.id, t]))
  const byUser = new Map<string, RecurringScheduleRow[]>()
  for (const p of patterns) {
    const targets = p.userId ? [p.userId] : teamMemberIds(c, [p.teamId!])
    for (const u of targets) {
      if (!active.has(u) || (scope.userIds && !scope.userIds.includes(u))) continue
      const list = byUser.get(u)
      if (list) list.push(p)
      else byUser.set(u, [p])
    }
  }
  for (const list of byUser.values()) list.sort(precedence)
  const existing = shiftDaysBetween(c, from, to, scope.userIds)
  const existingByKey = new Map(existing.map((r) => [`${r.userId}|${r.date}`, r]))
  const users = new Set([...byUser.keys(), ...existing.filter((r) => r.source === 'recurring').map((r) => r.userId)])
  let changed = 0
  const dates = dateRange(from, to).map((date) => ({ date, weekday: isoWeekday(date) }))
  // Time-zone arithmetic is the costly part: once per template and date, not per person.
  const times = new Map<string, { startsAt: number; endsAt: number }>()
  const timesOf = (date: string, tpl: ShiftTemplateRow) => {
    const key = `${tpl.id}|${date}`
    let v = times.get(key)
    if (!v) times.set(key, (v = shiftTimesOn(c, date, tpl.startTime, tpl.endTime)))
    return v
  }
  const inserts: { userId: string; date: string; values: ShiftDayValues }[] = []
  for (const userId of users) {
    const mine = byUser.get(userId) ?? []
    for (const { date, weekday } of dates) {
      const row = existingByKey.get(`${userId}|${date}`)
      if (row && row.source === 'one_off') continue
      const p = mine.find((r) => appliesOn(r, date, weekday))
      const tpl = p ? templates.get(p.templateId) : undefined
      if (!p || !tpl) {
        if (row) {
          deleteShiftDay(c, row.id)
          changed++
        }
        continue
      }
      const want: ShiftDayValues = {
        templateId: tpl.id,
        ...timesOf(date, tpl),
        breakMinutes: tpl.breakMinutes,
        status: 'scheduled',
        source: 'recurring',
        recurringScheduleId: p.id,
      }
      if (!row) {
        inserts.push({ userId, date, values: want })
        changed++
      } else if (
        row.templateId !== want.templateId ||
        row.startsAt !== want.startsAt ||
        row.endsAt !== want.endsAt ||
        row.breakMinutes !== want.breakMinutes ||
        row.status !== want.status ||
        row.recurringScheduleId !== want.recurringScheduleId
      ) {
        updateShiftDay(c, row.id, want)
        changed++
      }
    }
  }
  insertShiftDays(c, inserts)
  return changed
}

/**
 * One person's recurring days from today to the horizon again, after a change of their teams or
 * status (to be called in the transaction of add/remove_team_member, update_user,
 * deactivate/reactivate_user); without it the daily job applies such changes the next night.
 */
export const syncPersonSchedules = (c: TenantScope, userId: string): number =>
  syncSchedules(c, { userIds: [userId], from: today(c), to: addDays(today(c), HORIZON_DAYS) })
