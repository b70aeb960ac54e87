import { and, desc, eq, lt } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import type { TenantScope } from '../../kernel/ctx'
import { mcpSessions } from './schema'

export type McpSessionRow = typeof mcpSessions.$inferSelect

export function insertMcpSession(c: TenantScope, row: Omit<McpSessionRow, 'tenantId'>): void {
  c.db
    .insert(mcpSessions)
    .values({ ...row, tenantId: c.tenant.id })
    .run()
}

/** The session `id` of this tenant and key, or null. */
export function findMcpSession(c: TenantScope, id: string, keyId: string): McpSessionRow | null {
  return (
    c.db
      .select()
      .from(mcpSessions)
      .where(and(eq(mcpSessions.tenantId, c.tenant.id), eq(mcpSessions.id, id), eq(mcpSessions.keyId, keyId)))
      .get() ?? null
  )
}

export function touchMcpSession(c: TenantScope, id: string): void {
  c.db
    .update(mcpSessions)
    .set({ lastSeenAt: c.now })
    .where(and(eq(mcpSessions.tenantId, c.tenant.id), eq(mcpSessions.id, id)))
    .run()
}

export function setMcpSessionMode(c: TenantScope, id: string, mode: 'demo' | 'production'): void {
  c.db
    .update(mcpSessions)
    .set({ mode })
    .where(and(eq(mcpSessions.tenantId, c.tenant.id), eq(mcpSessions.id, id)))
    .run()
}

export function deleteMcpSession(c: TenantScope, id: string): boolean {
  return (
    c.db
      .delete(mcpSessions)
      .where(and(eq(mcpSessions.tenantId, c.tenant.id), eq(mcpSessions.id, id)))
      .returning({ id: mcpSessions.id })
      .all().length > 0
  )
}

/** Deletes sessions of one key beyond its `keep` most recently seen (up to 100 at a time: it runs at each new session). */
export function trimKeyMcpSessions(c: TenantScope, keyId: string, keep: number): number {
  const stale = c.db
    .select({ id: mcpSessions.id })
    .from(mcpSessions)
    .where(and(eq(mcpSessions.tenantId, c.tenant.id), eq(mcpSessions.keyId, keyId)))
    .orderBy(desc(mcpSessions.lastSeenAt))
    .limit(100)
    .offset(keep)
    .all()
  for (const s of stale) deleteMcpSession(c, s.id)
  return stale.length
}

/** Deletes the sessions of every tenant idle since before `before` (ms): housekeeping. */
export function pruneIdleMcpSessions(db: DbLike, before: number): number {
  return db.delete(mcpSessions).where(lt(mcpSessions.lastSeenAt, before)).returning({ id: mcpSessions.id }).all().length
}
