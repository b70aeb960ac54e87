import { t } from 'elysia'
import { DateOnly, Id, Instant, Nullable } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
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
  total_seconds: t.Integer({ minimum: 0, description: 'Sum of the durations of its time logs' }),
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

/** Hours with two decimals, as every timesheet payload and response states them. */
export const toHours = (seconds: number): number => Math.round((seconds / 3600) * 100) / 100

export function toTimesheet(row: TimesheetRow, timeLogIds: string[], history: TimesheetHistoryRow[]) {
  return {
    id: row.id,
    user_id: row.userId,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    status: row.status,
    total_seconds: row.totalSeconds,
    total_hours: toHours(row.totalSeconds),
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
