import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { notFound } from '../../kernel/errors'
import { Id } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { checkOffice } from './add-office'
import { findOfficeById, updateOffice } from './office-queries'
import { Office, OfficeFields, auditedOffice, toOffice } from './office-model'

/** Changes an office (the operator's `workforce offices edit`): name, centre, radius, address, zone, clock-in policy. */
export const editOffice = defineOperation({
  name: 'edit_office',
  title: 'Edit an office',
  description:
    "Changes an office's name, centre, radius, address, city, country, time zone or clock-in policy; fields left out keep their value. Later clock-ins and location pings use the new geofence; past ones keep their result. Recorded in the audit log (office.updated).",
  access: { role: 'admin', write: true },
  input: t.Object({
    office_id: { ...Id, description: 'The office (on the CLI: its name)' },
    ...t.Partial(t.Object(OfficeFields)).properties,
  }),
  output: t.Object({ office: Office, changed: t.Array(t.String()) }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const office = findOfficeById(c, input.office_id)
      if (!office) throw notFound('Office')
      checkOffice(c, input, office.id)
      updateOffice(c, office.id, {
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...(input.latitude !== undefined ? { latitude: input.latitude } : {}),
        ...(input.longitude !== undefined ? { longitude: input.longitude } : {}),
        ...(input.radius_meters !== undefined ? { radiusMeters: input.radius_meters } : {}),
        ...(input.city !== undefined ? { city: input.city } : {}),
        ...(input.country !== undefined ? { country: input.country.toUpperCase() } : {}),
        ...(input.address !== undefined ? { address: input.address } : {}),
        ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
        ...(input.geofence_policy !== undefined ? { geofencePolicy: input.geofence_policy } : {}),
      })
      const updated = findOfficeById(c, office.id)!
      const before = auditedOffice(office)
      const after = auditedOffice(updated)
      const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      recordChange(c, { action: 'office.updated', entity: 'office', entityId: office.id, before, after })
      return { office: toOffice(updated), changed }
    })
  },
})
