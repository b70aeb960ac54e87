import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { SubscriptionParams, WebhookSubscriptionWithSecret, toWebhookSubscription } from './model'
import { getSubscriptionInTenant, updateSubscriptionSecret } from './queries'
import { newSigningSecret, signingSecretPurpose } from './signing'

export const rotateSecret = defineOperation({
  name: 'rotate_webhook_secret',
  title: 'Rotate the signing secret',
  description:
    'Replaces the signing secret and returns the new one once. Every attempt from now on, retries of earlier events included, is signed with the new secret; the old one stops working at once.',
  access: { role: 'admin', write: true },
  input: SubscriptionParams,
  output: WebhookSubscriptionWithSecret,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      getSubscriptionInTenant(c, input.subscription_id)
      const secret = newSigningSecret()
      const sealed = ctx.secrets.seal(secret, signingSecretPurpose(input.subscription_id))
      return { ...toWebhookSubscription(updateSubscriptionSecret(c, input.subscription_id, sealed)), secret }
    })
  },
})
