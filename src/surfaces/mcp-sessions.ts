import { randomBytes } from 'node:crypto'

/**
 * MCP sessions (Mcp-Session-Id), kept in memory: a session only carries the negotiated protocol
 * version, the client's name (the `source` of tool-call analytics) and the demo/production mode
 * that switch_to_demo / switch_to_production set. Authentication never relies on it: every request
 * presents its key. A session is bound to the key that initialised it, so nobody else can switch
 * its mode or end it. Restarting the server forgets sessions; clients then get 404 and
 * re-initialise, as the transport specification says.
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
}

const MAX_SESSIONS = 10_000
const IDLE_TTL_MS = 24 * 60 * 60_000

export class SessionStore {
  private readonly sessions = new Map<string, McpSession>()

  create(init: Omit<McpSession, 'id' | 'mode' | 'initialized' | 'createdAt' | 'lastSeenAt'>, now: number): McpSession {
    if (this.sessions.size >= MAX_SESSIONS) this.sweep(now, true)
    const session: McpSession = { ...init, id: randomBytes(18).toString('base64url'), mode: 'production', initialized: false, createdAt: now, lastSeenAt: now }
    this.sessions.set(session.id, session)
    return session
  }

  /** The live session for an id, touched; null when unknown or idle too long. */
  get(id: string, now: number): McpSession | null {
    const s = this.sessions.get(id)
    if (!s) return null
    if (now - s.lastSeenAt > IDLE_TTL_MS) {
      this.sessions.delete(id)
      return null
    }
    s.lastSeenAt = now
    return s
  }

  delete(id: string): boolean {
    return this.sessions.delete(id)
  }

  get size(): number {
    return this.sessions.size
  }

  /** Drops idle sessions; under pressure also the least recently used tenth. */
  sweep(now: number, pressure = false): void {
    for (const [id, s] of this.sessions) if (now - s.lastSeenAt > IDLE_TTL_MS) this.sessions.delete(id)
    if (!pressure || this.sessions.size < MAX_SESSIONS) return
    const oldest = [...this.sessions.values()].sort((a, b) => a.lastSeenAt - b.lastSeenAt).slice(0, MAX_SESSIONS / 10)
    for (const s of oldest) this.sessions.delete(s.id)
  }
}
