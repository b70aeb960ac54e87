import type { TenantScope } from '../../kernel/ctx'
import { prepared, sqliteOf } from '../../kernel/db'
import type { ShiftDayRow } from './schedule-queries'

/** The columns of a scheduled shift that overtime, paid absences, workload alerts and auto clock-out read. */
export type ShiftSpan = Pick<ShiftDayRow, 'userId' | 'date' | 'startsAt' | 'endsAt' | 'breakMinutes'>

/**
 * Shifts scheduled (not cancelled) over [from, to] (local dates), as ShiftSpans, one prepared
 * statement per shape (the ids travel as one JSON array): without drizzle building the query and
 * mapping every column of every shift per call (~0.8 ms of the organisation-wide team hours at
 * 1,000 people, issue 18, perf-reads-js). Everyone's shifts come off the
 * covering shift_schedules_tenant_date_idx, date by date; these people's by the key (tenant, user,
 * date), json_each driving the join, said outright (CROSS JOIN, INDEXED BY): left to itself SQLite
 * walks everyone's period in the covering index and filters it (10 ms for 9 people of 10,000).
 */
export function scheduledShiftSpans(ctx: TenantScope, from: string, to: string, userIds: readonly string[] | null): ShiftSpan[] {
  if (userIds !== null && userIds.length === 0) return []
  const stmt = prepared(ctx.db, `shifts.spans:${userIds === null ? 'all' : 'ids'}`, (d) =>
    sqliteOf(d).query<ShiftSpan, (string | number)[]>(
      userIds === null
        ? `select user_id as userId, date, starts_at as startsAt, ends_at as endsAt, break_minutes as breakMinutes from shift_schedules
           where tenant_id = ?1 and date >= ?2 and date <= ?3 and status = 'scheduled'`
        : `select s.user_id as userId, s.date, s.starts_at as startsAt, s.ends_at as endsAt, s.break_minutes as breakMinutes
           from json_each(?4) j cross join shift_schedules s indexed by shift_schedules_tenant_user_date_uq
           where s.tenant_id = ?1 and s.user_id = j.value and s.date >= ?2 and s.date <= ?3 and s.status = 'scheduled'`,
    ),
  )
  return userIds === null ? stmt.all(ctx.tenant.id, from, to) : stmt.all(ctx.tenant.id, from, to, JSON.stringify(userIds))
}

/** Shifts scheduled (not cancelled) on one local date: workload alerts, overtime.detected, auto clock-out. */
export const scheduledShiftsOn = (c: TenantScope, date: string, userIds: readonly string[] | null): ShiftSpan[] => scheduledShiftSpans(c, date, date, userIds)
