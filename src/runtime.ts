import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { databaseFile, type RuntimeConfig } from './kernel/config'
import { openDatabase, type DatabaseHandle } from './kernel/db'
import { assertWritableFiles, createPrivateFile, ensureDataDir } from './kernel/data-lock'
import { migrate } from './kernel/migrate'
import { startBackgroundCheckpoints } from './kernel/checkpointer'
import { createLogger, type Logger } from './kernel/log'
import type { Runtime } from './kernel/runtime'
export type { Runtime } from './kernel/runtime'
export { systemCtx, systemCtxFor } from './kernel/runtime'
import { upsertPlanCatalog } from './modules/tenants/queries'
import { createSecretBox } from './kernel/secret-box'
import { sealStoredSecrets } from './modules/security/stored-secrets'
import { backfillPersonDayTotals } from './modules/time-tracking/person-day-backfill'
import { ensureTaskCountTriggers } from './modules/tasks/queries'
import { ensureOpenSessionTotals } from './modules/dashboard/open-session-totals'
import { ensureAuthEpoch } from './modules/api-keys/auth-epoch-queries'
import { ensureTenantDayTotals } from './modules/dashboard/tenant-day-totals'
import { ensurePersonWeekTotals } from './modules/dashboard/person-week-totals'
import { ensureTenantZoneOffsets } from './modules/tenants/zone-offsets'
import { ensurePersonOpenSessions } from './modules/dashboard/person-open-sessions'
import { ensureUserStatusCounts } from './modules/users/status-counts'
import { ensureTimesheetStatusCounts } from './modules/timesheets/status-counts'
import { ensureTimesheetOwnerNames } from './modules/timesheets/owner-names'
import { repairTextWeekdays } from './modules/shifts/weekday-repair'
import { countersFile, type CountersMode, openCountersDatabase } from './modules/rate-limits/store'

function loadSecret(dataDir: string): Buffer {
  const file = join(dataDir, 'instance.secret')
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')
  const secret = randomBytes(32)
  writeFileSync(file, secret.toString('hex'), { mode: 0o600 })
  return secret
}

/** openDatabase, with the file's path in the error (SQLite alone says "unable to open database file"). */
function openNamed(file: string, options?: Parameters<typeof openDatabase>[1]): DatabaseHandle {
  return openNamedWith(file, (f) => openDatabase(f, options))
}

function openNamedWith(file: string, open: (file: string) => DatabaseHandle): DatabaseHandle {
  try {
    return open(file)
  } catch (e) {
    throw new Error(
      `cannot open the database ${file}: ${e instanceof Error ? e.message : String(e)} (the data directory must be writable: SQLite keeps -wal and -shm files beside it)`,
    )
  }
}

export interface RuntimeOptions {
  /**
   * How counters.db is held (rate-limits/store.ts): `exclusive` by the data directory's only
   * server, opened at once so that its lock is taken at start; `shared` otherwise (the default),
   * opened when first used, so that a CLI command run beside an exclusive server never touches it.
   */
  counters?: CountersMode
  /**
   * Where the counters are kept instead of the data directory's counters.db: for a process that
   * serves the same data beside a running server and must not count in the server's file (the
   * bench's recorder, scripts/bench/bare.ts).
   */
  countersFile?: string
}

/** Opens the data directory: creates it, migrates the database and writes reference data. */
export function openRuntime(config: RuntimeConfig, log: Logger = createLogger(config.logLevel), options: RuntimeOptions = {}): Runtime {
  ensureDataDir(config.dataDir)
  const file = databaseFile(config)
  createPrivateFile(file)
  assertWritableFiles([file, `${file}-wal`, `${file}-shm`, join(config.dataDir, 'instance.secret')])
  // The main connection: request reads share their turn's snapshot on it (kernel/turn-snapshot.ts).
  const handle = openNamed(file, { turnSnapshots: true })
  const migration = migrate(handle.db, file)
  upsertPlanCatalog(handle.db)
  const secret = loadSecret(config.dataDir)
  const secrets = createSecretBox(secret)
  sealStoredSecrets(handle, secrets, log)
  backfillPersonDayTotals(handle.db, log)
  ensureTaskCountTriggers(handle.db)
  ensureUserStatusCounts(handle.db)
  ensureTimesheetStatusCounts(handle.db)
  ensureTimesheetOwnerNames(handle.db)
  ensureTenantDayTotals(handle.db)
  // Before the kept weeks: their triggers place open sessions by the zones' offsets.
  ensureTenantZoneOffsets(handle.db)
  ensurePersonWeekTotals(handle.db)
  ensurePersonOpenSessions(handle.db)
  ensureOpenSessionTotals(handle.db)
  ensureAuthEpoch(handle.db)
  repairTextWeekdays(handle.db, log)
  const counters = openNamed(file, { synchronous: 'normal' })
  const rateFile = options.countersFile ?? countersFile(config.dataDir)
  createPrivateFile(rateFile)
  assertWritableFiles([rateFile, `${rateFile}-wal`, `${rateFile}-shm`])
  const countersMode = options.counters ?? 'shared'
  let rateLimits: DatabaseHandle | null = null
  const rateLimitHandle = (): DatabaseHandle => (rateLimits ??= openNamedWith(rateFile, (f) => openCountersDatabase(f, countersMode, log)))
  if (countersMode === 'exclusive') rateLimitHandle()
  const dataVersion = counters.sqlite.prepare<{ data_version: number }, []>('PRAGMA data_version')
  const closeHooks: (() => void)[] = []
  let stopCheckpoints: (() => void) | null = null
  return {
    config,
    handle,
    db: handle.db,
    countersDb: counters.db,
    get rateLimitDb() {
      return rateLimitHandle().db
    },
    changeStamp: () => dataVersion.get()!.data_version,
    log,
    secret,
    secrets,
    instanceId: randomUUID(),
    migration,
    startBackgroundCheckpoints: () => {
      if (stopCheckpoints) return
      const stopMain = startBackgroundCheckpoints(databaseFile(config), [counters.sqlite])
      // An exclusive counters.db checkpoints on its own connection (no other can open it), cheaply:
      // synchronous=OFF, and a few distinct pages (rate-limits/store.ts).
      const stopRate = countersMode === 'shared' ? startBackgroundCheckpoints(rateFile, [rateLimitHandle().sqlite]) : null
      stopCheckpoints = () => {
        stopMain()
        stopRate?.()
      }
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
      rateLimits?.close()
      counters.close()
      handle.close()
    },
  }
}
