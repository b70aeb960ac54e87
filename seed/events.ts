import { hoursFromSeconds } from '../src/kernel/time'
import type { EventPayload } from '../src/modules/webhooks/catalog'
import type { EventName } from '../src/modules/webhooks/event-names'
import type { SeedEnv } from './env'

/**
 * Writes a historical event to the outbox. Typed by the event catalogue, like `emitEvent`: a
 * seeded payload must have the shape integrators read in GET /webhooks/events. It is marked
 * fanned out at once: history is not re-delivered to webhook subscribers, and the demo tenant
 * has none.
 */
export function emit<E extends EventName>(env: SeedEnv, type: E, data: EventPayload<E>, at: number): void {
  if (at > env.now) return
  env.w.events.add({ id: env.ids.eventId(), tenantId: env.tenantId, type, data: data as Record<string, unknown>, occurredAt: at, fannedOutAt: at })
}

export const iso = (ms: number): string => new Date(ms).toISOString()
/** Hours to two decimals from seconds: the product's own rounding. */
export const hours = hoursFromSeconds
