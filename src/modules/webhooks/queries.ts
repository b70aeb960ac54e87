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
