import { t } from 'elysia'
import { Instant, Nullable } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import { randomBase62 } from '../../kernel/ids'
import { selectedEvents } from './selection'
import type { WebhookSubscriptionRow } from './queries'
import type { DeliveryHistoryItem } from './history-queries'

/** Wire models of the webhooks API (snake_case, instants as ISO strings). */
export const newSubscriptionId = (): string => `whk_${randomBase62(24)}`

export const SubscriptionId = t.String({ pattern: '^whk_[0-9A-Za-z]{1,64}$', description: 'Subscription id (whk_…)' })
export const SubscriptionParams = t.Object({ subscription_id: SubscriptionId })

export const WebhookSubscription = t.Object({
  id: SubscriptionId,
  url: t.String({ description: 'Endpoint deliveries are POSTed to' }),
  events: Nullable(t.Array(t.String(), { description: 'The selection as requested: names, group patterns (break.*) or *' })),
  selected_events: t.Array(t.String(), { description: 'The event names the selection resolves to' }),
  description: Nullable(t.String()),
  status: t.Union([t.Literal('active'), t.Literal('disabled')]),
  disabled_reason: Nullable(t.String({ description: 'Why it was disabled: 410 Gone, failing for 3 days' })),
  disabled_at: Nullable(Instant),
  failing_since: Nullable(Instant),
  created_at: Instant,
  updated_at: Instant,
})

export const WebhookSubscriptionWithSecret = t.Composite([
  WebhookSubscription,
  t.Object({ secret: t.String({ description: 'Signing secret whsec_…: shown only now; store it to verify deliveries' }) }),
])

export const toWebhookSubscription = (row: WebhookSubscriptionRow) => ({
  id: row.id,
  url: row.url,
  events: row.events ?? null,
  selected_events: selectedEvents(row.events ?? null),
  description: row.description,
  status: row.status,
  disabled_reason: row.disabledReason,
  disabled_at: toIsoOrNull(row.disabledAt),
  failing_since: toIsoOrNull(row.failingSince),
  created_at: toIso(row.createdAt),
  updated_at: toIso(row.updatedAt),
})

export const DeliveryStatusEnum = t.Union([t.Literal('pending'), t.Literal('succeeded'), t.Literal('failed'), t.Literal('abandoned')], {
  description: 'pending (will be attempted or retried), succeeded (2xx), failed (no retry left, or 410), abandoned (subscription disabled)',
})

export const WebhookAttempt = t.Object({
  attempt: t.Integer({ minimum: 1 }),
  started_at: Instant,
  duration_ms: t.Integer({ minimum: 0 }),
  response_status: Nullable(t.Integer()),
  error: Nullable(t.String()),
})

export const WebhookDelivery = t.Object({
  id: t.String({ description: 'Delivery id, sent as X-Service-Delivery' }),
  event_id: t.String({ description: 'Event id evt_…, the envelope id and webhook-id header' }),
  event: t.String({ description: 'Event name' }),
  subscription_id: SubscriptionId,
  status: DeliveryStatusEnum,
  attempts: t.Integer({ minimum: 0 }),
  next_attempt_at: Nullable(Instant),
  last_attempt_at: Nullable(Instant),
  response_status: Nullable(t.Integer({ description: 'HTTP status of the last response' })),
  response_excerpt: Nullable(t.String({ description: 'First bytes of the last response body (untrusted)' })),
  last_error: Nullable(t.String()),
  created_at: Instant,
  completed_at: Nullable(Instant),
  attempt_log: t.Array(WebhookAttempt),
})

export const toWebhookDelivery = ({ delivery: d, eventType, attempts }: DeliveryHistoryItem) => ({
  id: d.id,
  event_id: d.eventId,
  event: eventType,
  subscription_id: d.subscriptionId,
  status: d.status,
  attempts: d.attempts,
  next_attempt_at: d.status === 'pending' ? toIsoOrNull(d.nextAttemptAt) : null,
  last_attempt_at: toIsoOrNull(d.lastAttemptAt),
  response_status: d.responseStatus,
  response_excerpt: d.responseExcerpt,
  last_error: d.lastError,
  created_at: toIso(d.createdAt),
  completed_at: toIsoOrNull(d.completedAt),
  attempt_log: attempts.map((a) => ({
    attempt: a.attempt,
    started_at: toIso(a.startedAt),
    duration_ms: a.durationMs,
    response_status: a.responseStatus,
    error: a.error,
  })),
})
