import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { abandonPendingOfSubscription } from './delivery-queries'
import { SubscriptionParams, WebhookSubscription, toWebhookSubscription } from './model'
import { deactivateSubscription, getSubscriptionInTenant } from './queries'

export const DISABLED_BY_ADMIN = 'Disabled by an admin'

export const disableSubscription = defineOperation({
  name: 'disable_webhook_subscription',
  title: 'Disable a subscription',
  description:
    'Turns a subscription off without deleting it: no event is sent to it until it is enabled again, and its pending deliveries are abandoned. Disabling a disabled subscription changes nothing.',
  access: { role: 'admin', write: true },
  input: SubscriptionParams,
  output: WebhookSubscription,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const sub = getSubscriptionInTenant(c, input.subscription_id)
      if (sub.status === 'disabled') return toWebhookSubscription(sub)
      const row = deactivateSubscription(c, input.subscription_id, DISABLED_BY_ADMIN)
      abandonPendingOfSubscription(c, row.id, `Not sent: the subscription was disabled (${DISABLED_BY_ADMIN.toLowerCase()}).`)
      return toWebhookSubscription(row)
    })
  },
})
