import { t } from 'elysia'
import { newId } from '../../kernel/ids'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { Id, Int } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { isKnownTimeZone } from '../tenants/settings-model'
import { insertOffice, officeNameTaken } from './office-queries'
import { Office, OfficeFields, auditedOffice, toOffice } from './office-model'

/** Checks what the schema cannot: a unique name and a known time zone. */
export function checkOffice(c: Parameters<typeof officeNameTaken>[0], input: { name?: string; timezone?: string }, exceptId: string | null): void {
  if (input.name !== undefined && officeNameTaken(c, input.name.trim(), exceptId))
    throw new DomainError('conflict', `An office named "${input.name}" already exists.`, { field: 'name' })
  if (input.timezone !== undefined && !isKnownTimeZone(input.timezone))
    throw new DomainError('invalid_argument', `timezone: "${input.timezone}" is not an IANA time zone (e.g. Europe/Berlin)`, { field: 'timezone' })
}

/** Adds an office with its circular geofence (the operator's `workforce offices add`). */
export const addOffice = defineOperation({
  name: 'add_office',
  title: 'Add an office',
  description: 'Adds an office: a named circle (centre and radius) that clock-ins are checked against. Recorded in the audit log (office.created).',
  access: { role: 'admin', write: true },
  input: t.Object({
    name: OfficeFields.name,
    latitude: OfficeFields.latitude,
    longitude: OfficeFields.longitude,
    radius_meters: OfficeFields.radius_meters,
    city: t.Optional(OfficeFields.city),
    country: t.Optional(OfficeFields.country),
    address: t.Optional(t.String({ maxLength: 200, description: 'Street address' })),
    timezone: t.Optional(OfficeFields.timezone),
    geofence_policy: t.Optional(OfficeFields.geofence_policy),
  }),
  output: t.Object({
    office_id: Id,
    name: t.String(),
    latitude: t.Number(),
    longitude: t.Number(),
    radius_meters: Int(),
    office: Office,
  }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      checkOffice(c, input, null)
      const row = insertOffice(c, {
        id: newId(),
        name: input.name.trim(),
        address: input.address ?? null,
        city: input.city ?? '',
        country: (input.country ?? 'XX').toUpperCase(),
        latitude: input.latitude,
        longitude: input.longitude,
        radiusMeters: input.radius_meters,
        timezone: input.timezone ?? ctx.tenant.timezone,
        geofencePolicy: input.geofence_policy ?? null,
        createdAt: c.now,
      })
      recordChange(c, { action: 'office.created', entity: 'office', entityId: row.id, before: null, after: auditedOffice(row) })
      return { office_id: row.id, name: row.name, latitude: row.latitude, longitude: row.longitude, radius_meters: row.radiusMeters, office: toOffice(row) }
    })
  },
})
