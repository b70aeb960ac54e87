import type { Db } from '../src/kernel/db'
import { transaction } from '../src/kernel/db'
import { newId } from '../src/kernel/ids'
import { createTenant } from '../src/modules/tenants/create-tenant'
import { insertUser } from '../src/modules/users/queries'
import { ensurePublicDemoKey } from '../src/modules/api-keys/public-demo-key'
import { issueKey } from '../src/modules/api-keys/issue-key'
import type { Role } from '../src/kernel/ctx'

export interface SeedOptions {
  employees: number
  days: number
  seed: string
  timezone: string
  now: number
  onProgress?: (step: string, done: number, total: number) => void
}

export interface SeedSummary {
  tenantId: number
  readableId: string
  slug: string
  counts: Record<string, number>
  publicDemoKey: string
  roleKeys: Record<Role, string>
  elapsedMs: number
}

export const DEFAULT_SEED_OPTIONS = { employees: 36, days: 30, seed: 'workforce-demo', timezone: 'Europe/Berlin' }

/**
 * Builds a demo tenant. Minimal for now (owner, one team, a handful of people); the demo-tenant
 * issue grows it into a whole company with history.
 */
export function seedDemoTenant(db: Db, secret: Buffer, options: SeedOptions): SeedSummary {
  const started = performance.now()
  const { tenant, owner } = createTenant(
    db,
    { name: 'Northwind Logistics (demo)', planId: 'business', timezone: options.timezone, isDemo: true, owner: { name: 'Olivia Owner', email: 'olivia.owner@northwind.example' } },
    options.now,
  )
  const roleKeys = {} as Record<Role, string>
  let publicDemoKey = ''
  transaction(db, (tx) => {
    const people: { role: Role; name: string }[] = [
      { role: 'admin', name: 'Adam Admin' },
      { role: 'manager', name: 'Mia Manager' },
      { role: 'employee', name: 'Eli Employee' },
    ]
    const ids: Record<string, string> = { owner_admin: owner.id }
    for (const p of people) {
      const user = insertUser(tx, {
        id: newId(),
        tenantId: tenant.id,
        name: p.name,
        email: `${p.name.toLowerCase().replace(' ', '.')}@northwind.example`,
        role: p.role,
        status: 'active',
        createdAt: options.now,
        activatedAt: options.now,
      })
      ids[p.role] = user.id
    }
    for (const role of ['employee', 'manager', 'admin', 'owner_admin'] as Role[]) {
      roleKeys[role] = issueKey(tx, { tenantId: tenant.id, kind: 'demo', scope: 'read', role, name: `Demo ${role} key`, userId: ids[role] ?? null, createdByUserId: null, expiresAt: null }, options.now).key
    }
    publicDemoKey = ensurePublicDemoKey(tx, secret, tenant, { userId: ids.admin ?? null, role: 'admin' }, options.now)
  })
  return {
    tenantId: tenant.id,
    readableId: tenant.readableId,
    slug: tenant.slug,
    counts: { users: 4 },
    publicDemoKey,
    roleKeys,
    elapsedMs: performance.now() - started,
  }
}
