import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { transaction } from '../../kernel/db'
import { DomainError, notFound } from '../../kernel/errors'
import { toIso } from '../../kernel/time'
import { withDb } from '../../kernel/ctx'
import { TEST_EVENT, type TestEventPayload } from './catalog'
import { runDeliveryPass } from './pass'
import { insertPendingDelivery } from './delivery-queries'
import { findDeliveryInTenant } from './history-queries'
import { SubscriptionParams, WebhookDelivery, toWebhookDelivery } from './model'
import { getSubscriptionInTenant, insertUnlistedEvent } from './queries'

export const sendTestEvent = defineOperation({
  name: 'send_webhook_test_event',
  title: 'Send a test event',
  description: `Sends a ${TEST_EVENT} event to this subscription only, signed like every delivery, and answers with the outcome of the first attempt (after at most 10 s). A failed test is retried on the normal schedule.`,
  access: { role: 'admin', write: true },
  input: SubscriptionParams,
  output: t.Object({ event_id: t.String(), delivery: WebhookDelivery }),
  async run(ctx, input) {
    const delivery = transaction(ctx.db, (tx) => {
      const sub = getSubscriptionInTenant(withDb(ctx, tx), input.subscription_id)
      if (sub.status !== 'active') {
        throw new DomainError('conflict', `The subscription is disabled (${sub.disabledReason ?? 'no reason recorded'}); re-enable it with POST /api/v1/webhooks/{subscription_id}/enable once the endpoint is fixed.`)
      }
      const data: TestEventPayload = { subscriptionId: sub.id, message: 'Hello from workforce: this is a test delivery.', requestedAt: toIso(ctx.now) }
      const event = insertUnlistedEvent(tx, ctx.tenant.id, TEST_EVENT, data, ctx.now)
      return insertPendingDelivery(tx, ctx.tenant.id, event.id, sub.id, ctx.now)
    })
    const started = performance.now()
    const clock = () => ctx.now + Math.round(performance.now() - started)
    await runDeliveryPass({ db: ctx.db, allowCidrs: ctx.config.webhookAllowCidrs, log: ctx.log, clock }, { deliveryId: delivery.id })
    const item = findDeliveryInTenant(ctx, delivery.id)
    if (!item) throw notFound('Delivery')
    return { event_id: delivery.eventId, delivery: toWebhookDelivery(item) }
  },
})
