import { MINUTE } from '../../src/kernel/time'
import { SETTINGS, type SeedEnv } from '../env'
import { emit, iso } from '../events'
import type { Office, Person } from '../model'
import { jitter } from '../plan/day'
import type { LogPlan } from '../plan/types'
import type { Rng } from '../rng'

const TAP_MS = SETTINGS.presenceTapMinutes * MINUTE

/** When presence was confirmed during a log: every few hours, a few minutes either side. */
export function tapTimes(env: SeedEnv, log: LogPlan, rng: Rng): number[] {
  const end = log.out ?? env.now
  const taps: number[] = []
  for (let due = log.in + TAP_MS; ; due += TAP_MS) {
    const at = due + rng.int(-300, 300) * 1000
    if (at >= end - MINUTE) break
    taps.push(at)
  }
  return taps
}

/** When the next confirmation is due for an open log, else null. */
export const nextTapDue = (log: LogPlan, taps: number[]): number | null => (log.out === null ? (taps[taps.length - 1] ?? log.in) + TAP_MS : null)

/**
 * The presence confirmations of a time log (written after the log itself), and for phone
 * clock-ins the location pings of the shift: a few dispatchers step outside the hub's geofence
 * and come back.
 */
export function renderPresence(env: SeedEnv, person: Person, log: LogPlan, office: Office | null, taps: number[], rng: Rng): void {
  for (const at of taps) {
    const coords = office ? jitter(rng, office.latitude, office.longitude, office.radiusMeters * 0.6) : null
    env.w.presenceTaps.add({ id: env.ids.uuid(), tenantId: env.tenantId, userId: person.id, timeLogId: log.id, tappedAt: at, latitude: coords?.[0] ?? null, longitude: coords?.[1] ?? null, withinGeofence: coords ? true : null })
    if (coords && office) ping(env, person, at, coords, office, 'presence_tap', rng)
  }
  if (log.source === 'mobile' && office && log.coords) renderPings(env, person, log, office, log.out ?? env.now, rng)
}

function renderPings(env: SeedEnv, person: Person, log: LogPlan, office: Office, end: number, rng: Rng): void {
  ping(env, person, log.in, log.coords!, office, 'clock_in', rng)
  let excursion = person.pattern === 'dispatch' && rng.chance(0.1) ? log.in + Math.round(((end - log.in) * rng.range(0.3, 0.7)) / 1000) * 1000 : null
  let outside = false
  for (let at = log.in + rng.int(50, 100) * MINUTE; at < end - MINUTE; at += rng.int(50, 100) * MINUTE) {
    if (excursion !== null && at >= excursion) {
      // A yard check or a trip to a nearby depot: 0.6 to 2 km from the hub.
      const point = jitter(rng, office.latitude, office.longitude, rng.range(600, 2000))
      ping(env, person, at, point, null, 'mobile', rng)
      const data = { userId: person.id, userEmail: person.email, officeName: office.name, latitude: point[0], longitude: point[1], recordedAt: iso(at) }
      emit(env, 'location.geofence_exited', data, at)
      emit(env, 'location.outside_zone', { ...data, nearestOfficeName: office.name }, at)
      outside = true
      excursion = null
      continue
    }
    const point = jitter(rng, office.latitude, office.longitude, office.radiusMeters * 0.7)
    ping(env, person, at, point, office, 'mobile', rng)
    if (outside) {
      emit(env, 'location.geofence_entered', { userId: person.id, userEmail: person.email, officeName: office.name, latitude: point[0], longitude: point[1], recordedAt: iso(at) }, at)
      outside = false
    }
  }
  if (log.out !== null) ping(env, person, log.out, jitter(rng, office.latitude, office.longitude, office.radiusMeters * 0.6), office, 'clock_out', rng)
}

function ping(env: SeedEnv, person: Person, at: number, point: [number, number], office: Office | null, source: 'mobile' | 'clock_in' | 'clock_out' | 'presence_tap', rng: Rng): void {
  env.w.pings.add({
    tenantId: env.tenantId, userId: person.id, recordedAt: at, latitude: point[0], longitude: point[1], accuracyMeters: rng.int(4, 35),
    officeId: office?.id ?? null, insideGeofence: office !== null, source,
  })
}
