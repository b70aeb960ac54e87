import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import type { Surface } from '../../kernel/ctx'
import { instant, tenantRef, uuidPk } from '../../db/columns'

/**
 * What can be changed and is therefore audited: configuration an admin sets up and the time
 * entries a manager corrects. A module that adds an audited thing adds its name here.
 */
export const AUDITED_ENTITIES = [
  'settings',
  'user',
  'team',
  'cost_center',
  'invitation',
  'pay_rate',
  'bill_rate',
  'shift_template',
  'schedule',
  'absence',
  'holiday',
  'office',
  'category_rule',
  'time_entry',
  'oauth_grant',
] as const
export type AuditedEntity = (typeof AUDITED_ENTITIES)[number]

export const ACTOR_KINDS = ['user', 'api_key', 'operator', 'job'] as const
export type AuditActorKind = (typeof ACTOR_KINDS)[number]

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    at: instant('at').notNull(),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actorUserId: text('actor_user_id'),
    actorKeyId: text('actor_key_id'),
    surface: text('surface').$type<Surface>().notNull(),
    action: text('action').notNull(),
    entity: text('entity').$type<AuditedEntity>().notNull(),
    entityId: text('entity_id').notNull(),
    before: text('before', { mode: 'json' }).$type<unknown>(),
    after: text('after', { mode: 'json' }).$type<unknown>(),
    reason: text('reason'),
  },
  (t) => [index('audit_log_tenant_at_idx').on(t.tenantId, t.at), index('audit_log_tenant_entity_idx').on(t.tenantId, t.entity, t.entityId)],
)

export const auditLogDoc = describeEntity(auditLog, {
  entity: 'AuditEntry',
  description:
    'One configuration change or time correction: who made it, when, through which interface, and the record before and after. Written in the transaction of the change; never edited.',
  fields: {
    id: 'UUID of the entry.',
    tenantId: 'Owning tenant.',
    at: 'When the change was committed.',
    actorKind: 'user (a person through a user-scoped key or the console), api_key (a tenant-level token), operator (the CLI on the box) or job.',
    actorUserId: 'The person who made the change, when one did.',
    actorKeyId: 'The key the change was made with, when one was used.',
    surface: 'Interface the change came through: mcp, rest, client, cli or job.',
    action: 'What happened, as entity.verb (e.g. settings.updated, pay_rate.created, time_entry.corrected).',
    entity: 'Kind of record changed.',
    entityId: 'Identifier of the record changed (the tenant id for company settings).',
    before: 'The record before the change (JSON); null when it was created.',
    after: 'The record after the change (JSON); null when it was removed.',
    reason: 'Why, when the change requires one (time corrections).',
  },
})
