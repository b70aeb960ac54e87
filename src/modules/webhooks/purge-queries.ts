import { sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { deleteBatchBefore } from '../../kernel/purge'
import { events } from './schema'

/**
 * Retention of the events outbox: deletes at most `limit` events that occurred before `cutoff`,
 * were fanned out, and have no delivery still under way (deleting an event deletes its
 * deliveries and their attempts).
 */
export const purgeDeliveredEventsBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(
    c,
    events,
    events.occurredAt,
    cutoff,
    limit,
    sql`fanned_out_at is not null and not exists (select 1 from webhook_deliveries d where d.event_id = events.id and d.completed_at is null)`,
  )
