import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { PageInfo, PageQuery, pageInfo } from '../../kernel/schemas'
import { DeliveryStatusEnum, SubscriptionParams, WebhookDelivery, toWebhookDelivery } from './model'
import { getSubscriptionInTenant } from './queries'
import { listDeliveriesOfSubscription } from './history-queries'

export const DeliveriesQuery = t.Object({ status: t.Optional(DeliveryStatusEnum), ...PageQuery })

export const listDeliveries = defineOperation({
  name: 'list_webhook_deliveries',
  title: 'List recent deliveries',
  description:
    'Lists the deliveries of a subscription, newest first: status, attempts, next retry, last response status and an excerpt of its body, with every attempt. History is kept for the retention period of the plan (webhook_deliveries).',
  access: { role: 'admin' },
  input: t.Composite([SubscriptionParams, DeliveriesQuery]),
  output: t.Object({ data: t.Array(WebhookDelivery), pagination: PageInfo }),
  run(ctx, input) {
    getSubscriptionInTenant(ctx, input.subscription_id)
    const page = input.page ?? 1
    const size = input.page_size ?? 20
    const { items, total } = listDeliveriesOfSubscription(ctx, { subscriptionId: input.subscription_id, status: input.status, page, pageSize: size })
    return { data: items.map(toWebhookDelivery), pagination: pageInfo(page, size, total) }
  },
})
