import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { withDb, type TenantBoundCtx } from '../../kernel/ctx'
import { transaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { Id, Instant, Int } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { endActiveAgentSessions } from '../activity/queries'
import { insertLocationPing } from '../locations/office-queries'
import { getUserInTenant } from '../users/queries'
import { emitEvent } from '../webhooks/queries'
import { pointFrom } from './coordinates'
import { writeGapFillBlocks } from './gap-fill-blocks'
import { toHours } from './hours'
import { Coordinates, ToolFailureFields } from './model'
import { closeTimeLog, findOpenTimeLog, type TimeLogRow } from './queries'

export interface ClockOutResult {
  log: TimeLogRow
  blocksGenerated: number
}

/**
 * Ends the user's open work session: closes the time log, writes gap_fill blocks for the parts
 * the desktop agent did not cover, ends agent sessions and emits clock.out, in one transaction.
 */
export function clockOutUser(ctx: TenantBoundCtx, userId: string, input: { latitude?: number; longitude?: number }): ClockOutResult {
  const point = pointFrom(input)
  const user = getUserInTenant(ctx, userId)
  return transaction(ctx.db, (tx) => {
    const c = withDb(ctx, tx)
    const open = findOpenTimeLog(c, user.id)
    if (!open) throw new DomainError('not_clocked_in', 'You are not clocked in, so there is nothing to clock out of.')
    const clockOutAt = Math.max(ctx.now, open.clockInAt)
    const blocksGenerated = writeGapFillBlocks(c, open, clockOutAt)
    const log = closeTimeLog(c, open.id, { clockOutAt, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null, gapFillDoneAt: ctx.now })
    if (!log) throw new DomainError('not_clocked_in', 'This session was already closed.')
    endActiveAgentSessions(c, user.id, clockOutAt, 'clock_out')
    if (point) {
      insertLocationPing(c, { userId: user.id, recordedAt: clockOutAt, latitude: point.latitude, longitude: point.longitude, officeId: null, insideGeofence: false, source: 'clock_out' })
    }
    emitEvent(tx, ctx.tenant.id, 'clock.out', {
      timeLogId: log.id,
      userId: user.id,
      userEmail: user.email,
      userName: user.name,
      clockInAt: toIso(log.clockInAt),
      clockOutAt: toIso(clockOutAt),
      durationSeconds: Math.round((clockOutAt - log.clockInAt) / 1000),
      blocksGenerated,
      autoClosed: false,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
    }, ctx.now)
    return { log, blocksGenerated }
  })
}

export const clockOut = defineOperation({
  name: 'clock_out',
  title: 'Clock out',
  description:
    'Ends the open work session of the person the key belongs to, finalises the time log and fills the parts the desktop agent did not report with gap-fill blocks (their count is returned). Write action: confirm with the user before calling. Do not call it when the user is already clocked out (check get_employee_details with employee_id "me": is_clocked_in). Needs a user-scoped production key; disabled in demo mode.',
  access: { role: 'employee', write: true, userScopedKey: true },
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
    const hours = toHours(out - log.clockInAt)
    return {
      success: true,
      time_log_id: log.id,
      clock_in_time: toIso(log.clockInAt),
      clock_out_time: toIso(out),
      duration_hours: hours,
      blocks_generated: blocksGenerated,
      message: `Clocked out at ${toIso(out)} after ${hours} h.`,
    }
  },
})
