import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Int, Nullable } from '../../kernel/schemas'
import { inTransaction } from '../../kernel/db'
import { findTenantById, updateAttendancePolicy } from '../tenants/queries'
import { recordChange } from '../audit/audit-queries'

const GeofencePolicyEnum = t.Union([t.Literal('off'), t.Literal('record'), t.Literal('enforce')], {
  description: 'off: ignore coordinates; record: store the geofence result; enforce: refuse clock-ins outside every office',
})

/** Sets how clock-ins treat geofences and presence confirmations (the operator's `workforce offices policy`). */
export const setAttendancePolicy = defineOperation({
  name: 'set_attendance_policy',
  title: 'Set the attendance policy',
  description: 'Sets the geofence policy for clock-ins and the minutes between presence confirmations (null turns them off).',
  access: { role: 'admin', write: true },
  input: t.Object({
    geofence_policy: t.Optional(GeofencePolicyEnum),
    presence_tap_minutes: t.Optional(Nullable(Int({ minimum: 5, maximum: 24 * 60 }))),
  }),
  output: t.Object({ geofence_policy: GeofencePolicyEnum, presence_tap_minutes: Nullable(Int()) }),
  run(ctx, input) {
    const policyOf = (c: { db: typeof ctx.db }) => {
      const tenant = findTenantById(c.db, ctx.tenant.id)!
      return { geofence_policy: tenant.geofencePolicy, presence_tap_minutes: tenant.presenceTapMinutes }
    }
    return inTransaction(ctx, (c) => {
      const before = policyOf(c)
      updateAttendancePolicy(c, {
        ...(input.geofence_policy ? { geofencePolicy: input.geofence_policy } : {}),
        ...(input.presence_tap_minutes !== undefined ? { presenceTapMinutes: input.presence_tap_minutes } : {}),
      })
      const after = policyOf(c)
      recordChange(c, { action: 'settings.updated', entity: 'settings', entityId: ctx.tenant.readableId, before, after })
      return after
    })
  },
})
