import { and, desc, eq, isNull } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { recordChange, type AuditScope } from '../audit/audit-queries'
import { oauthClients, oauthGrants, oauthTokens, type OAuthTokenKind } from './schema'

export type OAuthClientRow = typeof oauthClients.$inferSelect
export type OAuthGrantRow = typeof oauthGrants.$inferSelect
export type OAuthTokenRow = typeof oauthTokens.$inferSelect

// ---- clients (no tenant: a client is a program any company's people may authorize) ----

export function insertClient(db: DbLike, row: OAuthClientRow): void {
  db.insert(oauthClients).values(row).run()
}

export const findClientById = (db: DbLike, id: string): OAuthClientRow | null => db.select().from(oauthClients).where(eq(oauthClients.id, id)).get() ?? null

// ---- grants ----

/** What the audit trail keeps of a grant (never a token): who connected which client, with what. */
const auditedGrant = (g: OAuthGrantRow) => ({
  user_id: g.userId,
  client_id: g.clientId,
  client_name: g.clientName,
  scope: g.scope,
  resource: g.resource,
  read_only: g.readOnly,
  revoked_at: g.revokedAt,
  revoked_reason: g.revokedReason,
})

/** A person's consent to a client: the grant, and its audit row in the same transaction. */
export function insertGrant(c: AuditScope, row: Omit<OAuthGrantRow, 'tenantId' | 'createdAt' | 'lastUsedAt' | 'revokedAt' | 'revokedReason'>): OAuthGrantRow {
  const grant = c.db
    .insert(oauthGrants)
    .values({ ...row, tenantId: c.tenant.id, createdAt: c.now, lastUsedAt: null, revokedAt: null, revokedReason: null })
    .returning()
    .get()
  recordChange(c, { action: 'oauth_grant.created', entity: 'oauth_grant', entityId: grant.id, before: null, after: auditedGrant(grant) })
  return grant
}

export const findGrant = (c: TenantScope, id: string): OAuthGrantRow | null =>
  c.db
    .select()
    .from(oauthGrants)
    .where(and(eq(oauthGrants.tenantId, c.tenant.id), eq(oauthGrants.id, id)))
    .get() ?? null

export function touchGrant(c: TenantScope, id: string): void {
  c.db
    .update(oauthGrants)
    .set({ lastUsedAt: c.now })
    .where(and(eq(oauthGrants.tenantId, c.tenant.id), eq(oauthGrants.id, id)))
    .run()
}

/**
 * Revokes a grant (once; the first reason stays) and every token of it. The first revocation is
 * recorded in the audit trail in the same transaction, with the reason (user, admin,
 * refresh_token_reuse, code_reuse, revocation_endpoint).
 */
export function revokeGrant(c: AuditScope, id: string, reason: string): void {
  const before = findGrant(c, id)
  const revoked = c.db
    .update(oauthGrants)
    .set({ revokedAt: c.now, revokedReason: reason })
    .where(and(eq(oauthGrants.tenantId, c.tenant.id), eq(oauthGrants.id, id), isNull(oauthGrants.revokedAt)))
    .returning()
    .get()
  if (before && revoked)
    recordChange(c, { action: 'oauth_grant.revoked', entity: 'oauth_grant', entityId: id, before: auditedGrant(before), after: auditedGrant(revoked), reason })
  c.db
    .update(oauthTokens)
    .set({ revokedAt: c.now })
    .where(and(eq(oauthTokens.tenantId, c.tenant.id), eq(oauthTokens.grantId, id), isNull(oauthTokens.revokedAt)))
    .run()
}

/** The person's grants, newest first (revoked ones included: the caller filters). */
export const listGrantsOfUser = (c: TenantScope, userId: string): OAuthGrantRow[] =>
  c.db
    .select()
    .from(oauthGrants)
    .where(and(eq(oauthGrants.tenantId, c.tenant.id), eq(oauthGrants.userId, userId)))
    .orderBy(desc(oauthGrants.createdAt))
    .all()

// ---- codes and tokens ----

export function insertToken(
  c: TenantScope,
  row: { id: string; grantId: string; kind: OAuthTokenKind; tokenHash: string; expiresAt: number; redirectUri?: string; codeChallenge?: string },
): void {
  c.db
    .insert(oauthTokens)
    .values({
      redirectUri: null,
      codeChallenge: null,
      ...row,
      tenantId: c.tenant.id,
      createdAt: c.now,
      usedAt: null,
      revokedAt: null,
    })
    .run()
}

/** A presented code or token: its hash is the only credential, and its row names the tenant. */
export const findTokenByHash = (db: DbLike, tokenHash: string): OAuthTokenRow | null =>
  db.select().from(oauthTokens).where(eq(oauthTokens.tokenHash, tokenHash)).get() ?? null

/** Marks a code or refresh token used; false when it already was (a replay). Atomic in SQLite. */
export function markTokenUsed(c: TenantScope, id: string): boolean {
  const changed = c.db
    .update(oauthTokens)
    .set({ usedAt: c.now })
    .where(and(eq(oauthTokens.tenantId, c.tenant.id), eq(oauthTokens.id, id), isNull(oauthTokens.usedAt)))
    .returning({ id: oauthTokens.id })
    .all()
  return changed.length === 1
}

/** Every grant of the tenant not revoked, newest first (the admin's view of connected applications). */
export const listActiveGrantsOfTenant = (c: TenantScope): OAuthGrantRow[] =>
  c.db
    .select()
    .from(oauthGrants)
    .where(and(eq(oauthGrants.tenantId, c.tenant.id), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt))
    .all()
