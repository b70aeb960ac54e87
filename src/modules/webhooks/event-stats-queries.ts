import { and, count, desc, eq, gte, lt } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { events } from './schema'

/** Domain events of the outbox by type in [from, to), most frequent first (feature usage). */
export function eventCountsByType(c: TenantScope, range: { from: number; to: number }, limit: number): { type: string; count: number }[] {
  return c.db
    .select({ type: events.type, count: count() })
    .from(events)
    .where(and(eq(events.tenantId, c.tenant.id), gte(events.occurredAt, range.from), lt(events.occurredAt, range.to)))
    .groupBy(events.type)
    .orderBy(desc(count()), events.type)
    .limit(limit)
    .all()
}
