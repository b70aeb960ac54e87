import type { TenantBoundCtx } from '../../kernel/ctx'
import { HOUR, MINUTE, addDays, localDate } from '../../kernel/time'
import { inTransaction } from '../../kernel/db'
import { scheduledShiftsOn } from '../shifts/alert-queries'
import { getUserInTenant } from '../users/queries'
import { autoCloseTimeLog, logsPendingGapFill, markGapFillDone, overdueOpenLogs } from './auto-close-queries'
import { finishOpenBreak } from './break-events'
import { writeGapFillBlocks } from './gap-fill'
import { announceSessionClosed } from './session-closed'
import type { TimeLogRow } from './queries'

/** Logs closed or gap-filled per transaction (and forgotten clock-outs per tenant and tick). */
const GAP_FILL_BATCH = 200
/** A clock-in up to this long before a shift starts belongs to that shift (as workload alerts count it). */
const EARLY_CLOCK_IN_MS = 2 * HOUR

/** How long after the end of a published shift a still-open session is closed (at shift end + this). */
export const SHIFT_END_GRACE_MS = 15 * MINUTE

/**
 * When a forgotten clock-out is closed: the end of the published shift the clock-in belongs to
 * plus SHIFT_END_GRACE_MS, or clock-in + the tenant's auto_clock_out_hours (the fallback, for
 * people without a shift that day) when that is sooner. A cancelled day has no shift; an overnight
 * shift belongs to the day it starts on.
 */
function autoCloseAt(ctx: TenantBoundCtx, log: Pick<TimeLogRow, 'userId' | 'clockInAt'>, autoClockOutHours: number): number {
  const limit = log.clockInAt + autoClockOutHours * HOUR
  const tz = ctx.tenant.timezone
  const clockInDate = localDate(log.clockInAt, tz)
  // The day before too: a clock-in after midnight may belong to an overnight shift that began then.
  const dates = new Set([addDays(clockInDate, -1), clockInDate, localDate(log.clockInAt + EARLY_CLOCK_IN_MS, tz)])
  let closeAt = limit
  for (const date of dates) {
    for (const shift of scheduledShiftsOn(ctx, date, [log.userId])) {
      const belongs = shift.startsAt - EARLY_CLOCK_IN_MS <= log.clockInAt && log.clockInAt < shift.endsAt
      if (belongs) closeAt = Math.min(closeAt, shift.endsAt + SHIFT_END_GRACE_MS)
    }
  }
  return closeAt
}

/**
 * Closes the tenant's open time logs whose close time (autoCloseAt: shift end + grace, or
 * auto_clock_out_hours after clock-in) has passed (status auto_closed), with
 * the gap-fill blocks clock-out would have written, open breaks ended and clock.out
 * (autoClosed: true). Each log in its own transaction; a log clocked out meanwhile is left alone.
 */
export function autoCloseForgottenClockOuts(ctx: TenantBoundCtx, autoClockOutHours: number): number {
  if (autoClockOutHours <= 0) return 0
  let closed = 0
  // Every open log (at most one per person) is a candidate: a shift may end before the fallback limit.
  const due = overdueOpenLogs(ctx, ctx.now, Number.MAX_SAFE_INTEGER)
    .map((open) => ({ open, clockOutAt: autoCloseAt(ctx, open, autoClockOutHours) }))
    .filter((d) => d.clockOutAt <= ctx.now)
    .slice(0, GAP_FILL_BATCH)
  for (const { open, clockOutAt } of due) {
    inTransaction(ctx, (c) => {
      const log = autoCloseTimeLog(c, open.id, clockOutAt)
      if (!log) return
      const user = getUserInTenant(c, log.userId)
      // The same path as clock-out: a break still open ends with the session (break.ended).
      finishOpenBreak(c, user, clockOutAt)
      const blocksGenerated = writeGapFillBlocks(c, log, clockOutAt)
      announceSessionClosed(c, log, user, { clockOutAt, blocksGenerated, autoClosed: true, point: null })
      closed++
    })
  }
  return closed
}

/**
 * Writes the gap-fill blocks of closed logs that never went through clock-out (imported logs):
 * once per log, claimed by gap_fill_done_at in the same transaction as the blocks. Works in
 * batches (one short transaction each) until none is left or the wall-clock `deadline` passes,
 * so a large import is done in a few ticks without holding the write lock for long.
 */
export function gapFillClosedLogs(ctx: TenantBoundCtx, deadline = Infinity): number {
  let filled = 0
  for (;;) {
    const pending = logsPendingGapFill(ctx, ctx.now, GAP_FILL_BATCH)
    if (pending.length === 0) return filled
    filled += inTransaction(ctx, (c) => {
      let n = 0
      for (const log of pending) {
        if (!markGapFillDone(c, log.id)) continue
        writeGapFillBlocks(c, log, log.clockOutAt!)
        n++
      }
      return n
    })
    if (pending.length < GAP_FILL_BATCH || performance.now() > deadline) return filled
  }
}
