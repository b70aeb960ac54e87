import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { databaseFile, type RuntimeConfig } from './kernel/config'
import { openDatabase, type DatabaseHandle, type Db } from './kernel/db'
import { migrate, type MigrationResult } from './kernel/migrate'
import { startBackgroundCheckpoints } from './kernel/checkpointer'
import { createLogger, type Logger } from './kernel/log'
import type { Ctx, Surface, TenantCtx } from './kernel/ctx'
import { upsertPlanCatalog } from './modules/tenants/queries'

/** The composition root: one open database, configuration, logger and instance secret. */
export interface Runtime {
  config: RuntimeConfig
  handle: DatabaseHandle
  db: Db
  /**
   * A second connection to the same database with synchronous=NORMAL, for high-frequency
   * bookkeeping that is not evidence (REST and MCP rate-limit counters, MCP tool-call records). In WAL mode its commits survive a
   * process crash or restart; only an OS crash can lose the last ones. It spares every REST request
   * an fsync.
   */
  countersDb: Db
  /**
   * A number that changes whenever a connection other than countersDb commits: this process's main
   * connection, jobs, or another process (the CLI) on the same data directory. Read caches key on
   * it (authenticated keys, computed summaries), so nothing they serve may be written through
   * countersDb. `PRAGMA data_version` on the counters connection: about a microsecond.
   */
  changeStamp(): number
  log: Logger
  /** Secret kept in the data directory; derives the public demo key. */
  secret: Buffer
  /** Identifies this process in job leases. */
  instanceId: string
  migration: MigrationResult
  /**
   * Moves WAL checkpoints of the counters connection to a background thread (kernel/checkpointer.ts);
   * for long-running servers, whose every REST request commits a counter. Stopped by close().
   */
  startBackgroundCheckpoints(): void
  /** Runs `fn` before the database closes (surfaces flush write-behind buffers there). */
  onClose(fn: () => void): void
  close(): void
}

function loadSecret(dataDir: string): Buffer {
  const file = join(dataDir, 'instance.secret')
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')
  const secret = randomBytes(32)
  writeFileSync(file, secret.toString('hex'), { mode: 0o600 })
  return secret
}

/** Opens the data directory: creates it, migrates the database and writes reference data. */
export function openRuntime(config: RuntimeConfig, log: Logger = createLogger(config.logLevel)): Runtime {
  mkdirSync(config.dataDir, { recursive: true })
  const handle = openDatabase(databaseFile(config))
  const migration = migrate(handle.db)
  upsertPlanCatalog(handle.db)
  const counters = openDatabase(databaseFile(config), { synchronous: 'normal' })
  const dataVersion = counters.sqlite.prepare<{ data_version: number }, []>('PRAGMA data_version')
  const closeHooks: (() => void)[] = []
  let stopCheckpoints: (() => void) | null = null
  return {
    config,
    handle,
    db: handle.db,
    countersDb: counters.db,
    changeStamp: () => dataVersion.get()!.data_version,
    log,
    secret: loadSecret(config.dataDir),
    instanceId: randomUUID(),
    migration,
    startBackgroundCheckpoints: () => {
      stopCheckpoints ??= startBackgroundCheckpoints(databaseFile(config), [counters.sqlite])
    },
    onClose: (fn) => void closeHooks.push(fn),
    close: () => {
      stopCheckpoints?.()
      for (const fn of closeHooks.splice(0)) {
        try {
          fn()
        } catch (e) {
          log.error('close hook failed', { error: String(e) })
        }
      }
      counters.close()
      handle.close()
    },
  }
}

/** A context for the operator's CLI and for jobs: the system actor, one tenant. */
export function systemCtx(rt: Runtime, tenant: TenantCtx | null, surface: Surface = 'cli', now = Date.now()): Ctx {
  return {
    tenant,
    actor: { kind: 'system', role: 'owner_admin', userId: null },
    db: rt.db,
    now,
    requestId: randomUUID(),
    surface,
    config: rt.config,
    log: rt.log,
  }
}
