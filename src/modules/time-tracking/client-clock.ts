import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { defineOperation } from '../../kernel/operation'
import { Id, Instant, Int, Nullable } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import { userAsOfAuth } from '../users/queries'
import { resolveBooking } from './booking'
import { Break, toBreak } from './break-model'
import { clockInUser } from './clock-in'
import { clockOutUser } from './clock-out'
import { pointFrom } from './coordinates'
import { Coordinates } from './model'
import { requireClockInCode, ClockInOtp } from './two-factor-gate'

const Ref = (description: string) => t.Optional(t.String({ format: 'uuid', description }))

/**
 * Clock-in and clock-out for client and mobile apps: the same domain functions as the MCP tools
 * (clockInUser / clockOutUser: geofence, handover, gap-fill, events), with what apps add: a
 * project and task to book the time to, and the two-factor code of users who turned it on.
 */
export const clientClockIn = defineOperation({
  name: 'client_clock_in',
  title: 'Clock in',
  description:
    'Starts a work session of the calling user, optionally booked to a project and task, with optional coordinates checked against the office geofences (enforced when the company says so). Users with two-factor authentication on send the current code as otp; a missing or wrong one answers 403 and emits clock.in.failed. Already clocked in: 409 already_clocked_in with the open session in details. Emits clock.in.',
  access: { role: 'employee', write: true, userScopedKey: true },
  input: t.Object({
    ...Coordinates,
    project_id: Ref('Project to book the session to (active projects only)'),
    task_id: Ref('Task to book the session to; books to its project too'),
    otp: ClockInOtp,
  }),
  output: t.Object({
    time_log_id: Id,
    clock_in_at: Instant,
    is_within_geofence: Nullable(t.Boolean(), { description: 'Geofence result; null without coordinates or when geofencing is off' }),
    matched_office_name: Nullable(t.String()),
    distance_meters: Nullable(Int({ minimum: 0 }), { description: 'Distance to the matched (else the nearest) office' }),
    next_tap_due_at: Nullable(Instant, { description: 'When the first presence confirmation is due; null when the company has no presence policy' }),
    project_id: Nullable(t.String({ format: 'uuid' })),
    task_id: Nullable(t.String({ format: 'uuid' })),
    agent_sessions_ended: Int({ minimum: 0, description: 'Desktop-agent sessions ended by this clock-in (cross-device handover)' }),
  }),
  run(ctx, input) {
    const userId = callerUserId(ctx)
    const point = pointFrom(input)
    const user = userAsOfAuth(ctx, userId)
    requireClockInCode(ctx, user, input.otp, point)
    const booking = resolveBooking(ctx, input)
    const { log, geofence, agentSessionsEnded } = clockInUser(ctx, userId, { ...(point ?? {}), ...booking }, user)
    return {
      time_log_id: log.id,
      clock_in_at: toIso(log.clockInAt),
      is_within_geofence: log.isWithinGeofence,
      matched_office_name: geofence?.matched?.name ?? null,
      distance_meters: log.isWithinGeofence === null ? null : (geofence?.distanceMeters ?? null),
      next_tap_due_at: toIsoOrNull(log.nextTapDueAt),
      project_id: log.projectId,
      task_id: log.taskId,
      agent_sessions_ended: agentSessionsEnded,
    }
  },
})

export const clientClockOut = defineOperation({
  name: 'client_clock_out',
  title: 'Clock out',
  description:
    'Ends the open work session of the calling user: ends a break still open, closes the time log, writes break and gap-fill blocks for what the desktop agent did not cover, and checks the budget alert of the project it was booked to. Not clocked in: 409 not_clocked_in with the last session in details. Emits clock.out (and break.ended, project.budget_alert when they apply).',
  access: { role: 'employee', write: true, userScopedKey: true },
  input: t.Object(Coordinates),
  output: t.Object({
    time_log_id: Id,
    clock_in_at: Instant,
    clock_out_at: Instant,
    duration_seconds: Int({ minimum: 0 }),
    blocks_generated: Int({ minimum: 0, description: 'Gap-fill blocks written for stretches without desktop-agent activity or a break' }),
    break_ended: Nullable(Break, { description: 'A break that was still open and ended with the session' }),
    project_id: Nullable(t.String({ format: 'uuid' })),
    task_id: Nullable(t.String({ format: 'uuid' })),
  }),
  run(ctx, input) {
    const { log, blocksGenerated, breakEnded } = clockOutUser(ctx, callerUserId(ctx), input)
    const out = log.clockOutAt ?? ctx.now
    return {
      time_log_id: log.id,
      clock_in_at: toIso(log.clockInAt),
      clock_out_at: toIso(out),
      duration_seconds: Math.round((out - log.clockInAt) / 1000),
      blocks_generated: blocksGenerated,
      break_ended: breakEnded ? toBreak(breakEnded) : null,
      project_id: log.projectId,
      task_id: log.taskId,
    }
  },
})
