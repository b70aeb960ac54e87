import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { Ctx, TenantScope } from '../../kernel/ctx'
import { newId } from '../../kernel/ids'
import { auditLog, type AuditActorKind, type AuditedEntity } from './schema'

export type AuditRow = typeof auditLog.$inferSelect

/** A change to record: the action, the record, and its state before and after. */
export interface AuditedChange {
  action: `${AuditedEntity}.${string}`
  entity: AuditedEntity
  entityId: string
  before: unknown
  after: unknown
  reason?: string | null
}

/** Who is changing things: the scope of an open transaction with the actor of its request. */
export type AuditScope = TenantScope & Pick<Ctx, 'actor' | 'surface'>

function actorOf(c: AuditScope): { kind: AuditActorKind; userId: string | null; keyId: string | null } {
  const a = c.actor
  switch (a.kind) {
    case 'user':
      return { kind: 'user', userId: a.userId, keyId: a.keyId }
    case 'apiKey':
    case 'demo':
      return { kind: 'api_key', userId: a.userId, keyId: a.keyId }
    case 'system':
      return { kind: c.surface === 'job' ? 'job' : 'operator', userId: null, keyId: null }
    case 'anonymous':
      return { kind: 'operator', userId: null, keyId: null }
  }
}

/**
 * Records a change in the transaction that makes it (pass the `c` of `inTransaction`), so the
 * audit trail and the change commit or roll back together. A change that changes nothing is not
 * recorded.
 */
export function recordChange(c: AuditScope, change: AuditedChange): void {
  if (change.before !== null && change.after !== null && JSON.stringify(change.before) === JSON.stringify(change.after)) return
  const actor = actorOf(c)
  c.db
    .insert(auditLog)
    .values({
      id: newId(),
      tenantId: c.tenant.id,
      at: c.now,
      actorKind: actor.kind,
      actorUserId: actor.userId,
      actorKeyId: actor.keyId,
      surface: c.surface,
      action: change.action,
      entity: change.entity,
      entityId: change.entityId,
      before: change.before ?? null,
      after: change.after ?? null,
      reason: change.reason ?? null,
    })
    .run()
}

export interface AuditFilter {
  entity?: AuditedEntity
  entityId?: string
  since?: number
  until?: number
}

/** A page of the tenant's audit trail, newest first, and how many entries match. */
export function listAuditEntries(c: TenantScope, filter: AuditFilter, window: { offset: number; limit: number }): { rows: AuditRow[]; total: number } {
  const conditions: SQL[] = [eq(auditLog.tenantId, c.tenant.id)]
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity))
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId))
  if (filter.since !== undefined) conditions.push(gte(auditLog.at, filter.since))
  if (filter.until !== undefined) conditions.push(lt(auditLog.at, filter.until))
  const where = and(...conditions)
  const rows = c.db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(window.limit).offset(window.offset).all()
  const total = c.db.select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0
  return { rows, total }
}
