import { Elysia } from 'elysia'
import { invoke, type AnyOperation } from '../../kernel/operation'
import { restAuth, restHook } from '../../surfaces/rest'
import type { Runtime } from '../../runtime'
import { subscribe } from './subscribe'
import { listSubscriptions } from './list-subscriptions'
import { getSubscription } from './get-subscription'
import { deleteSubscription } from './delete-subscription'
import { rotateSecret } from './rotate-secret'
import { enableSubscription } from './enable-subscription'
import { sendTestEvent } from './send-test-event'
import { DeliveriesQuery, listDeliveries } from './list-deliveries'
import { listEventTypes } from './list-event-types'
import { SubscriptionParams } from './model'

const tags = ['webhooks']

/** Response schemas and OpenAPI detail from the operation; inputs typed per route below. */
const doc = (op: AnyOperation) => {
  const { response, detail } = restHook(op, { tags })
  return { response, detail }
}
const params = SubscriptionParams

/** /api/v1/webhooks: subscriptions, the event catalogue, test events and delivery history. */
export const webhookRoutes = (rt: Runtime) =>
  new Elysia({ name: 'webhooks-routes', prefix: '/webhooks' })
    .use(restAuth(rt))
    .post('/subscribe', ({ ctx, body }) => invoke(subscribe, ctx, body), { ...doc(subscribe), body: subscribe.input })
    .get('/', ({ ctx, query }) => invoke(listSubscriptions, ctx, query), { ...doc(listSubscriptions), query: listSubscriptions.input })
    .get('/events', ({ ctx }) => invoke(listEventTypes, ctx, {}), doc(listEventTypes))
    .get('/:id', ({ ctx, params }) => invoke(getSubscription, ctx, params), { ...doc(getSubscription), params })
    .delete('/:id', ({ ctx, params }) => invoke(deleteSubscription, ctx, params), { ...doc(deleteSubscription), params })
    .post('/:id/rotate-secret', ({ ctx, params }) => invoke(rotateSecret, ctx, params), { ...doc(rotateSecret), params })
    .post('/:id/enable', ({ ctx, params }) => invoke(enableSubscription, ctx, params), { ...doc(enableSubscription), params })
    .post('/:id/test', ({ ctx, params }) => invoke(sendTestEvent, ctx, params), { ...doc(sendTestEvent), params })
    .get('/:id/deliveries', ({ ctx, params, query }) => invoke(listDeliveries, ctx, { ...query, ...params }), {
      ...doc(listDeliveries),
      params,
      query: DeliveriesQuery,
    })
