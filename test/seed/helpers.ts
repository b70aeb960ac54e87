import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type DatabaseHandle } from '../../src/kernel/db'
import { migrate } from '../../src/kernel/migrate'
import { upsertPlanCatalog } from '../../src/modules/tenants/queries'

/** A migrated database in a temporary directory, as `serve` would open it. */
export function freshDatabase(): { handle: DatabaseHandle; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'wf-seed-test-'))
  const handle = openDatabase(join(dir, 'workforce.db'))
  migrate(handle.db)
  upsertPlanCatalog(handle.db)
  return {
    handle,
    dispose() {
      handle.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export const SECRET = Buffer.alloc(32, 9)

/** Wednesday 11 March 2026, 10:45 in Berlin: office hours, a dispatch shift running. */
export const WEDNESDAY_MORNING = Date.parse('2026-03-11T09:45:17.250Z')
