import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { flag, instant, tenantRef, uuidPk } from '../../db/columns'
import { users } from '../users/schema'

export const offices = sqliteTable(
  'offices',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    address: text('address'),
    city: text('city').notNull(),
    country: text('country').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    radiusMeters: integer('radius_meters').notNull(),
    timezone: text('timezone').notNull(),
    geofencePolicy: text('geofence_policy').$type<'off' | 'record' | 'enforce'>(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('offices_tenant_idx').on(t.tenantId, t.name)],
)

export const officesDoc = describeEntity(offices, {
  entity: 'Office',
  description: 'A workplace with a circular geofence (centre and radius) that clock-ins and location pings are checked against.',
  exposedByTool: ['clock_in'],
  fields: {
    id: 'UUID of the office.',
    tenantId: 'Owning tenant.',
    name: 'Office name (matched_office_name in clock_in).',
    address: 'Street address.',
    city: 'City.',
    country: 'ISO 3166-1 alpha-2 country code.',
    latitude: 'Geofence centre latitude, WGS84 degrees.',
    longitude: 'Geofence centre longitude, WGS84 degrees.',
    radiusMeters: 'Geofence radius in metres.',
    timezone: 'IANA time zone of the office.',
    geofencePolicy:
      "Clock-in policy for the people whose home office this is (off, record, enforce), overriding the company's geofence policy; null follows the company's.",
    createdAt: 'When the office was created.',
  },
})

export const locationPings = sqliteTable(
  'location_pings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recordedAt: instant('recorded_at').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    accuracyMeters: real('accuracy_meters'),
    officeId: text('office_id').references(() => offices.id, { onDelete: 'set null' }),
    insideGeofence: flag('inside_geofence').notNull(),
    source: text('source').$type<'mobile' | 'clock_in' | 'clock_out' | 'presence_tap'>().notNull(),
  },
  (t) => [index('location_pings_tenant_user_time_idx').on(t.tenantId, t.userId, t.recordedAt)],
)

export const locationPingsDoc = describeEntity(locationPings, {
  entity: 'LocationPing',
  description: 'A position reported by a phone while clocked in; transitions emit location.* events. Only taken while on the clock.',
  fields: {
    id: 'Sequence number.',
    tenantId: 'Owning tenant.',
    userId: 'Who reported it.',
    recordedAt: 'When the position was measured.',
    latitude: 'Latitude, WGS84 degrees.',
    longitude: 'Longitude, WGS84 degrees.',
    accuracyMeters: 'Reported accuracy radius.',
    officeId: 'Office whose geofence contains the point, if any.',
    insideGeofence: 'Whether the point lies inside any office geofence.',
    source: 'mobile, clock_in, clock_out or presence_tap.',
  },
})
