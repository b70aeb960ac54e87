import { t } from 'elysia'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { callerUserId } from '../../kernel/access'
import { Id, Instant, Int, Nullable } from '../../kernel/schemas'
import { MINUTE, localTimeLabel, toIso } from '../../kernel/time'
import { endActiveAgentSessions } from '../activity/agent-queries'
import { insertLocationPing, listOffices, type OfficeRow } from '../locations/office-queries'
import { geofencePolicyFor } from '../locations/office-policy'
import { companySettingsAsOfAuth } from '../tenants/queries'
import type { GeofencePolicy } from '../tenants/schema'
import { getUserInTenant, userAsOfAuth, type UserRow } from '../users/queries'
import { emit } from '../webhooks/outbox-queries'
import { pointFrom } from './coordinates'
import { matchGeofence, type GeofenceResult, type Point } from './geofence'
import { Coordinates, ToolFailureFields } from './model'
import { ClockInOtp, requireClockInCode } from './two-factor-gate'
import { findOpenTimeLog, insertTimeLog, type TimeLogRow } from './queries'

export interface ClockInResult {
  log: TimeLogRow
  geofence: GeofenceResult<OfficeRow> | null
  agentSessionsEnded: number
}

type Fence = GeofenceResult<OfficeRow>

/** Where the clock-in came from: the AI client (MCP) or a client/mobile app. */
const sourceOf = (ctx: TenantBoundCtx) => (ctx.surface === 'mcp' ? 'mcp' : ctx.surface === 'client' ? 'client' : 'import') as TimeLogRow['source']

function checkGeofence(ctx: TenantBoundCtx, user: UserRow, point: Point | null, company: { geofencePolicy: GeofencePolicy }): Fence | null {
  const policy = geofencePolicyFor(ctx, user, company)
  if (policy === 'off') return null
  const offices = listOffices(ctx)
  const fence = point ? matchGeofence(point, offices) : null
  if (policy !== 'enforce' || offices.length === 0 || fence?.inside) return fence
  // Refused: the failure is an event too (clock.in.failed), committed on its own.
  const reason = point ? 'outside_geofence' : 'location_required'
  inTransaction(ctx, (c) => {
    emit(c, 'clock.in.failed', {
      userId: user.id,
      userEmail: user.email,
      reason,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      nearestOfficeName: fence?.nearest?.name ?? null,
      distanceMeters: fence?.distanceMeters ?? null,
      attemptedAt: toIso(ctx.now),
    })
  })
  const message = point
    ? `You are ${fence?.distanceMeters ?? '?'} m from ${fence?.nearest?.name ?? 'the nearest office'}, outside every office geofence; this company only allows clock-ins on site.`
    : 'This company only allows clock-ins on site: send your latitude and longitude with the clock-in.'
  throw new DomainError('outside_geofence', message, { nearest_office_name: fence?.nearest?.name ?? null, distance_meters: fence?.distanceMeters ?? null })
}

export interface ClockInRequest {
  latitude?: number
  longitude?: number
  /** Project and task the session is booked to (the client API), already checked by the caller. */
  projectId?: string | null
  taskId?: string | null
}

/**
 * Starts a work session for a user: geofence check, time log, the handover that ends any active
 * desktop-agent session of the user, and the clock.in event, in one transaction. Surface-neutral:
 * the MCP tool and the client API both call it.
 */
export function clockInUser(ctx: TenantBoundCtx, userId: string, input: ClockInRequest, known?: UserRow): ClockInResult {
  const point = pointFrom(input)
  // The caller's row of this user, read in this request (the two-factor gate), else read here.
  const user = known?.id === userId ? known : getUserInTenant(ctx, userId)
  if (user.status !== 'active') throw new DomainError('conflict', 'Only active users can clock in.')
  // The tenant row as authentication read it (else once): the geofence policy and the presence-tap interval.
  const company = companySettingsAsOfAuth(ctx)
  const fence = checkGeofence(ctx, user, point, company)
  const tapMinutes = company.presenceTapMinutes
  try {
    return inTransaction(ctx, (c) => {
      const open = findOpenTimeLog(c, user.id)
      if (open) {
        // The open session's id lets a client that retried a lost clock-in see that it landed.
        throw new DomainError(
          'already_clocked_in',
          `You are already clocked in since ${localTimeLabel(open.clockInAt, ctx.tenant.timezone, ctx.now)}. Clock out first.`,
          {
            time_log_id: open.id,
            clock_in_at: toIso(open.clockInAt),
          },
        )
      }
      const log = insertTimeLog(c, {
        id: newId(),
        userId: user.id,
        clockInAt: ctx.now,
        status: 'open',
        source: sourceOf(ctx),
        clockInLatitude: point?.latitude ?? null,
        clockInLongitude: point?.longitude ?? null,
        officeId: fence?.matched?.id ?? null,
        isWithinGeofence: fence && point ? fence.inside : null,
        nextTapDueAt: tapMinutes ? ctx.now + tapMinutes * MINUTE : null,
        projectId: input.projectId ?? null,
        taskId: input.taskId ?? null,
        createdAt: ctx.now,
      })
      const agentSessionsEnded = endActiveAgentSessions(c, user.id, 'handover')
      if (point) {
        insertLocationPing(c, {
          userId: user.id,
          recordedAt: ctx.now,
          latitude: point.latitude,
          longitude: point.longitude,
          officeId: fence?.matched?.id ?? null,
          insideGeofence: fence?.inside ?? false,
          source: 'clock_in',
        })
      }
      emit(c, 'clock.in', {
        timeLogId: log.id,
        userId: user.id,
        userEmail: user.email,
        userName: user.name,
        clockInAt: toIso(log.clockInAt),
        source: log.source,
        latitude: log.clockInLatitude,
        longitude: log.clockInLongitude,
        isWithinGeofence: log.isWithinGeofence,
        officeId: log.officeId,
        officeName: fence?.matched?.name ?? null,
        agentSessionsEnded,
      })
      return { log, geofence: fence, agentSessionsEnded }
    })
  } catch (e) {
    // The partial unique index (one open log per user) catches a race the check above missed.
    if (e instanceof Error && /UNIQUE constraint failed: time_logs/.test(e.message)) {
      throw new DomainError('already_clocked_in', 'You are already clocked in. Clock out first.')
    }
    throw e
  }
}

export const ClockInOutput = t.Object({
  success: t.Boolean({ description: 'True when the clock-in was recorded' }),
  time_log_id: Id,
  clock_in_time: Instant,
  is_within_geofence: t.Boolean({
    description: 'True when the coordinates fall inside an office geofence; false when they do not, or when no check was made (see geofence_checked)',
  }),
  geofence_checked: t.Boolean({ description: 'True when coordinates were sent and checked against the office geofences (geofencing on)' }),
  matched_office_name: t.String({ description: 'Office whose geofence contains the coordinates; "" (empty) when none' }),
  distance_meters: Nullable(Int({ minimum: 0 }), { description: 'Distance to the matched (or else the nearest) office, metres; null without coordinates' }),
  next_tap_due_at: Nullable(Instant, { description: "When the next presence confirmation is due under the company's policy; null when there is none" }),
  agent_sessions_ended: Int({ minimum: 0, description: 'Desktop-agent sessions of the user ended by this clock-in (cross-device handover)' }),
  ...ToolFailureFields,
  reason: t.Optional(
    t.String({ description: 'With error forbidden for the two-factor code: two_factor_required (no otp sent) or two_factor_failed (wrong code)' }),
  ),
})

/** With error forbidden for the two-factor code: two_factor_required (no otp sent) or two_factor_failed (wrong code). */
const twoFactorReason = (details: unknown): { reason: string } | Record<string, never> =>
  typeof details === 'object' && details !== null && 'reason' in details && typeof details.reason === 'string' && details.reason.startsWith('two_factor_')
    ? { reason: details.reason }
    : {}

export const clockIn = defineOperation({
  name: 'clock_in',
  title: 'Clock in',
  description:
    'Starts a work session (time log) for the person the key belongs to. Write action: confirm with the user before calling. Do not call it when the user is already clocked in (check get_employee_details with employee_id "me": is_clocked_in). Pass latitude and longitude when known: they are checked against the office geofences. A user with two-factor authentication on must pass otp, the current 6-digit code of their authenticator app (ask them for it; never guess): without it the call fails with error forbidden and reason two_factor_required, with a wrong one reason two_factor_failed, and the refusal is recorded (clock.in.failed), as in the client apps. Ends any active desktop-agent session of the user (cross-device handover). Needs a user-scoped production key; disabled in demo mode.',
  access: { role: 'employee', write: true, userScopedKey: true },
  // The specified output carries success, error and message: a failure is success: false.
  // A refusal for the two-factor code says which (details.reason of the client API's 403).
  mcp: { failure: (standard, { details }) => ({ success: false, ...standard, ...twoFactorReason(details) }) },
  input: t.Object({ ...Coordinates, otp: ClockInOtp }),
  output: ClockInOutput,
  run(ctx, input) {
    const userId = callerUserId(ctx)
    const { otp, ...coords } = input
    // The same gate as the client API: a user with two-factor authentication on needs the code.
    const user = userAsOfAuth(ctx, userId)
    requireClockInCode(ctx, user, otp, pointFrom(coords))
    const { log, geofence, agentSessionsEnded } = clockInUser(ctx, userId, coords, user)
    const where = geofence?.matched ? ` at ${geofence.matched.name}` : ''
    return {
      success: true,
      time_log_id: log.id,
      clock_in_time: toIso(log.clockInAt),
      is_within_geofence: log.isWithinGeofence === true,
      geofence_checked: log.isWithinGeofence !== null,
      matched_office_name: geofence?.matched?.name ?? '',
      distance_meters: log.isWithinGeofence === null ? null : (geofence?.distanceMeters ?? null),
      next_tap_due_at: log.nextTapDueAt === null ? null : toIso(log.nextTapDueAt),
      agent_sessions_ended: agentSessionsEnded,
      message: `Clocked in${where} at ${localTimeLabel(log.clockInAt, ctx.tenant.timezone, ctx.now)}.`,
    }
  },
})
