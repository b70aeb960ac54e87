import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { flag, instant, tenantRef } from '../../db/columns'
import { users } from '../users/schema'

/**
 * OAuth clients registered by Dynamic Client Registration (RFC 7591). They belong to no tenant: a
 * client is a program (Claude, Cursor, VS Code…) that any person of any company may then authorize.
 * Clients named by a Client ID Metadata Document (an https client_id) are not stored here.
 */
export const oauthClients = sqliteTable('oauth_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  clientUri: text('client_uri'),
  /** JSON array of the exact redirect URIs. */
  redirectUris: text('redirect_uris').notNull(),
  createdAt: instant('created_at').notNull(),
})

export const oauthClientsDoc = describeEntity(oauthClients, {
  entity: 'OAuthClient',
  description: 'A program registered by OAuth Dynamic Client Registration (public client, PKCE only).',
  exposedByTool: [],
  fields: {
    id: 'The client_id issued at registration.',
    name: 'client_name the program registered (shown on the consent page).',
    clientUri: 'client_uri the program registered, if any.',
    redirectUris: 'JSON array of the redirect URIs; the authorization request must name one exactly.',
    createdAt: 'When the client registered.',
  },
})

/**
 * A grant: one person's consent to one client, the family every code, access token and refresh
 * token of that consent belongs to. Revoking it (the person, reuse of a rotated refresh token, or
 * RFC 7009 revocation) ends every token of the family at once.
 */
export const oauthGrants = sqliteTable(
  'oauth_grants',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    clientName: text('client_name').notNull(),
    scope: text('scope').notNull(),
    resource: text('resource').notNull(),
    readOnly: flag('read_only').notNull().default(false),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('oauth_grants_tenant_user_idx').on(t.tenantId, t.userId)],
)

export const oauthGrantsDoc = describeEntity(oauthGrants, {
  entity: 'OAuthGrant',
  description: 'A connected client: a person allowed an OAuth client to act as them on the MCP server.',
  exposedByTool: [],
  fields: {
    id: 'Grant identifier (the key id the MCP surface records for calls made with its tokens).',
    tenantId: 'Owning tenant.',
    userId: 'The person the client acts as (with that person’s current role).',
    clientId: 'The OAuth client_id (a registered id or a Client ID Metadata Document URL).',
    clientName: 'The client name shown at consent.',
    scope: 'Scopes granted, space-separated.',
    resource: 'The resource (RFC 8707) the tokens are valid for: this server’s MCP endpoint.',
    readOnly: 'True for a demo "try as" sign-in: the tokens act read-only.',
    createdAt: 'When the person consented.',
    lastUsedAt: 'Last time a token of the grant was issued or used (at most once a minute).',
    revokedAt: 'When the grant was revoked; every token of it is refused from then on.',
    revokedReason: 'user, revocation_endpoint, refresh_token_reuse or code_reuse.',
  },
})

export type OAuthTokenKind = 'code' | 'access' | 'refresh'

/**
 * Authorization codes, access tokens and refresh tokens of a grant. Only the SHA-256 of each is
 * stored. A code also keeps what the token request must match (client, redirect URI, PKCE
 * challenge, resource); a refresh token records when it was rotated (used).
 */
export const oauthTokens = sqliteTable(
  'oauth_tokens',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    grantId: text('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OAuthTokenKind>().notNull(),
    tokenHash: text('token_hash').notNull(),
    redirectUri: text('redirect_uri'),
    codeChallenge: text('code_challenge'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('oauth_tokens_hash_uq').on(t.tokenHash), index('oauth_tokens_tenant_grant_idx').on(t.tenantId, t.grantId)],
)

export const oauthTokensDoc = describeEntity(oauthTokens, {
  entity: 'OAuthToken',
  description: 'An authorization code, access token or refresh token of an OAuth grant (hash only).',
  exposedByTool: [],
  fields: {
    id: 'Token identifier (not secret).',
    tenantId: 'Owning tenant.',
    grantId: 'The grant (family) it belongs to.',
    kind: 'code, access or refresh.',
    tokenHash: 'SHA-256 of the token, hex; the token itself is shown once to the client.',
    redirectUri: 'Codes: the redirect_uri of the authorization request (the token request must repeat it).',
    codeChallenge: 'Codes: the PKCE S256 challenge.',
    createdAt: 'When it was issued.',
    expiresAt: 'When it stops working.',
    usedAt: 'Codes and refresh tokens: when they were exchanged; a second use revokes the grant.',
    revokedAt: 'When it was revoked.',
  },
})
