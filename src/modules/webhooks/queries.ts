import { newEventId } from '../../kernel/ids'
import type { DbLike } from '../../kernel/db'
import { events } from './schema'
import type { EventName } from './event-names'

export interface EmittedEvent {
  id: string
  type: EventName
  occurredAt: number
}

/**
 * Writes an event to the outbox. Call it with the transaction of the state change that causes
 * the event, so both commit or neither does; delivery reads the outbox later.
 */
export function emitEvent(
  db: DbLike,
  tenantId: number,
  type: EventName,
  data: Record<string, unknown>,
  occurredAt: number,
): EmittedEvent {
  const id = newEventId()
  db.insert(events).values({ id, tenantId, type, data, occurredAt }).run()
  return { id, type, occurredAt }
}

/** Writes many events of one tenant in chunked multi-row inserts (jobs that emit per user). */
export function emitEvents(
  db: DbLike,
  tenantId: number,
  list: { type: EventName; data: Record<string, unknown> }[],
  occurredAt: number,
): number {
  const rows = list.map((e) => ({ id: newEventId(), tenantId, type: e.type, data: e.data, occurredAt }))
  for (let i = 0; i < rows.length; i += 500) db.insert(events).values(rows.slice(i, i + 500)).run()
  return rows.length
}
