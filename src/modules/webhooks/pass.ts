import { metrics } from '../../kernel/metrics'
import { transaction } from '../../kernel/db'
import { everythingDurable } from '../../kernel/durability'
import { findTenantById } from '../tenants/queries'
import { DELIVERY_LIMITS, sendAttempt, type DeliveryDeps } from './deliver'
import { claimDue, fanOutBatch, hasDueDeliveries, type Claim } from './delivery-queries'
import { recordAttempt, type AttemptRecord } from './attempt-queries'

export interface PassSummary {
  fanned_out_events: number
  deliveries_created: number
  attempted: number
  succeeded: number
  retry_scheduled: number
  failed: number
  disabled_subscriptions: string[]
  lost_leases: number
}

interface Finished {
  claim: Claim
  rec: AttemptRecord
}

/**
 * One delivery pass: fan new events out, then send every due attempt with bounded concurrency
 * (a slow endpoint occupies at most `perSubscription` of the `concurrency` slots) until nothing
 * is due. Finished attempts are recorded and new ones claimed in one transaction per turn, so a
 * busy pass costs about one commit per batch rather than two per delivery. Safe to run in several
 * processes at once: fan-out is transactional and every attempt is leased before it is sent.
 */
export async function runDeliveryPass(deps: DeliveryDeps, opts: { deliveryId?: string; wake?: () => Promise<void> } = {}): Promise<PassSummary> {
  const sum: PassSummary = {
    fanned_out_events: 0,
    deliveries_created: 0,
    attempted: 0,
    succeeded: 0,
    retry_scheduled: 0,
    failed: 0,
    disabled_subscriptions: [],
    lost_leases: 0,
  }
  const slugs = new Map<number, string>()
  const slugOf = (tenantId: number) => {
    if (!slugs.has(tenantId)) slugs.set(tenantId, findTenantById(deps.db, tenantId)?.slug ?? String(tenantId))
    return slugs.get(tenantId)!
  }
  const inFlight = new Set<Promise<void>>()
  const busy = new Map<string, number>()
  const finished: Finished[] = []
  let woken = !opts.deliveryId
  for (;;) {
    if (woken) fanOutAll(deps, sum)
    woken = false
    const claims = recordAndClaim(deps, finished.splice(0), sum, DELIVERY_LIMITS.concurrency - inFlight.size, busy, opts.deliveryId)
    // Nothing leaves the box for a write that is not on disk yet (group commit, kernel/durability.ts):
    // the events claimed were committed before the claim, so one sync covers them.
    if (claims.length > 0) await everythingDurable(deps.db)
    for (const claim of claims) {
      const sub = claim.subscription.id
      busy.set(sub, (busy.get(sub) ?? 0) + 1)
      const p: Promise<void> = sendAttempt(deps, claim, slugOf(claim.delivery.tenantId))
        .then((rec) => void finished.push({ claim, rec }))
        .catch((e: unknown) => deps.log.error('webhook attempt failed', { delivery: claim.delivery.id, error: String(e) }))
        .finally(() => {
          inFlight.delete(p)
          busy.set(sub, (busy.get(sub) ?? 1) - 1)
        })
      inFlight.add(p)
    }
    if (inFlight.size === 0 && finished.length === 0) break
    if (finished.length === 0) {
      // Wait for an attempt to finish, or for new work (fresh events, a tick): a slow endpoint in
      // flight must not keep new events for other endpoints waiting.
      const wake = opts.wake?.().then(() => void (woken = true))
      await Promise.race(wake ? [...inFlight, wake] : inFlight)
      // Let attempts finishing at the same moment join this turn's transaction (one commit).
      await Bun.sleep(1)
    }
  }
  return sum
}

function recordAndClaim(deps: DeliveryDeps, done: Finished[], sum: PassSummary, free: number, busy: Map<string, number>, deliveryId?: string): Claim[] {
  if (done.length === 0 && (free <= 0 || !hasDueDeliveries(deps.db, deps.clock()))) return []
  return transaction(deps.db, (tx) => {
    const now = deps.clock()
    for (const { claim, rec } of done) tally(sum, claim, rec, recordAttempt(tx, claim, rec, now), deps)
    return claimDue(tx, { now, limit: free, leaseMs: DELIVERY_LIMITS.leaseMs, busy, perSubscription: DELIVERY_LIMITS.perSubscription, deliveryId })
  })
}

function tally(sum: PassSummary, claim: Claim, rec: AttemptRecord, recorded: boolean, deps: DeliveryDeps): void {
  if (!recorded) {
    sum.lost_leases++
    deps.log.warn('webhook lease lost before recording', { delivery: claim.delivery.id })
    return
  }
  sum.attempted++
  metrics.webhookAttempt(rec.status === 'succeeded' ? 'delivered' : 'failed', rec.durationMs / 1000)
  deps.log.info('webhook attempt', {
    delivery: claim.delivery.id,
    subscription: claim.subscription.id,
    event: claim.event.type,
    attempt: claim.attempt,
    status: rec.status,
    responseStatus: rec.responseStatus,
    ms: rec.durationMs,
    ...(rec.error ? { error: rec.error } : {}),
  })
  if (rec.status === 'succeeded') sum.succeeded++
  else if (rec.status === 'pending') sum.retry_scheduled++
  else sum.failed++
  if (rec.endpoint.kind === 'disable') sum.disabled_subscriptions.push(claim.subscription.id)
}

function fanOutAll(deps: DeliveryDeps, sum: PassSummary): void {
  for (;;) {
    const f = fanOutBatch(deps.db, deps.clock(), DELIVERY_LIMITS.fanOutBatch)
    sum.fanned_out_events += f.events
    sum.deliveries_created += f.deliveries
    if (f.events < DELIVERY_LIMITS.fanOutBatch) return
  }
}
