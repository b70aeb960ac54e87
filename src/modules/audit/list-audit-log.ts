import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Instant, Literals, Nullable, PageInfo, PageQuery, pageInfo, pageWindow } from '../../kernel/schemas'
import { parseInstant, toIso } from '../../kernel/time'
import { listAuditEntries, type AuditRow } from './audit-queries'
import { ACTOR_KINDS, AUDITED_ENTITIES } from './schema'

export const AuditEntry = t.Object({
  id: t.String({ format: 'uuid' }),
  at: Instant,
  actor: t.Object({
    kind: Literals(ACTOR_KINDS),
    user_id: Nullable(t.String()),
    key_id: Nullable(t.String()),
  }),
  surface: t.String({ description: 'mcp, rest, client, cli or job' }),
  action: t.String({ description: 'entity.verb, e.g. pay_rate.created' }),
  entity: Literals(AUDITED_ENTITIES),
  entity_id: t.String(),
  before: t.Unknown({ description: 'The record before the change; null when created' }),
  after: t.Unknown({ description: 'The record after the change; null when removed' }),
  reason: Nullable(t.String()),
})

const toAuditEntry = (row: AuditRow) => ({
  id: row.id,
  at: toIso(row.at),
  actor: { kind: row.actorKind, user_id: row.actorUserId, key_id: row.actorKeyId },
  surface: row.surface,
  action: row.action,
  entity: row.entity,
  entity_id: row.entityId,
  before: row.before ?? null,
  after: row.after ?? null,
  reason: row.reason,
})

export const listAuditLog = defineOperation({
  name: 'list_audit_log',
  title: 'Read the audit log',
  description:
    'Lists configuration changes and time corrections of the tenant, newest first: who, when, through which interface, and the record before and after. Filter by entity, record and period.',
  access: { role: 'admin' },
  input: t.Object({
    entity: t.Optional(Literals(AUDITED_ENTITIES)),
    entity_id: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    since: t.Optional({ ...Instant, description: 'Only changes at or after this instant' }),
    until: t.Optional({ ...Instant, description: 'Only changes before this instant' }),
    ...PageQuery,
  }),
  output: t.Object({ data: t.Array(AuditEntry), pagination: PageInfo }),
  run(ctx, input) {
    const window = pageWindow(input)
    const { rows, total } = listAuditEntries(
      ctx,
      {
        ...(input.entity ? { entity: input.entity } : {}),
        ...(input.entity_id ? { entityId: input.entity_id } : {}),
        ...(input.since ? { since: parseInstant(input.since) } : {}),
        ...(input.until ? { until: parseInstant(input.until) } : {}),
      },
      window,
    )
    return { data: rows.map(toAuditEntry), pagination: pageInfo(window.page, window.pageSize, total) }
  },
})
