import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id, Instant, Int } from '../../kernel/schemas'
import { toIso, hoursFromMs, localTimeLabel } from '../../kernel/time'
import { endActiveAgentSessions } from '../activity/agent-queries'
import { userAsOfAuth } from '../users/queries'
import { insertLocationPing, listOffices } from '../locations/office-queries'
import { finishBreak } from './break-events'
import { breaksOfLogAndOpenOfUser, type BreakRow } from './break-queries'
import { matchGeofence, type Point } from './geofence'
import { pointFrom } from './coordinates'
import { writeGapFillBlocks } from './gap-fill'
import { announceSessionClosed } from './session-closed'

import { Coordinates, ToolFailureFields } from './model'
import { closeTimeLog, findOpenTimeLog, recentTimeLogs, type TimeLogRow } from './queries'

export interface ClockOutResult {
  log: TimeLogRow
  blocksGenerated: number
  /** A break still open at clock-out, ended with the session. */
  breakEnded: BreakRow | null
}

/** The position sent with a clock-out, stored with its geofence result. */
function storeClockOutPing(ctx: TenantBoundCtx, userId: string, point: Point, at: number): void {
  const fence = matchGeofence(point, listOffices(ctx))
  insertLocationPing(ctx, {
    userId,
    recordedAt: at,
    latitude: point.latitude,
    longitude: point.longitude,
    officeId: fence.matched?.id ?? null,
    insideGeofence: fence.inside,
    source: 'clock_out',
  })
}

function notClockedIn(ctx: TenantBoundCtx, userId: string): DomainError {
  const [last] = recentTimeLogs(ctx, userId, 1)
  // The last session's id lets a client that retried a lost clock-out see that it landed.
  const details = last?.clockOutAt ? { last_time_log_id: last.id, last_clock_out_at: toIso(last.clockOutAt) } : undefined
  return new DomainError('not_clocked_in', 'You are not clocked in, so there is nothing to clock out of.', details)
}

/**
 * Ends the user's open work session: ends an open break, closes the time log, writes break and
 * gap_fill blocks, ends agent sessions, emits clock.out and, for a session booked to a project,
 * checks the project budget alert, in one transaction.
 */
export function clockOutUser(ctx: TenantBoundCtx, userId: string, input: { latitude?: number; longitude?: number }): ClockOutResult {
  const point = pointFrom(input)
  // As authentication read it: clocking out changes the log, not the user (TenantCtx.asOfAuth).
  const user = userAsOfAuth(ctx, userId)
  return inTransaction(ctx, (c) => {
    const open = findOpenTimeLog(c, user.id)
    if (!open) throw notClockedIn(c, user.id)
    const clockOutAt = Math.max(ctx.now, open.clockInAt)
    // One read of breaks: the log's (gap-fill) and the user's open one (ended here).
    const { ofLog, open: openBreak } = breaksOfLogAndOpenOfUser(c, user.id, open.id)
    const breakEnded = openBreak ? finishBreak(c, user, openBreak, clockOutAt, false) : null
    const pauses = breakEnded ? ofLog.map((b) => (b.id === breakEnded.id ? breakEnded : b)) : ofLog
    const blocksGenerated = writeGapFillBlocks(c, open, clockOutAt, pauses)
    const log = closeTimeLog(c, open, { clockOutAt, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null, gapFillDoneAt: ctx.now })
    if (!log) throw new DomainError('not_clocked_in', 'This session was already closed.')
    endActiveAgentSessions({ ...c, now: clockOutAt }, user.id, 'clock_out')
    if (point) storeClockOutPing(c, user.id, point, clockOutAt)
    announceSessionClosed(c, log, user, { clockOutAt, blocksGenerated, autoClosed: false, point: point ?? null })
    return { log, blocksGenerated, breakEnded }
  })
}

export const clockOut = defineOperation({
  name: 'clock_out',
  title: 'Clock out',
  description:
    'Ends the open work session of the person the key belongs to, finalises the time log and fills the parts the desktop agent did not report with gap-fill blocks (their count is returned). Write action: confirm with the user before calling. Do not call it when the user is already clocked out (check get_employee_details with employee_id "me": is_clocked_in). Needs a user-scoped production key; disabled in demo mode.',
  access: { role: 'employee', write: true, userScopedKey: true },
  // The specified output carries success, error and message: a failure is success: false.
  mcp: { failure: (standard) => ({ success: false, ...standard }) },
  input: t.Object(Coordinates),
  output: t.Object({
    success: t.Boolean({ description: 'True when the session was closed' }),
    time_log_id: Id,
    clock_in_time: Instant,
    clock_out_time: Instant,
    duration_hours: t.Number({ minimum: 0, description: 'Length of the session in hours, two decimals' }),
    blocks_generated: Int({ minimum: 0, description: 'Gap-fill blocks written for stretches without desktop-agent activity' }),
    ...ToolFailureFields,
  }),
  run(ctx, input) {
    const { log, blocksGenerated } = clockOutUser(ctx, callerUserId(ctx), input)
    const out = log.clockOutAt ?? ctx.now
    const hours = hoursFromMs(out - log.clockInAt)
    return {
      success: true,
      time_log_id: log.id,
      clock_in_time: toIso(log.clockInAt),
      clock_out_time: toIso(out),
      duration_hours: hours,
      blocks_generated: blocksGenerated,
      message: `Clocked out at ${localTimeLabel(out, ctx.tenant.timezone, ctx.now)} after ${hours} h.`,
    }
  },
})
