import { DEFAULT_SEED_OPTIONS, seedDemoTenant } from '../../seed'
import { ensurePublicDemoKey } from '../modules/api-keys/public-demo-key'
import { findPublicDemoKey } from '../modules/api-keys/queries'
import { findDefaultDemoTenant, listTenants } from '../modules/tenants/queries'
import type { Runtime } from '../runtime'

export interface DemoInfo {
  readableId: string
  name: string
  key: string
}

/**
 * On an empty data directory, seeds the default demo tenant; on every start, returns the public
 * demo key of the default demo tenant (derived, so it can be printed again without being stored).
 */
export function ensureDemoTenant(rt: Runtime, now = Date.now()): DemoInfo | null {
  if (listTenants(rt.db).length === 0) {
    rt.log.info('empty data directory: seeding the default demo tenant')
    const summary = seedDemoTenant(rt.handle, rt.secret, { ...DEFAULT_SEED_OPTIONS, now })
    rt.log.info('demo tenant ready', { tenant: summary.readableId, ms: Math.round(summary.elapsedMs) })
  }
  const tenant = findDefaultDemoTenant(rt.db)
  if (!tenant) return null
  const c = { tenant, db: rt.db, now }
  const existing = findPublicDemoKey(c)
  const key = ensurePublicDemoKey(c, rt.secret, { userId: existing?.userId ?? null, role: existing?.role ?? 'admin' })
  return { readableId: tenant.readableId, name: tenant.name, key }
}
