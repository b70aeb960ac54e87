import type { JobDefinition } from '../../surfaces/jobs'
import { onEventsWritten } from './notifier'
import { pumpFor } from './pump'
import { pruneDeliveryHistory } from './retention'

/**
 * Delivery: a tick every 2 seconds (retries come due, events written by other processes such as
 * CLI commands), plus a wake-up right after this process commits new events, for low latency.
 */
export const deliverWebhooksJob: JobDefinition = {
  name: 'webhooks.deliver',
  pattern: '*/2 * * * * *',
  description: 'Fans new events out to matching subscriptions and sends due webhook attempts.',
  // Not awaited: a pass waiting on a slow endpoint must not block the next tick, which wakes it
  // to fan out new events and send retries that came due. The pump never runs two passes at once.
  run: (rt) => void pumpFor(rt).run(),
  start(rt) {
    const pump = pumpFor(rt)
    const unsubscribe = onEventsWritten(() => void pump.run())
    void pump.run() // catch up on what is due after downtime
    return async () => {
      unsubscribe()
      await pump.stop()
    }
  },
}

export const pruneWebhookDeliveriesJob: JobDefinition = {
  name: 'webhooks.retention',
  pattern: '0 17 * * * *',
  description: "Deletes finished webhook deliveries older than the plan's webhook_deliveries retention.",
  run: (rt, now) => {
    const deleted = pruneDeliveryHistory(rt.db, now)
    if (deleted) rt.log.info('webhook deliveries pruned', { deleted })
  },
}

export const webhookJobs = [deliverWebhooksJob, pruneWebhookDeliveriesJob]
