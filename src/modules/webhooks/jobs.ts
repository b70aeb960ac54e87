import { defineJob } from '../../kernel/job'
import { onEventsWritten } from './outbox-queries'
import { pumpFor } from './pump'

/**
 * Delivery: a tick every 2 seconds (retries come due, events written by other processes such as
 * CLI commands), plus a wake-up right after this process commits new events, for low latency.
 * History retention is the retention module's (data kind webhook_deliveries).
 */
export const deliverWebhooksJob = defineJob({
  name: 'webhooks.deliver',
  pattern: '*/2 * * * * *',
  description: 'Fans new events out to matching subscriptions and sends due webhook attempts.',
  each: 'global',
  run(rt) {
    const pump = pumpFor(rt)
    const pass = pump.run()
    // In the server the tick does not wait for the pass: one waiting on a slow endpoint must not
    // block the next tick, which wakes it for new events and due retries. `workforce jobs run`
    // (no scheduler started) waits for it.
    if (pump.started) return
    return pass.then(() => ({ processed: pump.last?.attempted ?? 0 }))
  },
  start(rt) {
    const pump = pumpFor(rt)
    pump.started = true
    const unsubscribe = onEventsWritten(() => void pump.run())
    void pump.run() // catch up on what is due after downtime
    return async () => {
      unsubscribe()
      await pump.stop()
    }
  },
})

export const webhookJobs = [deliverWebhooksJob]
