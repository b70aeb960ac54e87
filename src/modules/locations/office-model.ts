import { t, type Static } from 'elysia'
import { Id, Instant, Int, Nullable } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import type { OfficeRow } from './office-queries'

export const OfficeGeofencePolicy = Nullable(t.Union([t.Literal('off'), t.Literal('record'), t.Literal('enforce')]), {
  description:
    "Clock-in policy for the people whose home office this is, overriding the company's geofence policy: off, record, or enforce (clock in only inside an office); null follows the company's",
})

/** An office as the API and the CLI show it. */
export const Office = t.Object({
  office_id: Id,
  name: t.String(),
  address: Nullable(t.String()),
  city: t.String(),
  country: t.String({ description: 'ISO 3166-1 alpha-2; XX when unknown' }),
  latitude: t.Number(),
  longitude: t.Number(),
  radius_meters: Int(),
  timezone: t.String(),
  geofence_policy: OfficeGeofencePolicy,
  created_at: Instant,
})
export type Office = Static<typeof Office>

export const toOffice = (o: OfficeRow): Office => ({
  office_id: o.id,
  name: o.name,
  address: o.address,
  city: o.city,
  country: o.country,
  latitude: o.latitude,
  longitude: o.longitude,
  radius_meters: o.radiusMeters,
  timezone: o.timezone,
  geofence_policy: o.geofencePolicy ?? null,
  created_at: toIso(o.createdAt),
})

/** The audited state of an office (what before/after keep). */
export const auditedOffice = (o: OfficeRow) => {
  const { created_at: _created, ...rest } = toOffice(o)
  return rest
}

export const OfficeFields = {
  name: t.String({ minLength: 1, maxLength: 100, description: 'Office name (unique in the company)' }),
  latitude: t.Number({ minimum: -90, maximum: 90, description: 'Latitude of the centre, WGS84 degrees' }),
  longitude: t.Number({ minimum: -180, maximum: 180, description: 'Longitude of the centre, WGS84 degrees' }),
  radius_meters: Int({ minimum: 10, maximum: 50_000, description: 'Geofence radius in metres' }),
  city: t.String({ maxLength: 100, description: 'City' }),
  country: t.String({ minLength: 2, maxLength: 2, description: 'ISO 3166-1 alpha-2 country code' }),
  address: Nullable(t.String({ maxLength: 200 }), { description: 'Street address' }),
  timezone: t.String({ minLength: 1, maxLength: 64, description: "IANA time zone of the office; defaults to the company's" }),
  geofence_policy: OfficeGeofencePolicy,
}
