import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DomainError, notFound } from '../../kernel/errors'
import { toIso } from '../../kernel/time'
import { TEST_EVENT, type TestEventPayload } from './catalog'
import { runDeliveryPass } from './pass'
import { insertPendingDelivery } from './delivery-queries'
import { findDeliveryInTenant } from './history-queries'
import { SubscriptionParams, WebhookDelivery, toWebhookDelivery } from './model'
import { insertUnlistedEvent } from './outbox-queries'
import { getSubscriptionInTenant } from './queries'

export const sendTestEvent = defineOperation({
  name: 'send_webhook_test_event',
  title: 'Send a test event',
  description: `Sends a ${TEST_EVENT} event to this subscription only, signed like every delivery, and answers with the outcome of the first attempt (after at most 10 s). A failed test is retried on the normal schedule.`,
  access: { role: 'admin', write: true },
  input: SubscriptionParams,
  output: t.Object({ event_id: t.String(), delivery: WebhookDelivery }),
  async run(ctx, input) {
    const delivery = inTransaction(ctx, (c) => {
      const sub = getSubscriptionInTenant(c, input.subscription_id)
      if (sub.status !== 'active') {
        throw new DomainError(
          'conflict',
          `The subscription is disabled (${sub.disabledReason ?? 'no reason recorded'}); re-enable it with POST /api/v1/webhooks/{subscription_id}/enable once the endpoint is fixed.`,
        )
      }
      const data: TestEventPayload = { subscriptionId: sub.id, message: 'Hello from workforce: this is a test delivery.', requestedAt: toIso(ctx.now) }
      const event = insertUnlistedEvent(c, TEST_EVENT, data)
      return insertPendingDelivery(c, event.id, sub.id)
    })
    const started = performance.now()
    const clock = () => ctx.now + Math.round(performance.now() - started)
    await runDeliveryPass({ db: ctx.db, allowCidrs: ctx.config.webhookAllowCidrs, log: ctx.log, secrets: ctx.secrets, clock }, { deliveryId: delivery.id })
    const item = findDeliveryInTenant(ctx, delivery.id)
    if (!item) throw notFound('Delivery')
    return { event_id: delivery.eventId, delivery: toWebhookDelivery(item) }
  },
})
