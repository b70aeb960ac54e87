import { MINUTE } from '../../src/kernel/time'
import { haversineMeters, matchGeofence } from '../../src/modules/time-tracking/geofence'
import { SETTINGS, type SeedEnv } from '../env'
import { emit, iso } from '../events'
import type { Office, Person } from '../model'
import { jitter } from '../plan/day'
import type { LogPlan } from '../plan/types'
import { Rng } from '../rng'

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
export function renderPresence(env: SeedEnv, person: Person, log: LogPlan, office: Office | null, offices: Office[], taps: number[], rng: Rng): void {
  for (const at of taps) {
    const coords = office ? jitter(rng, office.latitude, office.longitude, office.radiusMeters * 0.6) : null
    env.w.presenceTaps.add({
      id: env.ids.uuid(),
      tenantId: env.tenantId,
      userId: person.id,
      timeLogId: log.id,
      tappedAt: at,
      latitude: coords?.[0] ?? null,
      longitude: coords?.[1] ?? null,
      withinGeofence: coords ? true : null,
    })
    if (coords && office) ping(env, person, at, coords, office, 'presence_tap', rng)
  }
  if (log.source === 'mobile' && office && log.coords) renderPings(env, person, log, office, offices, log.out ?? env.now, rng)
}

function renderPings(env: SeedEnv, person: Person, log: LogPlan, office: Office, offices: Office[], end: number, rng: Rng): void {
  ping(env, person, log.in, log.coords!, office, 'clock_in', rng)
  let excursion = person.pattern === 'dispatch' && rng.chance(0.1) ? log.in + Math.round(((end - log.in) * rng.range(0.3, 0.7)) / 1000) * 1000 : null
  let outside = false
  for (let at = log.in + rng.int(50, 100) * MINUTE; at < end - MINUTE; at += rng.int(50, 100) * MINUTE) {
    if (excursion !== null && at >= excursion) {
      // A yard check or a trip to a nearby depot: 0.6 to 2 km from the hub.
      const point = pointAt(rng, office, rng.range(600, 2000))
      ping(env, person, at, point, null, 'mobile', rng)
      const where = { userId: person.id, userEmail: person.email, latitude: point[0], longitude: point[1], recordedAt: iso(at) }
      emit(env, 'location.geofence_exited', { ...where, officeId: office.id, officeName: office.name }, at)
      emit(env, 'location.outside_zone', { ...where, ...nearestFence(point, offices) }, at)
      outside = true
      excursion = null
      continue
    }
    const point = jitter(rng, office.latitude, office.longitude, office.radiusMeters * 0.7)
    ping(env, person, at, point, office, 'mobile', rng)
    if (outside) {
      emit(
        env,
        'location.geofence_entered',
        {
          userId: person.id,
          userEmail: person.email,
          officeId: office.id,
          officeName: office.name,
          latitude: point[0],
          longitude: point[1],
          recordedAt: iso(at),
        },
        at,
      )
      outside = false
    }
  }
  if (log.out !== null) ping(env, person, log.out, jitter(rng, office.latitude, office.longitude, office.radiusMeters * 0.6), office, 'clock_out', rng)
}

/**
 * A point `meters` from an office's centre in a random direction: outside its geofence for any
 * distance above the radius. Draws as many numbers as `jitter`, so the streams keep their course.
 */
function pointAt(rng: Rng, office: Office, meters: number): [number, number] {
  rng.next()
  const a = rng.range(0, Math.PI * 2)
  const dLat = (meters * Math.cos(a)) / 111_320
  const dLon = (meters * Math.sin(a)) / (111_320 * Math.cos((office.latitude * Math.PI) / 180))
  return [Math.round((office.latitude + dLat) * 1e6) / 1e6, Math.round((office.longitude + dLon) * 1e6) / 1e6]
}

/**
 * Now and then a phone clock-in is first tried from the car park or the tram stop, outside
 * every geofence; the tenant enforces geofences, so it is refused (clock.in.failed, as
 * time-tracking/clock-in.ts emits it) and succeeds on site minutes later. Its own stream: the
 * log's draws stay as they were.
 */
export function refusedClockIn(env: SeedEnv, person: Person, log: LogPlan, office: Office, offices: Office[]): void {
  const rng = new Rng(env.seed, 23, person.idx, Math.floor(log.in / 1000))
  if (!rng.chance(0.04)) return
  const point = pointAt(rng, office, office.radiusMeters + rng.int(120, 900))
  const near = matchGeofence({ latitude: point[0], longitude: point[1] }, offices)
  const at = log.in - rng.int(2, 9) * MINUTE
  emit(
    env,
    'clock.in.failed',
    {
      userId: person.id,
      userEmail: person.email,
      reason: 'outside_geofence',
      latitude: point[0],
      longitude: point[1],
      nearestOfficeName: near.nearest?.name ?? null,
      distanceMeters: near.distanceMeters,
      attemptedAt: iso(at),
    },
    at,
  )
}

/** The office whose geofence edge is closest to a point outside them all, and how far that edge is (whole metres). */
function nearestFence(point: [number, number], offices: Office[]) {
  let best: { office: Office; meters: number } | null = null
  for (const office of offices) {
    const meters = haversineMeters({ latitude: point[0], longitude: point[1] }, office) - office.radiusMeters
    if (best === null || meters < best.meters) best = { office, meters }
  }
  return {
    nearestOfficeId: best?.office.id ?? null,
    nearestOfficeName: best?.office.name ?? null,
    distanceMeters: best === null ? null : Math.max(0, Math.round(best.meters)),
  }
}

function ping(
  env: SeedEnv,
  person: Person,
  at: number,
  point: [number, number],
  office: Office | null,
  source: 'mobile' | 'clock_in' | 'clock_out' | 'presence_tap',
  rng: Rng,
): void {
  env.w.pings.add({
    tenantId: env.tenantId,
    userId: person.id,
    recordedAt: at,
    latitude: point[0],
    longitude: point[1],
    accuracyMeters: rng.int(4, 35),
    officeId: office?.id ?? null,
    insideGeofence: office !== null,
    source,
  })
}
