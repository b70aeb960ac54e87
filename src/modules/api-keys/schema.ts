import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import type { KeyKind, KeyScope, Role } from '../../kernel/ctx'
import { flag, instant, tenantRef } from '../../db/columns'
import { users } from '../users/schema'

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    kind: text('kind').$type<KeyKind>().notNull(),
    scope: text('scope').$type<KeyScope>().notNull(),
    name: text('name').notNull(),
    lookup: text('lookup').notNull(),
    displayPrefix: text('display_prefix').notNull(),
    hash: text('hash').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    isPublicDemo: flag('is_public_demo').notNull().default(false),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at'),
    revokedAt: instant('revoked_at'),
    lastUsedAt: instant('last_used_at'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastFailedAt: instant('last_failed_at'),
  },
  (t) => [
    uniqueIndex('api_keys_lookup_uq').on(t.lookup),
    index('api_keys_tenant_idx').on(t.tenantId, t.kind),
    index('api_keys_tenant_user_idx').on(t.tenantId, t.userId),
  ],
)

export const apiKeysDoc = describeEntity(apiKeys, {
  entity: 'ApiKey',
  description:
    'A bearer key. Only a SHA-256 hash is stored; the full key is shown once at creation. Kinds: live (MCP production, wf_live_), demo (wf_demo_), api (REST token, wf_api_).',
  fields: {
    id: 'Key identifier (not secret).',
    tenantId: 'Tenant the key belongs to.',
    kind: 'live, demo or api.',
    scope: 'read or read_write (REST tokens); live keys are read_write, demo keys read.',
    name: 'Label chosen by whoever created the key.',
    lookup: 'Public lookup part of the key, used to find the row before the constant-time hash comparison.',
    displayPrefix: 'First characters of the key, safe to display (e.g. wf_live_Ab12Cd34).',
    hash: 'SHA-256 of the full key, hex.',
    userId: 'User the key is bound to (user-scoped keys), else null.',
    role: 'Role the key acts with; user-scoped keys use the user role at the time of use.',
    isPublicDemo: 'True for the public, account-less, read-only demo key.',
    createdByUserId: 'Admin who issued the key.',
    createdAt: 'When the key was created.',
    expiresAt: 'When the key stops working; null for no expiry.',
    revokedAt: 'When the key was revoked; a revoked key is refused at once.',
    lastUsedAt: 'Last successful use (updated at most once a minute).',
    failedAttempts: 'Consecutive wrong secrets presented with this key lookup.',
    lastFailedAt: 'Last wrong secret presented with this lookup.',
  },
})
