import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { HOUR, localDate, toIso } from '../../kernel/time'
import { actorHasRole } from '../../kernel/access'
import { recordChange } from '../audit/audit-queries'
import { closedPeriodOn, firstOpenDateFrom } from '../payroll/closed-period-queries'
import { refreshTimesheetOn } from '../timesheets/refresh-timesheet'
import { visibleUser } from '../users/visibility'
import { insertCorrection, overlappingLog, type TimeCorrectionRow } from './correction-queries'
import type { TimeLogRow } from './queries'
import type { EntryTimes } from './schema'
import { netMsByUserDate } from './worked-time-read-model'

/** The longest entry a correction may make: a day. Longer work is two entries. */
export const MAX_ENTRY_MS = 24 * HOUR

const invalid = (field: string, message: string) =>
  new DomainError('invalid_argument', `Invalid body: ${field} ${message}.`, { location: 'body', errors: [{ field, message }] })

/**
 * Who may correct whose time: a manager the people of the teams they manage, an admin anyone,
 * nobody their own time unless they are an admin (the hours a manager approves are not their own
 * to change).
 */
export function correctablePerson(ctx: TenantBoundCtx, userId: string) {
  const person = visibleUser(ctx, userId, "this person's time")
  if (ctx.actor.userId === userId && !actorHasRole(ctx.actor, 'admin')) {
    throw new DomainError('forbidden', 'A manager cannot correct their own time entries; ask an admin or another manager of your team.')
  }
  return person
}

/** The clock-in and clock-out a correction asks for, checked: in order, at most a day, not in the future. */
export function checkedTimes(ctx: TenantBoundCtx, clockInAt: number, clockOutAt: number): { clockInAt: number; clockOutAt: number } {
  if (clockOutAt <= clockInAt) throw invalid('clock_out_at', 'must be after clock_in_at')
  if (clockOutAt - clockInAt > MAX_ENTRY_MS) throw invalid('clock_out_at', 'must be at most 24 hours after clock_in_at (split longer work into two entries)')
  if (clockOutAt > ctx.now) throw invalid('clock_out_at', 'must not be in the future')
  return { clockInAt, clockOutAt }
}

export function refuseOverlap(ctx: TenantBoundCtx, userId: string, times: { clockInAt: number; clockOutAt: number }, exceptId: string | null): void {
  const other = overlappingLog(ctx, userId, { from: times.clockInAt, to: times.clockOutAt }, exceptId)
  if (other) {
    throw new DomainError(
      'conflict',
      `The entry would overlap the time entry ${other.id} (${toIso(other.clockInAt)} to ${other.clockOutAt ? toIso(other.clockOutAt) : 'now'}).`,
      {
        overlapping_time_log_id: other.id,
      },
    )
  }
}

/** An entry's times and worked seconds (net of unpaid breaks, the one worked-time rule). */
export function entryTimes(ctx: TenantBoundCtx, log: TimeLogRow): EntryTimes {
  const perDate = netMsByUserDate(ctx, [log]).get(log.userId)
  const ms = [...(perDate?.values() ?? [])].reduce((a, b) => a + b, 0)
  return { clock_in_at: toIso(log.clockInAt), clock_out_at: toIso(log.clockOutAt ?? ctx.now), worked_seconds: Math.round(ms / 1000) }
}

/**
 * Records a correction in the open transaction `c`: the correction row the person sees, the audit
 * entry, and the timesheet holding the date. `frozen` is true when the work date lies in a closed
 * payroll period: the entry was left as it was and `adjustmentSeconds` is paid in the first open
 * period from today instead.
 */
export function recordCorrection(
  c: TenantBoundCtx,
  change: { userId: string; log: TimeLogRow | null; kind: 'added' | 'edited'; workDate: string; before: EntryTimes | null; after: EntryTimes; reason: string },
): TimeCorrectionRow {
  const frozen = closedPeriodOn(c, change.workDate) !== null
  const adjustmentSeconds = frozen ? change.after.worked_seconds - (change.before?.worked_seconds ?? 0) : null
  const row = insertCorrection(c, {
    userId: change.userId,
    timeLogId: change.log?.id ?? null,
    kind: change.kind,
    workDate: change.workDate,
    before: change.before,
    after: change.after,
    reason: change.reason,
    correctedByUserId: c.actor.userId,
    correctedAt: c.now,
    adjustmentSeconds,
    landsOn: frozen ? firstOpenDateFrom(c, localDate(c.now, c.tenant.timezone)) : null,
  })
  recordChange(c, {
    action: change.kind === 'added' ? 'time_entry.added' : 'time_entry.corrected',
    entity: 'time_entry',
    entityId: change.log?.id ?? row.id,
    before: change.before,
    after: { ...change.after, ...(frozen ? { adjustment_seconds: adjustmentSeconds, lands_on: row.landsOn } : {}) },
    reason: change.reason,
  })
  if (!frozen) refreshTimesheetOn(c, change.userId, change.workDate)
  return row
}
