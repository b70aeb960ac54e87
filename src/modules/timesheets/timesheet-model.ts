import { t } from 'elysia'
import { DateOnly, Id, Instant, Literals, Nullable } from '../../kernel/schemas'
import { hoursFromMs, hoursFromSeconds, localDate, toIso, toIsoOrNull } from '../../kernel/time'
import { TIME_LOG_SOURCES, type TimeLogSource, type TimeLogStatus } from '../time-tracking/schema'
import { TIMESHEET_STATUSES } from './schema'
import type { TimesheetHistoryRow, TimesheetRow } from './timesheet-queries'

export const TimesheetStatusEnum = t.UnionEnum(TIMESHEET_STATUSES, {
  description: 'draft, submitted, approved (locked), rejected or auto_generated',
})

export const Timesheet = t.Object({
  id: Id,
  user_id: Id,
  period_start: DateOnly,
  period_end: DateOnly,
  status: TimesheetStatusEnum,
  total_seconds: t.Integer({ minimum: 0, description: 'Worked seconds of its time logs, net of breaks' }),
  total_hours: t.Number({ minimum: 0, description: 'total_seconds in hours, two decimals' }),
  submitted_at: Nullable(Instant),
  decided_at: Nullable(Instant),
  decided_by_user_id: Nullable(Id),
  rejection_reason: Nullable(t.String()),
  time_log_ids: t.Array(Id, { description: 'Closed time logs of the period the timesheet is built from' }),
  history: t.Array(
    t.Object({
      from_status: Nullable(TimesheetStatusEnum),
      to_status: TimesheetStatusEnum,
      actor_user_id: Nullable(Id),
      reason: Nullable(t.String()),
      changed_at: Instant,
    }),
  ),
  created_at: Instant,
  updated_at: Instant,
})

export function toTimesheet(row: TimesheetRow, timeLogIds: string[], history: TimesheetHistoryRow[]) {
  return {
    id: row.id,
    user_id: row.userId,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    status: row.status,
    total_seconds: row.totalSeconds,
    total_hours: hoursFromSeconds(row.totalSeconds),
    submitted_at: toIsoOrNull(row.submittedAt),
    decided_at: toIsoOrNull(row.decidedAt),
    decided_by_user_id: row.decidedByUserId,
    rejection_reason: row.rejectionReason,
    time_log_ids: timeLogIds,
    history: history.map((h) => ({
      from_status: h.fromStatus,
      to_status: h.toStatus,
      actor_user_id: h.actorUserId,
      reason: h.reason,
      changed_at: toIso(h.changedAt),
    })),
    created_at: toIso(row.createdAt),
    updated_at: toIso(row.updatedAt),
  }
}

export const TimesheetOutput = t.Object({ timesheet: Timesheet })

export const TimesheetEntry = t.Object(
  {
    time_log_id: Id,
    date: t.String({ ...DateOnly, description: 'Tenant-local date of the clock-in' }),
    clock_in_at: Instant,
    clock_out_at: Nullable(Instant, { description: 'null while the session is open' }),
    hours: t.Number({ minimum: 0, description: 'Length of the session in hours (an open one counts until now)' }),
    status: t.Union([t.Literal('open'), t.Literal('closed'), t.Literal('auto_closed')]),
    source: Literals(TIME_LOG_SOURCES, {
      description: 'Where the entry came from; correction: added by a manager or admin (the reason is in the time corrections)',
    }),
  },
  { description: 'One work session (time log) of the timesheet' },
)

interface LogLike {
  id: string
  clockInAt: number
  clockOutAt: number | null
  status: TimeLogStatus
  source: TimeLogSource
}

/** A time log as a timesheet entry (list_my_timesheet, GET /timesheets/{id}). */
export function toTimesheetEntry(log: LogLike, tz: string, now: number) {
  return {
    time_log_id: log.id,
    date: localDate(log.clockInAt, tz),
    clock_in_at: toIso(log.clockInAt),
    clock_out_at: toIsoOrNull(log.clockOutAt),
    hours: hoursFromMs((log.clockOutAt ?? now) - log.clockInAt),
    status: log.status,
    source: log.source,
  }
}
