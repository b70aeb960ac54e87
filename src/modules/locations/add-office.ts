import { t } from 'elysia'
import { newId } from '../../kernel/ids'
import { defineOperation } from '../../kernel/operation'
import { Id, Int } from '../../kernel/schemas'
import { insertOffice } from './office-queries'

/** Adds an office with its circular geofence (the operator's `workforce offices add`). */
export const addOffice = defineOperation({
  name: 'add_office',
  title: 'Add an office',
  description: 'Adds an office: a named circle (centre and radius) that clock-ins are checked against.',
  access: { role: 'admin', write: true },
  input: t.Object({
    name: t.String({ minLength: 1, maxLength: 100 }),
    latitude: t.Number({ minimum: -90, maximum: 90 }),
    longitude: t.Number({ minimum: -180, maximum: 180 }),
    radius_meters: Int({ minimum: 10, maximum: 50_000 }),
    city: t.Optional(t.String({ maxLength: 100 })),
    country: t.Optional(t.String({ minLength: 2, maxLength: 2, description: 'ISO 3166-1 alpha-2' })),
    address: t.Optional(t.String({ maxLength: 200 })),
  }),
  output: t.Object({ office_id: Id, name: t.String(), latitude: t.Number(), longitude: t.Number(), radius_meters: Int() }),
  run(ctx, input) {
    const row = insertOffice(ctx, {
      id: newId(),
      name: input.name,
      address: input.address ?? null,
      city: input.city ?? '',
      country: (input.country ?? 'XX').toUpperCase(),
      latitude: input.latitude,
      longitude: input.longitude,
      radiusMeters: input.radius_meters,
      timezone: ctx.tenant.timezone,
      createdAt: ctx.now,
    })
    return { office_id: row.id, name: row.name, latitude: row.latitude, longitude: row.longitude, radius_meters: row.radiusMeters }
  },
})
