import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id, Instant, Nullable } from '../../kernel/schemas'
import { MINUTE, toIso, toIsoOrNull } from '../../kernel/time'
import { listOffices, type OfficeRow } from '../locations/office-queries'
import { recordLocationPings } from '../locations/record-pings'
import { findTenantById } from '../tenants/queries'
import { getUserInTenant } from '../users/queries'
import { pointFrom } from './coordinates'
import { matchGeofence, type GeofenceResult, type Point } from './geofence'
import { Coordinates } from './model'
import { insertPresenceTap, lastTapOfLog, setNextTapDue, type PresenceTapRow } from './presence-tap-queries'
import { findOpenTimeLog, type TimeLogRow } from './queries'

/** A tap this soon after the previous one of the same session is that tap resent (a retry). */
const TAP_REPEAT_WINDOW_MS = MINUTE

const PresenceTapOutput = t.Object({
  tap_id: Id,
  time_log_id: Id,
  tapped_at: Instant,
  is_within_geofence: Nullable(t.Boolean(), { description: 'Geofence result of the coordinates; null without coordinates or when geofencing is off' }),
  matched_office_name: Nullable(t.String()),
  next_tap_due_at: Nullable(Instant, { description: "When the next confirmation is due under the company's policy; null when there is none" }),
  changed: t.Boolean({ description: 'false when this repeated a tap of the last minute (a retry): that tap is returned, nothing new recorded' }),
})

const fenceOf = (ctx: TenantBoundCtx, point: Point | null): GeofenceResult<OfficeRow> | null =>
  point && findTenantById(ctx.db, ctx.tenant.id)?.geofencePolicy !== 'off' ? matchGeofence(point, listOffices(ctx)) : null

const toOutput = (tap: PresenceTapRow, log: TimeLogRow, office: string | null, nextDue: number | null, changed: boolean) => ({
  tap_id: tap.id,
  time_log_id: log.id,
  tapped_at: toIso(tap.tappedAt),
  is_within_geofence: tap.withinGeofence,
  matched_office_name: office,
  next_tap_due_at: toIsoOrNull(nextDue),
  changed,
})

/**
 * A presence confirmation ("still here") while clocked in: it satisfies the time log's
 * next_tap_due_at and sets the next one presence_tap_minutes later (none when the tenant has no
 * presence policy). Coordinates, when sent, are checked against the geofences and also stored as
 * a location ping, so they count for location.* transitions.
 */
export const recordPresenceTap = defineOperation({
  name: 'record_presence_tap',
  title: 'Confirm presence',
  description: `Confirms that the calling user is still at work while clocked in, optionally with coordinates. Sets the next confirmation due time from the company's policy. A repeat within ${TAP_REPEAT_WINDOW_MS / MINUTE} minute returns the first tap (safe to retry).`,
  access: { role: 'employee', write: true, userScopedKey: true },
  input: t.Object(Coordinates),
  output: PresenceTapOutput,
  run(ctx, input) {
    const userId = callerUserId(ctx)
    const point = pointFrom(input)
    const minutes = findTenantById(ctx.db, ctx.tenant.id)?.presenceTapMinutes ?? null
    return inTransaction(ctx, (c) => {
      const log = findOpenTimeLog(c, userId)
      if (!log) throw new DomainError('not_clocked_in', 'You are not clocked in, so there is no presence to confirm.')
      const last = lastTapOfLog(c, log.id)
      if (last && ctx.now - last.tappedAt < TAP_REPEAT_WINDOW_MS) {
        const office =
          last.latitude !== null && last.longitude !== null ? (fenceOf(c, { latitude: last.latitude, longitude: last.longitude })?.matched?.name ?? null) : null
        return toOutput(last, log, office, log.nextTapDueAt, false)
      }
      const fence = fenceOf(c, point)
      const tap = insertPresenceTap(c, {
        userId,
        timeLogId: log.id,
        tappedAt: ctx.now,
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
        withinGeofence: fence ? fence.inside : null,
      })
      const next = minutes ? ctx.now + minutes * MINUTE : null
      setNextTapDue(c, log.id, next)
      if (point) recordLocationPings(c, getUserInTenant(c, userId), log.clockInAt, [{ recordedAt: ctx.now, ...point, accuracyMeters: null }], 'presence_tap')
      return toOutput(tap, log, fence?.matched?.name ?? null, next, true)
    })
  },
})
