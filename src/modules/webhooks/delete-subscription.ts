import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { SubscriptionId, SubscriptionParams } from './model'
import { deleteSubscriptionInTenant, getSubscriptionInTenant } from './queries'

export const deleteSubscription = defineOperation({
  name: 'delete_webhook_subscription',
  title: 'Delete a webhook subscription',
  description: 'Deletes a subscription with its delivery history; nothing more is sent to it, pending retries included.',
  access: { role: 'admin', write: true },
  input: SubscriptionParams,
  output: t.Object({ id: SubscriptionId, deleted: t.Literal(true) }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      getSubscriptionInTenant(c, input.subscription_id)
      deleteSubscriptionInTenant(c, input.subscription_id)
      return { id: input.subscription_id, deleted: true as const }
    })
  },
})
