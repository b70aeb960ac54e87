import { Elysia } from 'elysia'
import { invoke } from '../../kernel/operation'
import { restAuth, restHook } from '../../surfaces/rest'
import type { Runtime } from '../../runtime'
import { subscribe } from './subscribe'
import { listSubscriptions } from './list-subscriptions'
import { getSubscription } from './get-subscription'
import { deleteSubscription } from './delete-subscription'
import { rotateSecret } from './rotate-secret'
import { enableSubscription } from './enable-subscription'
import { sendTestEvent } from './send-test-event'
import { listDeliveries } from './list-deliveries'
import { listEventTypes } from './list-event-types'

const tags = ['webhooks']
const path = ['id']

/** /api/v1/webhooks: subscriptions, the event catalogue, test events and delivery history. */
export const webhookRoutes = (rt: Runtime) =>
  new Elysia({ name: 'webhooks-routes', prefix: '/webhooks' })
    .use(restAuth(rt))
    .post('/subscribe', ({ ctx, body }) => invoke(subscribe, ctx, body), restHook(subscribe, { tags }))
    .get('/', ({ ctx, query }) => invoke(listSubscriptions, ctx, query), restHook(listSubscriptions, { tags, from: 'query' }))
    .get('/events', ({ ctx, query }) => invoke(listEventTypes, ctx, query), restHook(listEventTypes, { tags, from: 'query' }))
    .get('/:id', ({ ctx, params }) => invoke(getSubscription, ctx, params), restHook(getSubscription, { tags, from: 'query', path }))
    .delete('/:id', ({ ctx, params }) => invoke(deleteSubscription, ctx, params), restHook(deleteSubscription, { tags, from: 'query', path }))
    .post('/:id/rotate-secret', ({ ctx, params }) => invoke(rotateSecret, ctx, params), restHook(rotateSecret, { tags, path }))
    .post('/:id/enable', ({ ctx, params }) => invoke(enableSubscription, ctx, params), restHook(enableSubscription, { tags, path }))
    .post('/:id/test', ({ ctx, params }) => invoke(sendTestEvent, ctx, params), restHook(sendTestEvent, { tags, path }))
    .get('/:id/deliveries', ({ ctx, query, params }) => invoke(listDeliveries, ctx, { ...query, ...params }), restHook(listDeliveries, { tags, from: 'query', path }))
