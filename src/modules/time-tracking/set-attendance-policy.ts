import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Int, Nullable } from '../../kernel/schemas'
import { applyCompanySettings } from '../tenants/update-company-settings'

const GeofencePolicyEnum = t.Union([t.Literal('off'), t.Literal('record'), t.Literal('enforce')], {
  description: 'off: ignore coordinates; record: store the geofence result; enforce: refuse clock-ins outside every office',
})

/**
 * Sets how clock-ins treat geofences and presence confirmations (the operator's `workforce offices
 * policy`): a thin alias of update_company_settings for these two fields (same checks, same
 * settings.updated audit entry).
 */
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
    const { settings } = applyCompanySettings(ctx, input)
    return { geofence_policy: settings.geofence_policy, presence_tap_minutes: settings.presence_tap_minutes }
  },
})
