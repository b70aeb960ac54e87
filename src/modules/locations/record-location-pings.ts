import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Instant, Nullable } from '../../kernel/schemas'
import { MINUTE, parseInstant, toIso } from '../../kernel/time'
import { findOpenTimeLog } from '../time-tracking/queries'
import { getUserInTenant } from '../users/queries'
import { MAX_USABLE_ACCURACY_METERS } from './ping-transitions'
import { recordLocationPings, type PingIn } from './record-pings'

const MAX_PINGS_PER_BATCH = 500
/** Clock skew tolerated for positions that seem to be measured in the future. */
const FUTURE_SKEW_MS = 5 * MINUTE

const Ping = t.Object({
  recorded_at: Instant,
  latitude: t.Number({ minimum: -90, maximum: 90, description: 'Latitude, WGS84 degrees' }),
  longitude: t.Number({ minimum: -180, maximum: 180, description: 'Longitude, WGS84 degrees' }),
  accuracy_meters: t.Optional(
    t.Number({
      minimum: 0,
      maximum: 100_000,
      description: `Accuracy radius reported by the phone; fixes over ${MAX_USABLE_ACCURACY_METERS} m are stored but do not decide geofence transitions`,
    }),
  ),
})

const Transition = t.Object({
  event: t.Union([t.Literal('location.geofence_entered'), t.Literal('location.geofence_exited'), t.Literal('location.outside_zone')]),
  recorded_at: Instant,
  office_id: Nullable(t.String(), { description: 'Office entered or left; for outside_zone the nearest office' }),
  office_name: Nullable(t.String()),
})

export const recordLocationPingsOp = defineOperation({
  name: 'record_location_pings',
  title: 'Upload location pings',
  description: `Uploads up to ${MAX_PINGS_PER_BATCH} positions of the calling user, measured while clocked in (before the clock-in: refused one by one). Each is stored with its geofence result; entering or leaving an office emits location.geofence_entered / location.geofence_exited, and staying outside every office for the company's outside-zone minutes (settings outside_zone_minutes, 15 by default) emits location.outside_zone once per stretch. A position already stored at the same recorded_at is a retry: skipped (duplicates), nothing emitted twice.`,
  access: { role: 'employee', write: true, userScopedKey: true },
  input: t.Object({ pings: t.Array(Ping, { minItems: 1, maxItems: MAX_PINGS_PER_BATCH }) }),
  output: t.Object({
    time_log_id: t.String({ format: 'uuid', description: 'The open work session the positions belong to' }),
    accepted: t.Integer({ minimum: 0, description: 'Positions stored by this upload' }),
    duplicates: t.Integer({ minimum: 0, description: 'Positions already stored (a retried upload): skipped' }),
    rejected: t.Integer({ minimum: 0 }),
    rejections: t.Array(t.Object({ index: t.Integer({ minimum: 0 }), reason: t.Union([t.Literal('before_clock_in'), t.Literal('in_future')]) }), {
      description: 'before_clock_in: measured before the open work session began; in_future: more than 5 minutes after the server clock',
    }),
    inside_geofence: Nullable(t.Boolean(), { description: 'Geofence result of the latest position stored; null when none was' }),
    office_name: Nullable(t.String(), { description: 'Office containing that position, if any' }),
    transitions: t.Array(Transition, { description: 'Events emitted by this upload, in order' }),
  }),
  run(ctx, input) {
    const userId = callerUserId(ctx)
    return inTransaction(ctx, (c) => {
      const log = findOpenTimeLog(c, userId)
      if (!log) throw new DomainError('not_clocked_in', 'Positions are only taken while clocked in: clock in first.')
      const rejections: { index: number; reason: 'before_clock_in' | 'in_future' }[] = []
      const pings: PingIn[] = []
      input.pings.forEach((p, index) => {
        const at = parseInstant(p.recorded_at)
        if (at < log.clockInAt) rejections.push({ index, reason: 'before_clock_in' })
        else if (at > ctx.now + FUTURE_SKEW_MS) rejections.push({ index, reason: 'in_future' })
        else pings.push({ recordedAt: at, latitude: p.latitude, longitude: p.longitude, accuracyMeters: p.accuracy_meters ?? null })
      })
      const out = recordLocationPings(c, getUserInTenant(c, userId), log.clockInAt, pings, 'mobile')
      return {
        time_log_id: log.id,
        accepted: out.stored,
        duplicates: out.duplicates,
        rejected: rejections.length,
        rejections,
        inside_geofence: out.latest ? out.latest.fence.inside : null,
        office_name: out.latest?.fence.matched?.name ?? null,
        transitions: out.transitions.map((tr) => ({
          event: tr.event,
          recorded_at: toIso(tr.recordedAt),
          office_id: tr.office?.id ?? null,
          office_name: tr.office?.name ?? null,
        })),
      }
    })
  },
})
