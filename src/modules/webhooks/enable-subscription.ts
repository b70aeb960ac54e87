import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { SubscriptionParams, WebhookSubscription, toWebhookSubscription } from './model'
import { getSubscriptionInTenant, reactivateSubscription } from './queries'
import { checkWebhookUrl } from './url-guard'

export const enableSubscription = defineOperation({
  name: 'enable_webhook_subscription',
  title: 'Re-enable a disabled subscription',
  description:
    'Turns a subscription that was disabled (410 Gone, or failing for 3 days) back on once the endpoint is fixed. Its URL is checked again. Events from now on are delivered; abandoned deliveries are not resent.',
  access: { role: 'admin', write: true },
  input: SubscriptionParams,
  output: WebhookSubscription,
  async run(ctx, input) {
    const sub = getSubscriptionInTenant(ctx, input.subscription_id)
    await checkWebhookUrl(sub.url, ctx.config.webhookAllowCidrs)
    return inTransaction(ctx, (c) => {
      getSubscriptionInTenant(c, input.subscription_id)
      return toWebhookSubscription(reactivateSubscription(c, input.subscription_id))
    })
  },
})
