import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DomainError, notFound } from '../../kernel/errors'
import { runDeliveryPass } from './pass'
import { insertPendingDelivery } from './delivery-queries'
import { findDeliveryInTenant } from './history-queries'
import { WebhookDelivery, toWebhookDelivery } from './model'
import { getSubscriptionInTenant } from './queries'

export const resendDelivery = defineOperation({
  name: 'resend_webhook_delivery',
  title: 'Resend a delivery',
  description:
    'Sends the event of an earlier delivery again to the same subscription, as a new delivery with the same event id (receivers that deduplicate by webhook-id see the same event), and answers with the outcome of its first attempt (after at most 10 s). The subscription must be active.',
  access: { role: 'admin', write: true },
  input: t.Object({ delivery_id: t.String({ minLength: 1, maxLength: 100 }) }),
  output: t.Object({ delivery: WebhookDelivery }),
  async run(ctx, input) {
    const created = inTransaction(ctx, (c) => {
      const earlier = findDeliveryInTenant(c, input.delivery_id)
      if (!earlier) throw notFound('Delivery')
      const sub = getSubscriptionInTenant(c, earlier.delivery.subscriptionId)
      if (sub.status !== 'active') {
        throw new DomainError('conflict', `The subscription is disabled (${sub.disabledReason ?? 'no reason recorded'}); enable it before resending.`)
      }
      return insertPendingDelivery(c, earlier.delivery.eventId, sub.id)
    })
    const started = performance.now()
    const clock = () => ctx.now + Math.round(performance.now() - started)
    await runDeliveryPass({ db: ctx.db, allowCidrs: ctx.config.webhookAllowCidrs, log: ctx.log, secrets: ctx.secrets, clock }, { deliveryId: created.id })
    const item = findDeliveryInTenant(ctx, created.id)
    if (!item) throw notFound('Delivery')
    return { delivery: toWebhookDelivery(item) }
  },
})
