import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import type { TimesheetStatus } from './schema'
import { insertTimesheet, insertTimesheetHistory, updateTimesheetStatus, type TimesheetPatch, type TimesheetRow } from './timesheet-queries'

/**
 * The timesheet state machine, in one table. Every status change goes through `transition`
 * (or `createTimesheet` for the rows with from = null), which refuses anything not listed here
 * with `conflict` and writes timesheet_status_history. Approved is final: approved timesheets
 * are locked, nothing leaves that state.
 */
export const TIMESHEET_TRANSITIONS: readonly { from: TimesheetStatus | null; to: TimesheetStatus; by: string }[] = [
  { from: null, to: 'draft', by: 'the first submission of a period (then moved to submitted at once)' },
  { from: null, to: 'auto_generated', by: 'the system, when a period closes without a submission' },
  { from: 'draft', to: 'submitted', by: 'the employee' },
  { from: 'rejected', to: 'submitted', by: 'the employee, after fixing it' },
  { from: 'submitted', to: 'approved', by: 'a manager of their team or an admin' },
  { from: 'submitted', to: 'rejected', by: 'a manager of their team or an admin, with a reason' },
  { from: 'auto_generated', to: 'approved', by: 'a manager of their team or an admin' },
  { from: 'auto_generated', to: 'rejected', by: 'a manager of their team or an admin, with a reason' },
]

export const canTransition = (from: TimesheetStatus | null, to: TimesheetStatus): boolean => TIMESHEET_TRANSITIONS.some((t) => t.from === from && t.to === to)

const VERBS: Record<TimesheetStatus, string> = {
  draft: 'be made a draft',
  submitted: 'be submitted',
  approved: 'be approved',
  rejected: 'be rejected',
  auto_generated: 'be auto-generated',
}

function refuse(from: TimesheetStatus | null, to: TimesheetStatus): DomainError {
  const allowedFrom = TIMESHEET_TRANSITIONS.filter((t) => t.to === to && t.from !== null).map((t) => t.from)
  const state = from === null ? 'A new' : from === 'approved' ? 'An approved (locked)' : `A ${from.replace('_', '-')}`
  return new DomainError('conflict', `${state} timesheet cannot ${VERBS[to]}; only ${allowedFrom.join(' or ')} ones can.`, {
    status: from,
    requested: to,
    allowed_from: allowedFrom,
  })
}

export interface TransitionBy {
  actorUserId: string | null
  reason?: string | null
  patch?: TimesheetPatch
}

/** Moves a timesheet along the table, with its history row. Call inside the caller's transaction. */
export function transition(ctx: TenantBoundCtx, sheet: TimesheetRow, to: TimesheetStatus, by: TransitionBy): TimesheetRow {
  if (!canTransition(sheet.status, to)) throw refuse(sheet.status, to)
  const updated = updateTimesheetStatus(ctx, sheet.id, sheet.status, to, by.patch ?? {})
  // The row moved since it was read (a concurrent decision): same answer as an illegal move.
  if (!updated) throw refuse(sheet.status, to)
  insertTimesheetHistory(ctx, { timesheetId: sheet.id, fromStatus: sheet.status, toStatus: to, actorUserId: by.actorUserId, reason: by.reason ?? null })
  return updated
}

/** Creates a timesheet in one of the initial states of the table, with its history row. */
export function createTimesheet(
  ctx: TenantBoundCtx,
  row: { userId: string; periodStart: string; periodEnd: string; totalSeconds: number },
  status: TimesheetStatus,
  actorUserId: string | null,
): TimesheetRow {
  if (!canTransition(null, status)) throw refuse(null, status)
  const sheet = insertTimesheet(ctx, { ...row, status })
  insertTimesheetHistory(ctx, { timesheetId: sheet.id, fromStatus: null, toStatus: status, actorUserId, reason: null })
  return sheet
}
