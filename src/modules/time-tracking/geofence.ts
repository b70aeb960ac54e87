/** Mean Earth radius (IUGG), metres: precise enough for office-sized circles. */
const EARTH_RADIUS_M = 6_371_008.8

export interface Point {
  latitude: number
  longitude: number
}

export interface Fence extends Point {
  id: string
  name: string
  radiusMeters: number
}

/** Great-circle distance in metres (haversine). */
export function haversineMeters(a: Point, b: Point): number {
  const rad = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * rad
  const dLon = (b.longitude - a.longitude) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

export interface GeofenceResult<F extends Fence> {
  /** The closest office whose circle contains the point (distance <= radius), if any. */
  matched: F | null
  /** The closest office overall, for messages about how far off the point is. */
  nearest: F | null
  distanceMeters: number | null
  inside: boolean
}

/** Checks a point against every office; the closest containing office wins. */
export function matchGeofence<F extends Fence>(point: Point, fences: F[]): GeofenceResult<F> {
  let nearest: F | null = null
  let nearestDistance = Infinity
  let matched: F | null = null
  let matchedDistance = Infinity
  for (const fence of fences) {
    const d = haversineMeters(point, fence)
    if (d < nearestDistance) {
      nearest = fence
      nearestDistance = d
    }
    if (d <= fence.radiusMeters && d < matchedDistance) {
      matched = fence
      matchedDistance = d
    }
  }
  return {
    matched,
    nearest,
    distanceMeters: nearest ? Math.round(matched ? matchedDistance : nearestDistance) : null,
    inside: matched !== null,
  }
}
