import type { Runtime } from '../../runtime'
import type { DeliveryDeps } from './deliver'
import { runDeliveryPass, type PassSummary } from './pass'

/**
 * Runs delivery passes one at a time per process. A request to run while a pass is under way
 * (a tick, or the wake-up after new events) schedules exactly one more pass after it, so no event
 * waits for the next tick and passes never overlap in this process.
 */
export class DeliveryPump {
  private running: Promise<void> | null = null
  private again = false
  private stopped = false
  /** Resolved (and replaced) at each request to run: wakes a pass that waits on slow endpoints. */
  private wakeUp: { promise: Promise<void>; resolve: () => void } | null = null
  last: PassSummary | null = null
  /** Set when the server's scheduler owns this pump (ticks and wake-ups run passes). */
  started = false

  constructor(private readonly deps: () => DeliveryDeps) {}

  run(): Promise<void> {
    if (this.stopped) return Promise.resolve()
    if (this.running) {
      this.again = true
      this.wakeUp?.resolve()
      this.wakeUp = null
      return this.running
    }
    this.running = this.loop().finally(() => (this.running = null))
    return this.running
  }

  private async loop(): Promise<void> {
    do {
      this.again = false
      const deps = this.deps()
      try {
        this.last = await runDeliveryPass(deps, { wake: () => this.nextWake() })
      } catch (e) {
        deps.log.error('webhook delivery pass failed', { error: e instanceof Error ? (e.stack ?? e.message) : String(e) })
      }
    } while (this.again && !this.stopped)
  }

  private nextWake(): Promise<void> {
    if (!this.wakeUp) {
      let resolve!: () => void
      const promise = new Promise<void>((r) => (resolve = r))
      this.wakeUp = { promise, resolve }
    }
    return this.wakeUp.promise
  }

  async stop(): Promise<void> {
    this.stopped = true
    await this.running
  }
}

const pumps = new WeakMap<Runtime, DeliveryPump>()

/** The pump of a runtime: the server's clock is real time. */
export function pumpFor(rt: Runtime): DeliveryPump {
  let pump = pumps.get(rt)
  if (!pump) {
    pump = new DeliveryPump(() => ({ db: rt.db, allowCidrs: rt.config.webhookAllowCidrs, log: rt.log, secrets: rt.secrets, clock: Date.now }))
    pumps.set(rt, pump)
  }
  return pump
}
