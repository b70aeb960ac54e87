import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { PageInfo, PageQuery, pageInfo } from '../../kernel/schemas'
import { WebhookSubscription, toWebhookSubscription } from './model'
import { listSubscriptionsInTenant } from './queries'

export const listSubscriptions = defineOperation({
  name: 'list_webhook_subscriptions',
  title: 'List webhook subscriptions',
  description: 'Lists the webhook subscriptions of the tenant, newest first. Secrets are never listed.',
  access: { role: 'admin' },
  input: t.Object({ ...PageQuery }),
  output: t.Object({ data: t.Array(WebhookSubscription), pagination: PageInfo }),
  run(ctx, input) {
    const page = input.page ?? 1
    const size = input.page_size ?? 20
    const { rows, total } = listSubscriptionsInTenant(ctx, page, size)
    return { data: rows.map(toWebhookSubscription), pagination: pageInfo(page, size, total) }
  },
})
