import { defineOperation } from '../../kernel/operation'
import { SubscriptionParams, WebhookSubscription, toWebhookSubscription } from './model'
import { getSubscriptionInTenant } from './queries'

export const getSubscription = defineOperation({
  name: 'get_webhook_subscription',
  title: 'Read a webhook subscription',
  description: 'Returns one subscription: URL, selection, status, and why it was disabled if it was. Never the secret.',
  access: { role: 'admin' },
  input: SubscriptionParams,
  output: WebhookSubscription,
  run(ctx, input) {
    return toWebhookSubscription(getSubscriptionInTenant(ctx, input.subscription_id))
  },
})
