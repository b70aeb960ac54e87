import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, tenantRef, uuidPk } from '../../db/columns'
import { tenants } from '../tenants/schema'
import { users } from '../users/schema'

export const toolCalls = sqliteTable(
  'mcp_tool_calls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // Null for anonymous calls of the public discovery tools.
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    apiKeyId: text('api_key_id'),
    toolName: text('tool_name').notNull(),
    source: text('source'),
    sessionId: text('session_id'),
    startedAt: instant('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    outcome: text('outcome').$type<'ok' | 'error'>().notNull(),
    errorCode: text('error_code'),
  },
  // One index: every analytics read is a tenant's time window (queries.ts), grouped by tool in a
  // temporary b-tree. A (tenant, tool, started_at) index no query used cost 1.7 µs of each call's
  // record flush, two thirds of it (migration 0030, docs/performance.md).
  (t) => [index('mcp_tool_calls_tenant_time_idx').on(t.tenantId, t.startedAt)],
)

export const toolCallsDoc = describeEntity(toolCalls, {
  entity: 'ToolCall',
  description: 'A recorded MCP tool call (tool, tenant, user, duration, outcome); the platform analytics tools report from these.',
  exposedByTool: ['get_analytics_overview', 'get_analytics_feature_usage'],
  fields: {
    id: 'Sequence number.',
    tenantId: 'Tenant of the key; null for anonymous discovery calls.',
    userId: 'User of the key, if user-scoped.',
    apiKeyId: 'Key used.',
    toolName: 'Tool called.',
    source: 'MCP client name from initialize (clientInfo.name), e.g. claude-ai or cursor.',
    sessionId: 'Mcp-Session-Id of the call.',
    startedAt: 'When the call started.',
    durationMs: 'How long it took.',
    outcome: 'ok or error.',
    errorCode: 'Error code when outcome is error.',
  },
})

export const askQuestions = sqliteTable(
  'ask_questions',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: text('api_key_id'),
    question: text('question').notNull(),
    theme: text('theme').notNull(),
    suggestedTools: text('suggested_tools', { mode: 'json' }).$type<string[]>().notNull(),
    askedAt: instant('asked_at').notNull(),
  },
  (t) => [index('ask_questions_tenant_time_idx').on(t.tenantId, t.askedAt)],
)

export const askQuestionsDoc = describeEntity(askQuestions, {
  entity: 'AskedQuestion',
  description: 'A free-text question sent to ask_workforce: tenant-scoped product telemetry readable by Admin and OwnerAdmin only.',
  exposedByTool: ['ask_workforce', 'get_analytics_questions'],
  fields: {
    id: 'UUID of the question.',
    tenantId: 'Owning tenant.',
    userId: 'Who asked, if the key is user-scoped.',
    apiKeyId: 'Key used.',
    question: 'The question, verbatim (at most 2000 characters).',
    theme: 'Theme it was routed to (attendance, timesheets, productivity, …).',
    suggestedTools: 'Tools suggested in the answer, best first.',
    askedAt: 'When it was asked.',
  },
})
