import type { TenantBoundCtx } from '../../kernel/ctx'
import { toIso } from '../../kernel/time'
import { matchGeofence, type GeofenceResult } from '../time-tracking/geofence'
import { companySettingsOf } from '../tenants/queries'
import { geofencePolicyFor } from './office-policy'
import type { UserRow } from '../users/queries'
import { emit } from '../webhooks/outbox-queries'
import { listOffices, type OfficeRow } from './office-queries'
import { insertLocationPings, lastUsablePing, outsideStretchStart, pingTimesBetween, type NewLocationPing } from './ping-queries'
import { MAX_USABLE_ACCURACY_METERS, advance, isUsableFix, outsideZoneMs, stateFrom, type TrackState, type Transition } from './ping-transitions'

export interface PingIn {
  recordedAt: number
  latitude: number
  longitude: number
  accuracyMeters: number | null
}

interface LocatedPing extends PingIn {
  officeId: string | null
  fence: GeofenceResult<OfficeRow>
}

export interface ReportedTransition {
  event: 'location.geofence_entered' | 'location.geofence_exited' | 'location.outside_zone'
  recordedAt: number
  office: OfficeRow | null
}

export interface PingsRecorded {
  stored: number
  duplicates: number
  transitions: ReportedTransition[]
  /** Geofence result of the latest fix of the upload, if any was stored. */
  latest: LocatedPing | null
}

/** Where the user stood before this upload, from the pings of the work session so far. */
function trackState(ctx: TenantBoundCtx, userId: string, sessionStart: number, thresholdMs: number): TrackState {
  const last = lastUsablePing(ctx, userId, sessionStart, MAX_USABLE_ACCURACY_METERS)
  const since = last && !last.insideGeofence ? outsideStretchStart(ctx, userId, sessionStart, MAX_USABLE_ACCURACY_METERS) : null
  return stateFrom(last && { recordedAt: last.recordedAt, officeId: last.insideGeofence ? last.officeId : null }, since, thresholdMs)
}

/**
 * Stores positions of a clocked-in user with their geofence result and emits the location.*
 * events of the transitions they make (see ping-transitions.ts). A position already stored for the
 * user at the same recorded_at is a retry: skipped, nothing emitted twice. Fixes older than the
 * latest stored one are kept but do not re-decide transitions already reported. Events need at
 * least one office and a geofence policy other than off. Call inside the caller's transaction.
 */
export function recordLocationPings(
  ctx: TenantBoundCtx,
  user: UserRow,
  sessionStart: number,
  pings: PingIn[],
  source: NewLocationPing['source'],
): PingsRecorded {
  const sorted = [...pings].sort((a, b) => a.recordedAt - b.recordedAt)
  if (sorted.length === 0) return { stored: 0, duplicates: 0, transitions: [], latest: null }
  const seen = pingTimesBetween(ctx, user.id, sorted[0]!.recordedAt, sorted[sorted.length - 1]!.recordedAt)
  const fresh: PingIn[] = []
  for (const p of sorted) {
    if (seen.has(p.recordedAt)) continue
    seen.add(p.recordedAt)
    fresh.push(p)
  }
  const offices = listOffices(ctx)
  const tracked = offices.length > 0 && geofencePolicyFor(ctx, user) !== 'off'
  const thresholdMs = outsideZoneMs(companySettingsOf(ctx).outsideZoneMinutes)
  const state = tracked ? trackState(ctx, user.id, sessionStart, thresholdMs) : null
  const located: LocatedPing[] = fresh.map((p) => {
    const fence = matchGeofence(p, offices)
    return { ...p, fence, officeId: fence.matched?.id ?? null }
  })
  insertLocationPings(
    ctx,
    located.map((p) => ({
      userId: user.id,
      recordedAt: p.recordedAt,
      latitude: p.latitude,
      longitude: p.longitude,
      accuracyMeters: p.accuracyMeters,
      officeId: p.officeId,
      insideGeofence: p.fence.inside,
      source,
    })),
  )
  const transitions = state ? advanceAll(state, located, thresholdMs) : []
  for (const t of transitions) emitTransition(ctx, user, offices, t)
  return {
    stored: located.length,
    duplicates: sorted.length - located.length,
    transitions: transitions.map((t) => ({
      event: EVENT_OF[t.kind],
      recordedAt: t.fix.recordedAt,
      office: t.kind === 'outside_zone' ? t.fix.fence.nearest : officeOf(offices, t.officeId),
    })),
    latest: located[located.length - 1] ?? null,
  }
}

const EVENT_OF = { entered: 'location.geofence_entered', exited: 'location.geofence_exited', outside_zone: 'location.outside_zone' } as const

const officeOf = (offices: OfficeRow[], id: string): OfficeRow | null => offices.find((o) => o.id === id) ?? null

/** Transitions of the usable fixes later than the last one already stored. */
function advanceAll(state: TrackState, located: LocatedPing[], thresholdMs: number): Transition<LocatedPing>[] {
  const after = state.last?.recordedAt ?? -Infinity
  return located.filter((p) => p.recordedAt > after && isUsableFix(p.accuracyMeters)).flatMap((p) => advance(state, p, thresholdMs))
}

function emitTransition(ctx: TenantBoundCtx, user: UserRow, offices: OfficeRow[], t: Transition<LocatedPing>): void {
  const where = { userId: user.id, userEmail: user.email, latitude: t.fix.latitude, longitude: t.fix.longitude, recordedAt: toIso(t.fix.recordedAt) }
  if (t.kind === 'outside_zone') {
    const nearest = t.fix.fence.nearest
    // Distance to the edge of the nearest geofence, not to its centre.
    const toEdge = nearest && t.fix.fence.distanceMeters !== null ? Math.max(0, t.fix.fence.distanceMeters - nearest.radiusMeters) : null
    emit(ctx, 'location.outside_zone', { ...where, nearestOfficeId: nearest?.id ?? null, nearestOfficeName: nearest?.name ?? null, distanceMeters: toEdge })
    return
  }
  const office = officeOf(offices, t.officeId)
  const name = t.kind === 'entered' ? 'location.geofence_entered' : 'location.geofence_exited'
  emit(ctx, name, { ...where, officeId: t.officeId, officeName: office?.name ?? '' })
}
