import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { tenantRef } from '../../db/columns'

export const rateLimitCounters = sqliteTable(
  'rate_limit_counters',
  {
    tenantId: tenantRef(),
    keyId: text('key_id').notNull(),
    window: text('window').$type<'minute' | 'hour' | 'day'>().notNull(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.keyId, t.window, t.windowStart] })],
)

export const rateLimitCountersDoc = describeEntity(rateLimitCounters, {
  entity: 'RateLimitCounter',
  description: 'Requests counted per key and fixed UTC window; persisted so limits survive a restart.',
  fields: {
    tenantId: 'Tenant of the key.',
    keyId: 'Key counted.',
    window: 'minute (MCP), hour or day (REST).',
    windowStart: 'Start of the window, Unix seconds (UTC).',
    count: 'Requests counted in the window.',
  },
})
