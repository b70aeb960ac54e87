import { t } from 'elysia'
import type { Static } from '@sinclair/typebox'
import { At, Str } from './catalog-fields'
import { ATTENDANCE_EVENTS } from './catalog-attendance'
import { BUSINESS_EVENTS } from './catalog-business'
import { spec, type EventSpec } from './event-spec'
import { EVENT_NAMES, HIGH_FREQUENCY_EVENTS, type EventName } from './event-names'

export type { EventSpec } from './event-spec'

/**
 * The event catalogue: for each of the 32 events, what causes it and the schema of its `data`
 * payload (field by field, in catalog-attendance.ts and catalog-business.ts). `emit` is typed
 * by it, so an emitter that sends the wrong shape does not compile; GET /api/v1/webhooks/events
 * serves it to integrators.
 */
export const EVENT_CATALOG = { ...ATTENDANCE_EVENTS, ...BUSINESS_EVENTS } satisfies Record<EventName, EventSpec>

export type EventCatalog = typeof EVENT_CATALOG
/** The `data` object of an event, as its emitter must build it. */
export type EventPayload<E extends EventName> = Static<EventCatalog[E]['payload']>

/** Not one of the 32: sent only by POST /webhooks/{subscription_id}/test, never fanned out to other subscriptions. */
export const TEST_EVENT = 'webhook.test'
export const TEST_EVENT_SPEC = spec(
  'A test delivery you asked for with POST /api/v1/webhooks/{subscription_id}/test. Never sent otherwise.',
  t.Object({
    subscriptionId: Str('The subscription tested.'),
    message: Str('A fixed greeting.'),
    requestedAt: At('When the test was requested'),
  }),
)
export type TestEventPayload = Static<typeof TEST_EVENT_SPEC.payload>

/** The group of an event is its first name segment (clock, break, timesheet, …). */
export const eventGroup = (name: string): string => name.split('.')[0]!

export const EVENT_GROUPS: string[] = [...new Set(EVENT_NAMES.map(eventGroup))]

export const isHighFrequency = (name: string): boolean => (HIGH_FREQUENCY_EVENTS as readonly string[]).includes(name)
