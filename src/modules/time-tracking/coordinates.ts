import { DomainError } from '../../kernel/errors'
import type { Point } from './geofence'

/** Latitude and longitude come together or not at all. */
export function pointFrom(input: { latitude?: number | undefined; longitude?: number | undefined }): Point | null {
  const { latitude, longitude } = input
  if (latitude === undefined && longitude === undefined) return null
  if (latitude === undefined || longitude === undefined) {
    throw new DomainError('invalid_argument', 'Send latitude and longitude together, or neither.', {
      errors: [{ field: latitude === undefined ? 'latitude' : 'longitude', message: 'is required with the other coordinate' }],
    })
  }
  return { latitude, longitude }
}
