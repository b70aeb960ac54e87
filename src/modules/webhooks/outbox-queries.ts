import type { Database, Statement } from 'bun:sqlite'
import type { TenantScope } from '../../kernel/ctx'
import { sqliteOf, type DbLike } from '../../kernel/db'
import { newEventId } from '../../kernel/ids'
import type { EventPayload } from './catalog'
import type { EventName } from './event-names'
import { events } from './schema'

/**
 * The writers of the outbox (`events`), and the wake-up they give this process's delivery pump.
 * Modules import `emit` and `emitAll` through queries.ts.
 */

export type EventRow = typeof events.$inferSelect

export interface EmittedEvent {
  id: string
  type: EventName
  occurredAt: number
}

/** One event of a batch: its name and the payload the catalogue fixes for it. */
export type EventInput = { [E in EventName]: { type: E; data: EventPayload<E> } }[EventName]

/**
 * Writes an event of the context's tenant to the outbox, stamped with the context's clock. Call it
 * with the context of `inTransaction` that makes the state change, so both commit or neither does;
 * delivery reads the outbox later. The payload type comes from the event catalogue (catalog.ts),
 * so a wrong shape does not compile.
 */
export const emit = <E extends EventName>(c: TenantScope, type: E, data: EventPayload<E>): EmittedEvent => emitEvent(c.db, c.tenant.id, type, data, c.now)

/** Writes many events of the context's tenant at once (jobs that emit per user). */
export const emitAll = (c: TenantScope, list: EventInput[]): number => emitEvents(c.db, c.tenant.id, list, c.now)

/**
 * `emit` for the writers that run before a tenant context exists (a failed login, found by key
 * lookup, belongs to the key's tenant). Everything else uses `emit(c, type, data)`.
 */
export function emitEvent<E extends EventName>(db: DbLike, tenantId: number, type: E, data: EventPayload<E>, occurredAt: number): EmittedEvent {
  const id = newEventId()
  // The cached one-row statement of emitEvents: every write path emits, building it per call cost more than running it.
  multiRowEventInsert(sqliteOf(db), 1).run(id, tenantId, type, JSON.stringify(data), occurredAt)
  notifyEventsWritten()
  return { id, type, occurredAt }
}

/** An event outside the catalogue that is not fanned out (the test event): already marked fanned out. */
export const insertUnlistedEvent = (c: TenantScope, type: string, data: Record<string, unknown>): EventRow =>
  c.db.insert(events).values({ id: newEventId(), tenantId: c.tenant.id, type, data, occurredAt: c.now, fannedOutAt: c.now }).returning().get()

const EVENT_CHUNK = 200
const eventInserts = new WeakMap<Database, Map<number, Statement>>()

/** A cached `insert into events` of `rows` rows; the columns mirror the `events` table of schema.ts. */
function multiRowEventInsert(sqlite: Database, rows: number): Statement {
  let byCount = eventInserts.get(sqlite)
  if (!byCount) eventInserts.set(sqlite, (byCount = new Map()))
  let stmt = byCount.get(rows)
  if (!stmt) {
    stmt = sqlite.prepare(`insert into events (id, tenant_id, type, data, occurred_at) values ${Array(rows).fill('(?, ?, ?, ?, ?)').join(', ')}`)
    byCount.set(rows, stmt)
  }
  return stmt
}

/**
 * Writes many events of one tenant with cached multi-row prepared statements on the bun:sqlite
 * handle: the query builder costs about ten times as much per event, which dominated the daily
 * summary job (10,000 events).
 */
function emitEvents(db: DbLike, tenantId: number, list: EventInput[], occurredAt: number): number {
  const sqlite = sqliteOf(db)
  for (let i = 0; i < list.length; i += EVENT_CHUNK) {
    const chunk = list.slice(i, i + EVENT_CHUNK)
    const params: (string | number)[] = []
    for (const e of chunk) params.push(newEventId(), tenantId, e.type, JSON.stringify(e.data), occurredAt)
    multiRowEventInsert(sqlite, chunk.length).run(...params)
  }
  if (list.length) notifyEventsWritten()
  return list.length
}

/**
 * In-process wake-up for the delivery pump. The writers above call `notifyEventsWritten()` inside
 * the writer's transaction; listeners run on the next macrotask, after that synchronous
 * transaction has committed (or rolled back, in which case the pass simply finds nothing new).
 * Processes without a pump (CLI commands) have no listener, and the server's tick picks their
 * events up.
 */
type Listener = () => void

const listeners = new Set<Listener>()
let scheduled = false

export function onEventsWritten(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function notifyEventsWritten(): void {
  if (scheduled || listeners.size === 0) return
  scheduled = true
  setTimeout(() => {
    scheduled = false
    for (const l of listeners) l()
  }, 0)
}
