import { and, desc, eq, sql } from 'drizzle-orm'
import { prepared, type DbLike } from '../../kernel/db'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { notFound } from '../../kernel/errors'
import { apiKeys } from './schema'

export type ApiKeyRow = typeof apiKeys.$inferSelect
export type NewApiKeyRow = typeof apiKeys.$inferInsert

/** Authentication's lookup: the row for a key's public lookup part, any tenant. */
export const findKeyByLookup = (db: DbLike, lookup: string): ApiKeyRow | null =>
  prepared(db, 'apiKeys.byLookup', (d) => d.select().from(apiKeys).where(eq(apiKeys.lookup, sql.placeholder('lookup'))).prepare()).get({ lookup }) ?? null

export const insertKey = (db: DbLike, row: NewApiKeyRow): ApiKeyRow => db.insert(apiKeys).values(row).returning().get()

export const listKeysInTenant = (ctx: TenantBoundCtx): ApiKeyRow[] =>
  ctx.db.select().from(apiKeys).where(eq(apiKeys.tenantId, ctx.tenant.id)).orderBy(desc(apiKeys.createdAt)).all()

export function getKeyInTenant(ctx: TenantBoundCtx, keyId: string): ApiKeyRow {
  const row = ctx.db.select().from(apiKeys).where(and(eq(apiKeys.tenantId, ctx.tenant.id), eq(apiKeys.id, keyId))).get()
  if (!row) throw notFound('API key')
  return row
}

export const findKeyById = (db: DbLike, keyId: string): ApiKeyRow | null =>
  db.select().from(apiKeys).where(eq(apiKeys.id, keyId)).get() ?? null

export function markKeyRevoked(db: DbLike, keyId: string, now: number): void {
  db.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.id, keyId), sql`${apiKeys.revokedAt} is null`)).run()
}

/**
 * Records use at most once a minute, so a busy key does not turn every read into a write.
 * Returns the key as stored afterwards.
 */
export function touchKey(db: DbLike, key: ApiKeyRow, now: number): ApiKeyRow {
  if (key.lastUsedAt !== null && now - key.lastUsedAt < 60_000 && key.failedAttempts === 0) return key
  db.update(apiKeys).set({ lastUsedAt: now, failedAttempts: 0 }).where(eq(apiKeys.id, key.id)).run()
  return { ...key, lastUsedAt: now, failedAttempts: 0 }
}

/** Counts a wrong secret presented with a known lookup; returns the new consecutive count. */
export function recordFailedAttempt(db: DbLike, keyId: string, now: number): number {
  const row = db
    .update(apiKeys)
    .set({ failedAttempts: sql`${apiKeys.failedAttempts} + 1`, lastFailedAt: now })
    .where(eq(apiKeys.id, keyId))
    .returning({ n: apiKeys.failedAttempts })
    .get()
  return row?.n ?? 0
}

export const findPublicDemoKey = (db: DbLike, tenantId: number): ApiKeyRow | null =>
  db.select().from(apiKeys).where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.isPublicDemo, true), sql`${apiKeys.revokedAt} is null`)).get() ?? null
