import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { flag, instant, tenantRef, uuidPk } from '../../db/columns'
import { users } from '../users/schema'

/** A person's console password (argon2id through Bun.password); no row: no password sign-in. */
export const accountPasswords = sqliteTable(
  'account_passwords',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    passwordHash: text('password_hash').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [index('account_passwords_tenant_idx').on(t.tenantId, t.userId)],
)

export const accountPasswordsDoc = describeEntity(accountPasswords, {
  entity: 'AccountPassword',
  description: 'The web console password of a person, stored as an argon2id hash.',
  exposedByTool: [],
  fields: {
    userId: 'The person.',
    tenantId: 'Owning tenant.',
    passwordHash: 'argon2id hash (PHC string); the password itself is never stored.',
    updatedAt: 'When the password was last set.',
  },
})

/** Server-side console sessions: the cookie carries a random token, only its SHA-256 is stored. */
export const consoleSessions = sqliteTable(
  'console_sessions',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    csrfToken: text('csrf_token').notNull(),
    readOnly: flag('read_only').notNull().default(false),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('console_sessions_token_uq').on(t.tokenHash), index('console_sessions_tenant_user_idx').on(t.tenantId, t.userId)],
)

export const consoleSessionsDoc = describeEntity(consoleSessions, {
  entity: 'ConsoleSession',
  description: 'A signed-in browser of the web console: revocable, listed on the account page.',
  exposedByTool: [],
  fields: {
    id: 'UUID of the session.',
    tenantId: 'Owning tenant.',
    userId: 'The person signed in.',
    tokenHash: 'SHA-256 of the session cookie value.',
    csrfToken: 'Synchronizer token every form and htmx request of this session must send.',
    readOnly: 'A demo "try as" session: every write is refused.',
    userAgent: 'Browser that signed in (as it said).',
    ipAddress: 'Address it signed in from.',
    createdAt: 'When it signed in.',
    lastSeenAt: 'Last request (updated at most once a minute).',
    expiresAt: 'When it ends by itself.',
    revokedAt: 'When it was signed out or revoked; null while valid.',
  },
})

export const ACCOUNT_TOKEN_PURPOSES = ['reset', 'setup'] as const
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number]

/** One-time links that set a password: password reset by email, and the first OwnerAdmin's setup link. */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [uniqueIndex('account_tokens_hash_uq').on(t.tokenHash), index('account_tokens_tenant_user_idx').on(t.tenantId, t.userId)],
)

export const accountTokensDoc = describeEntity(accountTokens, {
  entity: 'AccountToken',
  description: 'A one-time link that sets a console password (reset by email, first OwnerAdmin setup).',
  exposedByTool: [],
  fields: {
    id: 'UUID of the token.',
    tenantId: 'Owning tenant.',
    userId: 'Whose password it sets.',
    tokenHash: 'SHA-256 of the token in the link.',
    purpose: 'reset (forgotten password) or setup (first OwnerAdmin).',
    createdAt: 'When it was issued.',
    expiresAt: 'When the link stops working.',
    usedAt: 'When it was used; a used link does not work again.',
  },
})
