import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { actorKeyId } from '../../kernel/access'

import { Nullable } from '../../kernel/schemas'
import { WebhookSubscriptionWithSecret, newSubscriptionId, toWebhookSubscription } from './model'
import { countSubscriptions, insertWebhookSubscription } from './queries'
import { SELECTION_RULES, parseSelection } from './selection'
import { newSigningSecret, signingSecretPurpose } from './signing'
import { MAX_URL_LENGTH, checkWebhookUrl } from './url-guard'

/** Subscriptions per tenant (active and disabled alike); documented in docs/webhooks.md. */
const MAX_SUBSCRIPTIONS_PER_TENANT = 25

export const SubscribeInput = t.Object({
  url: t.String({
    minLength: 1,
    maxLength: MAX_URL_LENGTH,
    description: 'http(s) endpoint; its resolved addresses must be public unless the operator allow-lists them',
  }),
  events: t.Optional(Nullable(t.Array(t.String({ maxLength: 100 }), { maxItems: 64, description: SELECTION_RULES }))),
  description: t.Optional(Nullable(t.String({ maxLength: 500 }))),
})

export const subscribe = defineOperation({
  name: 'subscribe_webhook',
  title: 'Subscribe to webhook events',
  description: `Registers an endpoint for signed event deliveries and returns its signing secret (whsec_…) once. ${SELECTION_RULES} At most ${MAX_SUBSCRIPTIONS_PER_TENANT} subscriptions per tenant.`,
  access: { role: 'admin', write: true },
  input: SubscribeInput,
  output: WebhookSubscriptionWithSecret,
  async run(ctx, input) {
    const selection = parseSelection(input.events)
    const url = await checkWebhookUrl(input.url.trim(), ctx.config.webhookAllowCidrs)
    return inTransaction(ctx, (c) => {
      if (countSubscriptions(c) >= MAX_SUBSCRIPTIONS_PER_TENANT) {
        throw new DomainError('conflict', `A tenant can have at most ${MAX_SUBSCRIPTIONS_PER_TENANT} webhook subscriptions; delete one first.`, {
          limit: MAX_SUBSCRIPTIONS_PER_TENANT,
        })
      }
      const id = newSubscriptionId()
      const secret = newSigningSecret()
      const row = insertWebhookSubscription(c, {
        id,
        url: url.toString(),
        events: selection,
        description: input.description ?? null,
        secret: ctx.secrets.seal(secret, signingSecretPurpose(id)),
        status: 'active',
        createdByKeyId: actorKeyId(ctx.actor),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      return { ...toWebhookSubscription(row), secret }
    })
  },
})
