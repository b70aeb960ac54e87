import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, tenantRef } from '../../db/columns'

export const webhookSubscriptions = sqliteTable(
  'webhook_subscriptions',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    url: text('url').notNull(),
    events: text('events', { mode: 'json' }).$type<string[] | null>(),
    description: text('description'),
    secret: text('secret').notNull(),
    status: text('status').$type<'active' | 'disabled'>().notNull(),
    disabledReason: text('disabled_reason'),
    disabledAt: instant('disabled_at'),
    failingSince: instant('failing_since'),
    createdByKeyId: text('created_by_key_id'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [index('webhook_subs_tenant_idx').on(t.tenantId, t.status)],
)

export const webhookSubscriptionsDoc = describeEntity(webhookSubscriptions, {
  entity: 'WebhookSubscription',
  description:
    'An endpoint that receives signed event deliveries. events null means the default selection (everything but clock.in, clock.out, break.* and location.*).',
  fields: {
    id: 'Subscription id (whk_…).',
    tenantId: 'Owning tenant.',
    url: 'HTTPS or HTTP endpoint deliveries are POSTed to.',
    events: 'Selected event names or patterns (break.*); null for the default selection.',
    description: 'Label chosen by the integrator.',
    secret: 'Signing secret (whsec_…), shown once at creation and rotation, stored encrypted (v1:…).',
    status: 'active or disabled.',
    disabledReason: 'Why it was disabled (410 Gone, failing for 3 days, by request).',
    disabledAt: 'When it was disabled.',
    failingSince: 'First failure of the current run of failures; null when healthy.',
    createdByKeyId: 'Token that created it.',
    createdAt: 'When it was created.',
    updatedAt: 'Last change.',
  },
})

export const events = sqliteTable(
  'events',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    type: text('type').notNull(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    occurredAt: instant('occurred_at').notNull(),
    fannedOutAt: instant('fanned_out_at'),
  },
  (t) => [index('events_tenant_time_idx').on(t.tenantId, t.occurredAt), index('events_fanout_idx').on(t.fannedOutAt)],
)

export const eventsDoc = describeEntity(events, {
  entity: 'Event',
  description: 'The outbox: every webhook event, written in the same transaction as the change that caused it.',
  exposedByTool: ['list_recent_activity'],
  fields: {
    id: 'Event id (evt_…), the envelope id and webhook-id header.',
    tenantId: 'Owning tenant.',
    type: 'Event name, e.g. timesheet.approved.',
    data: 'Event payload (the envelope data object).',
    occurredAt: 'When the change happened.',
    fannedOutAt: 'When deliveries were created for the matching subscriptions.',
  },
})

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'abandoned'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    status: text('status').$type<DeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    leaseUntil: instant('lease_until'),
    lastAttemptAt: instant('last_attempt_at'),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull(),
    completedAt: instant('completed_at'),
  },
  (t) => [
    index('webhook_deliveries_tenant_sub_idx').on(t.tenantId, t.subscriptionId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
)

export const webhookDeliveriesDoc = describeEntity(webhookDeliveries, {
  entity: 'WebhookDelivery',
  description: 'Delivery of one event to one subscription, retried with backoff until a 2xx or until abandoned.',
  fields: {
    id: 'Delivery id (X-Service-Delivery header).',
    tenantId: 'Owning tenant.',
    eventId: 'Event delivered.',
    subscriptionId: 'Subscription delivered to.',
    status: 'pending, succeeded, failed (will not retry) or abandoned (subscription disabled).',
    attempts: 'Attempts made so far.',
    nextAttemptAt: 'When the next attempt is due.',
    leaseUntil: 'A sender holds the delivery until then; prevents two senders sending the same attempt.',
    lastAttemptAt: 'When the last attempt started.',
    responseStatus: 'HTTP status of the last response.',
    responseExcerpt: 'First bytes of the last response body (untrusted).',
    lastError: 'Network error or reason of the last failure.',
    createdAt: 'When the delivery was created.',
    completedAt: 'When it succeeded or was given up.',
  },
})

export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tenantId: tenantRef(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: instant('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseStatus: integer('response_status'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_tenant_delivery_idx').on(t.tenantId, t.deliveryId, t.attempt)],
)

export const webhookAttemptsDoc = describeEntity(webhookAttempts, {
  entity: 'WebhookAttempt',
  description: 'One HTTP attempt of a delivery, kept for the delivery history.',
  fields: {
    id: 'Sequence number.',
    tenantId: 'Owning tenant.',
    deliveryId: 'Delivery attempted.',
    attempt: 'Attempt number, from 1.',
    startedAt: 'When the request started.',
    durationMs: 'Time until response or failure.',
    responseStatus: 'HTTP status; null on network error or timeout.',
    error: 'Network error, timeout or redirect refusal.',
  },
})
