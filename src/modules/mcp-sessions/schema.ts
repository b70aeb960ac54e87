import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, tenantRef } from '../../db/columns'

/**
 * MCP sessions of production keys (Mcp-Session-Id): persisted so that a session survives a
 * restart and is the same on every process of one data directory. Sessions without a key or of a
 * demo key carry nothing to keep and are not stored (their id is signed instead: surfaces/mcp-sessions.ts).
 */
export const mcpSessions = sqliteTable(
  'mcp_sessions',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    keyId: text('key_id').notNull(),
    mode: text('mode').$type<'demo' | 'production'>().notNull(),
    protocolVersion: text('protocol_version').notNull(),
    clientName: text('client_name'),
    clientVersion: text('client_version'),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
  },
  (t) => [index('mcp_sessions_tenant_key_seen_idx').on(t.tenantId, t.keyId, t.lastSeenAt)],
)

export const mcpSessionsDoc = describeEntity(mcpSessions, {
  entity: 'McpSession',
  description:
    'An MCP session of a production key (Mcp-Session-Id): its demo/production mode, client and protocol version. Kept so sessions survive a restart; ended by DELETE or after 24 h idle.',
  fields: {
    id: 'The Mcp-Session-Id (random, 24 bytes base64url after the prefix).',
    tenantId: 'Tenant of the key.',
    keyId: 'Key that initialised the session; only this key may use it.',
    mode: 'demo (switch_to_demo) or production.',
    protocolVersion: 'MCP protocol version negotiated at initialize.',
    clientName: 'clientInfo.name from initialize (the source of tool-call analytics).',
    clientVersion: 'clientInfo.version from initialize.',
    createdAt: 'When the session was initialised.',
    lastSeenAt: 'Last request of the session (updated at most once a minute).',
  },
})
