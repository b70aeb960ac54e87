import type { DbLike } from './db'
import type { Logger } from './log'
import type { RuntimeConfig } from './config'
import type { SecretBox } from './secret-box'

/** Roles in rank order; "Manager or above" means index >= manager's. */
export const ROLES = ['employee', 'manager', 'admin', 'owner_admin'] as const
export type Role = (typeof ROLES)[number]

/** Display names the spec uses (Employee, Manager, Admin, OwnerAdmin). */
export const ROLE_LABELS: Record<Role, string> = {
  employee: 'Employee',
  manager: 'Manager',
  admin: 'Admin',
  owner_admin: 'OwnerAdmin',
}

export type KeyKind = 'live' | 'demo' | 'api'
export type KeyScope = 'read' | 'read_write'

/** Where a request came in: access rules and entitlements differ per surface. */
export type Surface = 'mcp' | 'rest' | 'client' | 'cli' | 'job'

export interface TenantCtx {
  id: number
  readableId: string
  slug: string
  name: string
  planId: string
  timezone: string
  isDemo: boolean
  mcpAccess: boolean
  restAccess: boolean
  /**
   * The rows authentication read for this request's key (issue 18: clock-in/out and ingestion
   * stop reading them again), or absent (jobs, the CLI, OAuth, a context built by hand).
   * AS OF AUTHENTICATION; RE-READ WHEN YOU CHANGE IT: an operation that updates the tenant's row
   * or the key's user inside its transaction must read the row again (or drop this field from the
   * context it passes on, as update_company_settings does), never use these. Read them only
   * through tenants/queries `tenantRowAsOfAuth` and users/queries `userAsOfAuth`, which check the
   * ids and fall back to a read. The objects are shared by every request of the same key while
   * the database's change stamp has not moved: never mutate them.
   */
  readonly asOfAuth?: AuthRows
}

/**
 * See TenantCtx.asOfAuth: the tenant's full row and the key's user row (user-bound keys). The kernel
 * knows no module's row type, so the owning modules add their field by declaration merging
 * (tenants/queries.ts `tenantRow`, users/queries.ts `user`): typed where they are read, no cast.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the tenants and users modules (declaration merging)
export interface AuthRows {}

export type Actor =
  /** A key bound to one user: carries that user's role. */
  | { kind: 'user'; keyId: string; keyKind: KeyKind; userId: string; role: Role; scope: KeyScope }
  /** A tenant-level key (REST token or operator key) with the role of its issuer. */
  | { kind: 'apiKey'; keyId: string; keyKind: KeyKind; userId: string | null; role: Role; scope: KeyScope }
  /** The public demo key: read-only, demo tenants only; may act as a demo persona user. */
  | { kind: 'demo'; keyId: string; keyKind: 'demo'; userId: string | null; role: Role; scope: 'read' }
  /** Jobs and the operator's CLI. */
  | { kind: 'system'; role: 'owner_admin'; userId: null }
  /** No key at all: only the public discovery tools. */
  | { kind: 'anonymous'; userId: null }

export interface Ctx {
  tenant: TenantCtx | null
  actor: Actor
  db: DbLike
  /** The clock of this request or job run, in ms since epoch: handlers never read Date.now(). */
  now: number
  requestId: string
  surface: Surface
  config: RuntimeConfig
  log: Logger
  /** Seals and opens the secrets stored for reading back (kernel/secret-box.ts); the runtime's. */
  secrets: SecretBox
  /**
   * A request's arrival mark on the connection's turn snapshots (kernel/turn-snapshot.ts): its read
   * operations may share a read snapshot begun after it. Absent for jobs and the CLI.
   */
  readMark?: number
  /** MCP session mode set by switch_to_demo / switch_to_production; absent elsewhere. */
  session?: { id: string; mode: 'demo' | 'production'; clientName: string | null }
}

/** A context that has passed authorization for a tenant-bound operation. */
export type TenantBoundCtx = Ctx & { tenant: TenantCtx }

/**
 * What a query function over tenant data takes first: the tenant, the connection or the open
 * transaction, and the clock. Every tenant-bound context is one; query functions never take a raw
 * `db` and a tenant id (scripts/check-architecture.ts refuses it outside its list of global ones).
 */
export interface TenantScope {
  readonly tenant: Pick<TenantCtx, 'id' | 'timezone' | 'asOfAuth'>
  readonly db: DbLike
  readonly now: number
}
