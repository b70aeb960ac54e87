import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { newId } from '../../kernel/ids'
import { accountPasswords, accountTokens, consoleSessions, type AccountTokenPurpose } from './schema'

export type SessionRow = typeof consoleSessions.$inferSelect
export type AccountTokenRow = typeof accountTokens.$inferSelect

// ---- passwords ----

export function setPasswordHash(c: TenantScope, userId: string, passwordHash: string): void {
  c.db
    .insert(accountPasswords)
    .values({ userId, tenantId: c.tenant.id, passwordHash, updatedAt: c.now })
    .onConflictDoUpdate({ target: accountPasswords.userId, set: { passwordHash, updatedAt: c.now } })
    .run()
}

/** The stored hashes of these people (any tenant): sign-in tries the password against each. */
export const passwordHashesOf = (db: DbLike, userIds: string[]): { userId: string; tenantId: number; passwordHash: string }[] =>
  userIds.length === 0
    ? []
    : db
        .select({ userId: accountPasswords.userId, tenantId: accountPasswords.tenantId, passwordHash: accountPasswords.passwordHash })
        .from(accountPasswords)
        .where(inArray(accountPasswords.userId, userIds))
        .all()

export const hasPassword = (c: TenantScope, userId: string): boolean =>
  c.db
    .select({ userId: accountPasswords.userId })
    .from(accountPasswords)
    .where(and(eq(accountPasswords.tenantId, c.tenant.id), eq(accountPasswords.userId, userId)))
    .get() !== undefined

// ---- sessions ----

export function insertSession(
  c: TenantScope,
  row: { userId: string; tokenHash: string; csrfToken: string; readOnly: boolean; userAgent: string | null; ipAddress: string | null; expiresAt: number },
): SessionRow {
  return c.db
    .insert(consoleSessions)
    .values({ id: newId(), tenantId: c.tenant.id, ...row, createdAt: c.now, lastSeenAt: c.now, revokedAt: null })
    .returning()
    .get()
}

export const findSessionByTokenHash = (db: DbLike, tokenHash: string): SessionRow | null =>
  db.select().from(consoleSessions).where(eq(consoleSessions.tokenHash, tokenHash)).get() ?? null

export function touchSession(c: TenantScope, id: string): void {
  c.db
    .update(consoleSessions)
    .set({ lastSeenAt: c.now })
    .where(and(eq(consoleSessions.tenantId, c.tenant.id), eq(consoleSessions.id, id)))
    .run()
}

/** The person's sessions still valid now, newest first. */
export const listLiveSessions = (c: TenantScope, userId: string): SessionRow[] =>
  c.db
    .select()
    .from(consoleSessions)
    .where(
      and(
        eq(consoleSessions.tenantId, c.tenant.id),
        eq(consoleSessions.userId, userId),
        isNull(consoleSessions.revokedAt),
        gt(consoleSessions.expiresAt, c.now),
      ),
    )
    .all()
    .sort((a, b) => b.createdAt - a.createdAt)

/** Revokes one session of the person (or every one when `sessionId` is null); returns how many. */
export function revokeSessions(c: TenantScope, userId: string, sessionId: string | null): number {
  const where = [eq(consoleSessions.tenantId, c.tenant.id), eq(consoleSessions.userId, userId), isNull(consoleSessions.revokedAt)]
  if (sessionId !== null) where.push(eq(consoleSessions.id, sessionId))
  return c.db
    .update(consoleSessions)
    .set({ revokedAt: c.now })
    .where(and(...where))
    .returning({ id: consoleSessions.id })
    .all().length
}

// ---- one-time password links ----

export function insertAccountToken(c: TenantScope, row: { userId: string; tokenHash: string; purpose: AccountTokenPurpose; expiresAt: number }): void {
  c.db
    .insert(accountTokens)
    .values({ id: newId(), tenantId: c.tenant.id, ...row, createdAt: c.now, usedAt: null })
    .run()
}

export const findAccountTokenByHash = (db: DbLike, tokenHash: string): AccountTokenRow | null =>
  db.select().from(accountTokens).where(eq(accountTokens.tokenHash, tokenHash)).get() ?? null

/** Marks the token used; false when it was used already (a second use in a race loses). */
export const markAccountTokenUsed = (c: TenantScope, id: string): boolean =>
  c.db
    .update(accountTokens)
    .set({ usedAt: c.now })
    .where(and(eq(accountTokens.tenantId, c.tenant.id), eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id })
    .all().length === 1
