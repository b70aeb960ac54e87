import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../src/kernel/config'
import { silentLogger } from '../../src/kernel/log'
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
