import { randomUUID } from 'node:crypto'
import type { RuntimeConfig } from './config'
import type { Ctx, Surface, TenantBoundCtx, TenantCtx } from './ctx'
import type { DatabaseHandle, Db } from './db'
import type { Logger } from './log'
import type { MigrationResult } from './migrate'
import type { SecretBox } from './secret-box'

/** The composition root: one open database, configuration, logger and instance secret. */
export interface Runtime {
  config: RuntimeConfig
  handle: DatabaseHandle
  db: Db
  /**
   * A second connection to the same database with synchronous=NORMAL, for high-frequency
   * bookkeeping that is not evidence (MCP tool-call records and sessions). In WAL mode its commits
   * survive a process crash or restart; only an OS crash can lose the last ones.
   */
  countersDb: Db
  /**
   * The rate-limit counters (REST hour/day, client API, MCP minute): their own file,
   * `<data>/counters.db`, WAL, held exclusively by a lone server and shared otherwise
   * (modules/rate-limits/store.ts CountersMode); opened on first use outside `serve`. Not in
   * backups; commits here do not move `changeStamp`.
   */
  rateLimitDb: Db
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
  /** Encrypts stored secrets with a key derived from `secret` (kernel/secret-box.ts). */
  secrets: SecretBox
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

/** A context for the operator's CLI before a tenant is chosen: the system actor, no tenant. */
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
    secrets: rt.secrets,
  }
}

/**
 * The one way jobs and the CLI act on a tenant: the system actor, bound to `tenant`, at `now`.
 * Its type is the tenant-bound context, so nothing downstream needs a cast or a spread.
 */
export function systemCtxFor(rt: Runtime, tenant: TenantCtx, options: { surface?: 'cli' | 'job'; now?: number } = {}): TenantBoundCtx {
  return { ...systemCtx(rt, tenant, options.surface ?? 'cli', options.now ?? Date.now()), tenant }
}
