import { and, desc, eq, sql } from 'drizzle-orm'
import { prepared, type DbLike } from '../../kernel/db'
import type { TenantScope } from '../../kernel/ctx'
import { notFound } from '../../kernel/errors'
import { apiKeys } from './schema'

export type ApiKeyRow = typeof apiKeys.$inferSelect
type NewApiKeyRow = Omit<typeof apiKeys.$inferInsert, 'tenantId' | 'createdAt'>

/** Authentication's lookup: the row for a key's public lookup part, any tenant. */
export const findKeyByLookup = (db: DbLike, lookup: string): ApiKeyRow | null =>
  prepared(db, 'apiKeys.byLookup', (d) =>
    d
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.lookup, sql.placeholder('lookup')))
      .prepare(),
  ).get({ lookup }) ?? null

export const insertKey = (c: TenantScope, row: NewApiKeyRow): ApiKeyRow =>
  c.db
    .insert(apiKeys)
    .values({ ...row, tenantId: c.tenant.id, createdAt: c.now })
    .returning()
    .get()

export const listKeysInTenant = (c: TenantScope): ApiKeyRow[] =>
  c.db.select().from(apiKeys).where(eq(apiKeys.tenantId, c.tenant.id)).orderBy(desc(apiKeys.createdAt)).all()

export function getKeyInTenant(c: TenantScope, keyId: string): ApiKeyRow {
  const row = c.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, c.tenant.id), eq(apiKeys.id, keyId)))
    .get()
  if (!row) throw notFound('API key')
  return row
}

/** Revokes a key of the context's tenant at the context's clock; revoking twice keeps the first time. */
export function markKeyRevoked(c: TenantScope, keyId: string): void {
  c.db
    .update(apiKeys)
    .set({ revokedAt: c.now })
    .where(and(eq(apiKeys.tenantId, c.tenant.id), eq(apiKeys.id, keyId), sql`${apiKeys.revokedAt} is null`))
    .run()
}

/**
 * Records use at most once a minute, so a busy key does not turn every read into a write.
 * Returns the key as stored afterwards.
 */
export function touchKey(c: TenantScope, key: ApiKeyRow): ApiKeyRow {
  if (key.lastUsedAt !== null && c.now - key.lastUsedAt < 60_000 && key.failedAttempts === 0) return key
  prepared(c.db, 'apiKeys.touch', (d) =>
    d
      .update(apiKeys)
      .set({ lastUsedAt: sql`${sql.placeholder('now')}`, failedAttempts: 0 })
      .where(and(eq(apiKeys.tenantId, sql.placeholder('tenantId')), eq(apiKeys.id, sql.placeholder('id'))))
      .prepare(),
  ).run({ now: c.now, tenantId: c.tenant.id, id: key.id })
  return { ...key, lastUsedAt: c.now, failedAttempts: 0 }
}

/** Counts a wrong secret presented with a known lookup; returns the new consecutive count. */
export function recordFailedAttempt(c: TenantScope, keyId: string): number {
  const row = c.db
    .update(apiKeys)
    .set({ failedAttempts: sql`${apiKeys.failedAttempts} + 1`, lastFailedAt: c.now })
    .where(and(eq(apiKeys.tenantId, c.tenant.id), eq(apiKeys.id, keyId)))
    .returning({ n: apiKeys.failedAttempts })
    .get()
  return row?.n ?? 0
}

/** The tenant's public demo key (the persona it acts as survives a re-derivation). */
export const findPublicDemoKey = (c: TenantScope): ApiKeyRow | null =>
  c.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, c.tenant.id), eq(apiKeys.isPublicDemo, true), sql`${apiKeys.revokedAt} is null`))
    .get() ?? null
