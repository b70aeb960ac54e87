import { defineRoutes, del, get, post } from '../../kernel/route'
import { subscribe } from './subscribe'
import { listSubscriptions } from './list-subscriptions'
import { getSubscription } from './get-subscription'
import { deleteSubscription } from './delete-subscription'
import { rotateSecret } from './rotate-secret'
import { enableSubscription } from './enable-subscription'
import { sendTestEvent } from './send-test-event'
import { listDeliveries } from './list-deliveries'
import { listEventTypes } from './list-event-types'

/** /api/v1/webhooks: subscriptions, the event catalogue, test events and delivery history. */
export const webhookRoutes = defineRoutes({ surface: 'rest', prefix: '/webhooks', tags: ['webhooks'] }, [
  post('/subscribe', subscribe, { status: 201 }),
  get('/', listSubscriptions),
  get('/events', listEventTypes),
  get('/:subscription_id', getSubscription),
  del('/:subscription_id', deleteSubscription),
  post('/:subscription_id/rotate-secret', rotateSecret),
  post('/:subscription_id/enable', enableSubscription),
  post('/:subscription_id/test', sendTestEvent),
  get('/:subscription_id/deliveries', listDeliveries),
])
