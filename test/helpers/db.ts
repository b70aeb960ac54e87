import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../src/kernel/config'
import { type Db, openDatabase } from '../../src/kernel/db'
import { migrate } from '../../src/kernel/migrate'
import { silentLogger } from '../../src/kernel/log'
import { createTenant } from '../../src/modules/tenants/create-tenant'
import { upsertPlanCatalog } from '../../src/modules/tenants/queries'
import { openRuntime, type Runtime } from '../../src/runtime'

/** A real runtime (migrated database in a temp data dir) for in-process domain tests. */
export function tempRuntime(): Runtime & { cleanup(): void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'wf-rt-'))
  const rt = openRuntime(loadConfig({ dataDir, logLevel: 'silent' }, {}), silentLogger)
  return Object.assign(rt, {
    cleanup() {
      rt.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  })
}

/** A migrated database file with the plan catalogue and one Business tenant ("RL", UTC): no runtime around it. */
export function tenantDatabase(prefix = 'wf-db-'): { db: Db; tenantId: number; done(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const handle = openDatabase(join(dir, 'workforce.db'))
  migrate(handle.db)
  upsertPlanCatalog(handle.db)
  const { tenant } = createTenant(
    handle.db,
    { name: 'RL', planId: 'business', timezone: 'UTC', isDemo: false, owner: { name: 'O', email: 'o@rl.test' } },
    Date.now(),
  )
  return {
    db: handle.db,
    tenantId: tenant.id,
    done: () => {
      handle.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
