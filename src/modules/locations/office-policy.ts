import type { TenantScope } from '../../kernel/ctx'
import type { GeofencePolicy } from '../tenants/schema'
import { companySettingsOf } from '../tenants/queries'
import { findOfficeById } from './office-queries'

/**
 * The geofence policy that applies to one person's clock-ins and location pings: their home
 * office's own policy when it has one (offices edit --geofence-policy), else the company's
 * (settings geofence_policy). Like Jibble's per-location "require clock-in at this location": an
 * office on `enforce` makes its people clock in on site even when the company only records, and an
 * office on `off` (a remote hub) frees them. "On site" means inside any of the company's offices,
 * so a person visiting another office can still clock in there.
 */
export function geofencePolicyFor(c: TenantScope, person: { homeOfficeId: string | null }, company?: { geofencePolicy: GeofencePolicy }): GeofencePolicy {
  const office = person.homeOfficeId ? findOfficeById(c, person.homeOfficeId) : null
  // `company`: the tenant's settings when the caller already read them (clock-in), else read here.
  return office?.geofencePolicy ?? (company ?? companySettingsOf(c)).geofencePolicy
}
