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
const path = ['subscription_id']

/** /api/v1/webhooks: subscriptions, the event catalogue, test events and delivery history. */
export const webhookRoutes = (rt: Runtime) =>
  new Elysia({ name: 'webhooks-routes', prefix: '/webhooks' })
    .use(restAuth(rt))
    .post('/subscribe', ({ ctx, body }) => invoke(subscribe, ctx, body), restHook(subscribe, { tags, status: 201 }))
    .get('/', ({ ctx, query }) => invoke(listSubscriptions, ctx, query), restHook(listSubscriptions, { tags, from: 'query' }))
    .get('/events', ({ ctx }) => invoke(listEventTypes, ctx, {}), restHook(listEventTypes, { tags, from: 'query' }))
    .get('/:subscription_id', ({ ctx, params }) => invoke(getSubscription, ctx, params), restHook(getSubscription, { tags, from: 'query', path }))
    .delete('/:subscription_id', ({ ctx, params }) => invoke(deleteSubscription, ctx, params), restHook(deleteSubscription, { tags, from: 'query', path }))
    .post('/:subscription_id/rotate-secret', ({ ctx, params }) => invoke(rotateSecret, ctx, params), restHook(rotateSecret, { tags, path }))
    .post('/:subscription_id/enable', ({ ctx, params }) => invoke(enableSubscription, ctx, params), restHook(enableSubscription, { tags, path }))
    .post('/:subscription_id/test', ({ ctx, params }) => invoke(sendTestEvent, ctx, params), restHook(sendTestEvent, { tags, path }))
    .get('/:subscription_id/deliveries', ({ ctx, params, query }) => invoke(listDeliveries, ctx, { ...query, ...params }), restHook(listDeliveries, { tags, from: 'query', path }))
