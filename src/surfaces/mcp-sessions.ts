import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { TenantCtx } from '../kernel/ctx'
import type { DbLike } from '../kernel/db'
import {
  deleteMcpSession,
  findMcpSession,
  insertMcpSession,
  pruneIdleMcpSessions,
  setMcpSessionMode,
  touchMcpSession,
  trimKeyMcpSessions,
} from '../modules/mcp-sessions/queries'

/**
 * MCP sessions (Mcp-Session-Id). A session carries the negotiated protocol version, the client's
 * name (the `source` of tool-call analytics) and the demo/production mode that switch_to_demo /
 * switch_to_production set. Authentication never relies on it: every request presents its key. A
 * session is bound to the key that initialised it, so nobody else can use it, switch its mode or
 * end it. Two kinds, so that no caller can push another's session out and a restart loses none:
 *
 * - **stored** (production keys of a real tenant: the only sessions whose mode matters): a row of
 *   `mcp_sessions`, read on each request through the counters connection, so it survives a restart
 *   and is the same on every process of one data directory. At most MAX_PER_KEY per key (a key that
 *   opens more loses its own least recently used ones), ended by DELETE or after 24 h idle.
 * - **signed** (no key, or a demo key): nothing is stored; the id itself carries key id, version
 *   and client name under an HMAC with the instance secret, so it is verified without memory and
 *   survives restarts. However many are created, they take no room. DELETE ends one in this process
 *   (a bounded list of ended ids); such a session holds no data, so nothing else is needed.
 */
export interface McpSession {
  id: string
  protocolVersion: string
  clientName: string | null
  clientVersion: string | null
  /** Key id that created the session; null when it was created without a key. */
  keyId: string | null
  mode: 'demo' | 'production'
  initialized: boolean
  createdAt: number
  lastSeenAt: number
  /** Stored in mcp_sessions (production keys); false for signed sessions. */
  stored: boolean
}

/** Who asks: the tenant and key of the request (both null without a key). */
export interface SessionOwner {
  tenant: TenantCtx | null
  keyId: string | null
}

const IDLE_TTL_MS = 24 * 60 * 60_000
const MAX_PER_KEY = 1_000
const TOUCH_EVERY_MS = 60_000
const MAX_ENDED = 10_000
const STORED_PREFIX = 's1_'
const SIGNED_PREFIX = 'a1_'

interface SignedPayload {
  k: string | null
  v: string
  c: string | null
  cv: string | null
  t: number
  n: string
}

/** Production keys of a real tenant get stored sessions; everyone else a signed one. */
const storable = (owner: SessionOwner): owner is { tenant: TenantCtx; keyId: string } => owner.tenant !== null && !owner.tenant.isDemo && owner.keyId !== null

export class SessionStore {
  private readonly ended = new Map<string, true>()
  private prunedAt = 0

  constructor(
    private readonly db: DbLike,
    private readonly secret: Buffer,
  ) {}

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(`mcp-session:${payload}`).digest().subarray(0, 16).toString('base64url')
  }

  create(owner: SessionOwner, init: { protocolVersion: string; clientName: string | null; clientVersion: string | null }, now: number): McpSession {
    const base = { ...init, keyId: owner.keyId, mode: 'production' as const, initialized: false, createdAt: now, lastSeenAt: now }
    if (storable(owner)) {
      const id = STORED_PREFIX + randomBytes(24).toString('base64url')
      const scope = { tenant: owner.tenant, db: this.db, now }
      insertMcpSession(scope, { id, keyId: owner.keyId, mode: 'production', ...init, createdAt: now, lastSeenAt: now })
      trimKeyMcpSessions(scope, owner.keyId, MAX_PER_KEY)
      return { ...base, id, stored: true }
    }
    const body: SignedPayload = {
      k: owner.keyId,
      v: init.protocolVersion,
      c: init.clientName,
      cv: init.clientVersion,
      t: now,
      n: randomBytes(9).toString('base64url'),
    }
    const payload = Buffer.from(JSON.stringify(body)).toString('base64url')
    return { ...base, id: `${SIGNED_PREFIX}${payload}.${this.mac(payload)}`, stored: false }
  }

  /** The session for an id, when it exists and belongs to this owner; touched. */
  get(id: string, owner: SessionOwner, now: number): McpSession | null {
    if (id.startsWith(STORED_PREFIX)) {
      if (!storable(owner)) return null
      const scope = { tenant: owner.tenant, db: this.db, now }
      const row = findMcpSession(scope, id, owner.keyId)
      if (!row) return null
      if (now - row.lastSeenAt > IDLE_TTL_MS) {
        deleteMcpSession(scope, id)
        return null
      }
      if (now - row.lastSeenAt > TOUCH_EVERY_MS) touchMcpSession(scope, id)
      const { protocolVersion, clientName, clientVersion, keyId, mode, createdAt } = row
      return { id, protocolVersion, clientName, clientVersion, keyId, mode, initialized: true, createdAt, lastSeenAt: now, stored: true }
    }
    const signed = this.verify(id)
    if (!signed || signed.k !== owner.keyId || this.ended.has(id)) return null
    return {
      id,
      protocolVersion: signed.v,
      clientName: signed.c,
      clientVersion: signed.cv,
      keyId: signed.k,
      mode: 'production',
      initialized: true,
      createdAt: signed.t,
      lastSeenAt: now,
      stored: false,
    }
  }

  private verify(id: string): SignedPayload | null {
    if (!id.startsWith(SIGNED_PREFIX) || id.length > 2048) return null
    const [payload, mac] = id.slice(SIGNED_PREFIX.length).split('.')
    if (!payload || !mac) return null
    const expected = Buffer.from(this.mac(payload))
    const given = Buffer.from(mac)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
    try {
      const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedPayload
      return typeof p.v === 'string' && typeof p.t === 'number' ? p : null
    } catch {
      return null
    }
  }

  /** Persists the mode a tool set on a stored session (switch_to_demo / switch_to_production). */
  saveMode(session: McpSession, owner: SessionOwner, now: number): void {
    if (session.stored && storable(owner)) setMcpSessionMode({ tenant: owner.tenant, db: this.db, now }, session.id, session.mode)
  }

  delete(session: McpSession, owner: SessionOwner, now: number): void {
    if (session.stored) {
      if (storable(owner)) deleteMcpSession({ tenant: owner.tenant, db: this.db, now }, session.id)
      return
    }
    this.ended.set(session.id, true)
    if (this.ended.size > MAX_ENDED) this.ended.delete(this.ended.keys().next().value!)
  }

  /** Deletes stored sessions idle longer than the TTL; does the work at most once a minute. */
  sweep(now: number): void {
    if (now - this.prunedAt < 60_000) return
    this.prunedAt = now
    pruneIdleMcpSessions(this.db, now - IDLE_TTL_MS)
  }
}
