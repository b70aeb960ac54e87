import type { DbLike } from '../../kernel/db'
import type { Logger } from '../../kernel/log'
import { toIso } from '../../kernel/time'
import { SERVER_VERSION } from '../../kernel/version'
import { findTenantById } from '../tenants/queries'
import { DISABLE_AFTER_MS, retryDelay } from './backoff'
import { claimDue, fanOutBatch, recordAttempt, type AttemptRecord, type Claim } from './delivery-queries'
import { allowList } from './url-guard'
import { signDelivery } from './signing'
import { postWebhook, type TransportResult } from './transport'

/** Documented delivery limits (README, Webhooks). */
export const DELIVERY_LIMITS = {
  /** A 2xx must arrive within this time. */
  timeoutMs: 10_000,
  /** Response bodies are read up to this many bytes and kept as an untrusted excerpt. */
  maxResponseBytes: 1024,
  /** A claimed attempt is this sender's for this long; after it, another sender may retry it. */
  leaseMs: 60_000,
  /** Requests in flight per process, and per endpoint, so one slow receiver cannot hold up others. */
  concurrency: 16,
  perSubscription: 4,
  fanOutBatch: 500,
}

export interface DeliveryDeps {
  db: DbLike
  allowCidrs: readonly string[]
  log: Logger
  /** The clock of this pass: real time in the server, a chosen instant in `webhooks deliver --now`. */
  clock: () => number
  random?: () => number
}

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

/** The envelope of the spec: {id, event, timestamp, tenant, data}. Same bytes on every attempt. */
export function envelopeBody(claim: Pick<Claim, 'event'>, tenantSlug: string): string {
  const e = claim.event
  return JSON.stringify({ id: e.id, event: e.type, timestamp: toIso(e.occurredAt), tenant: tenantSlug, data: e.data })
}

/** Turns the response of one attempt into the delivery's next state and the endpoint's health. */
export function decide(claim: Claim, res: TransportResult, startedAt: number, now: number, random?: () => number): AttemptRecord {
  const base = { startedAt, durationMs: res.durationMs, responseStatus: res.status, responseExcerpt: res.excerpt }
  const s = res.status
  if (s !== null && s >= 200 && s < 300) return { ...base, error: null, status: 'succeeded', nextAttemptAt: null, endpoint: { kind: 'healthy' } }
  if (s === 410) {
    return { ...base, error: 'HTTP 410 Gone', status: 'failed', nextAttemptAt: null, endpoint: { kind: 'disable', reason: 'The endpoint answered 410 Gone.' } }
  }
  const error =
    res.error ?? (s !== null && s >= 300 && s < 400 ? `HTTP ${s}: redirects are not followed; point the subscription at the final URL` : `HTTP ${s}`)
  const failingSince = claim.subscription.failingSince ?? startedAt
  if (now - failingSince >= DISABLE_AFTER_MS) {
    const reason = `Every delivery failed for 3 days (since ${toIso(failingSince)}); last error: ${error}`.slice(0, 500)
    return { ...base, error, status: 'failed', nextAttemptAt: null, endpoint: { kind: 'disable', reason } }
  }
  const delay = retryDelay(claim.attempt, random)
  if (delay === null) return { ...base, error, status: 'failed', nextAttemptAt: null, endpoint: { kind: 'failing' } }
  return { ...base, error, status: 'pending', nextAttemptAt: startedAt + delay, endpoint: { kind: 'failing' } }
}

/** Sends one claimed attempt and records it; never throws. */
async function attempt(deps: DeliveryDeps, claim: Claim, slug: string, sum: PassSummary): Promise<void> {
  const startedAt = deps.clock()
  const signed = signDelivery({
    secret: claim.subscription.secret,
    eventId: claim.event.id,
    eventType: claim.event.type,
    deliveryId: claim.delivery.id,
    body: envelopeBody(claim, slug),
    now: startedAt,
    userAgent: `workforce-webhooks/${SERVER_VERSION}`,
  })
  const res = await postWebhook(claim.subscription.url, signed, {
    timeoutMs: DELIVERY_LIMITS.timeoutMs,
    maxBodyBytes: DELIVERY_LIMITS.maxResponseBytes,
    allow: allowList(deps.allowCidrs),
  })
  const rec = decide(claim, res, startedAt, deps.clock(), deps.random)
  if (!recordAttempt(deps.db, claim, rec, deps.clock())) {
    sum.lost_leases++
    deps.log.warn('webhook lease lost before recording', { delivery: claim.delivery.id })
    return
  }
  sum.attempted++
  if (rec.status === 'succeeded') sum.succeeded++
  else if (rec.status === 'pending') sum.retry_scheduled++
  else sum.failed++
  if (rec.endpoint.kind === 'disable') sum.disabled_subscriptions.push(claim.subscription.id)
}

/**
 * One delivery pass: fan new events out, then send every due attempt with bounded concurrency
 * (a slow endpoint occupies at most `perSubscription` of the `concurrency` slots) until nothing
 * is due. Safe to run in several processes at once: fan-out is transactional, sends are leased.
 */
export async function runDeliveryPass(deps: DeliveryDeps, opts: { deliveryId?: string; wake?: () => Promise<void> } = {}): Promise<PassSummary> {
  const sum: PassSummary = { fanned_out_events: 0, deliveries_created: 0, attempted: 0, succeeded: 0, retry_scheduled: 0, failed: 0, disabled_subscriptions: [], lost_leases: 0 }
  const slugs = new Map<number, string>()
  const slugOf = (tenantId: number) => {
    if (!slugs.has(tenantId)) slugs.set(tenantId, findTenantById(deps.db, tenantId)?.slug ?? String(tenantId))
    return slugs.get(tenantId)!
  }
  const inFlight = new Set<Promise<void>>()
  const busy = new Map<string, number>()
  let woken = !opts.deliveryId
  for (;;) {
    if (woken) fanOutAll(deps, sum)
    woken = false
    const free = DELIVERY_LIMITS.concurrency - inFlight.size
    const claims = claimDue(deps.db, { now: deps.clock(), limit: free, leaseMs: DELIVERY_LIMITS.leaseMs, busy, perSubscription: DELIVERY_LIMITS.perSubscription, deliveryId: opts.deliveryId })
    for (const claim of claims) {
      const sub = claim.subscription.id
      busy.set(sub, (busy.get(sub) ?? 0) + 1)
      const p: Promise<void> = attempt(deps, claim, slugOf(claim.delivery.tenantId), sum)
        .catch((e: unknown) => deps.log.error('webhook attempt failed', { delivery: claim.delivery.id, error: String(e) }))
        .finally(() => {
          inFlight.delete(p)
          busy.set(sub, (busy.get(sub) ?? 1) - 1)
        })
      inFlight.add(p)
    }
    if (inFlight.size === 0) break
    // Wait for a free slot, or for new work (fresh events, a tick): a slow endpoint in flight
    // must not keep new events for other endpoints waiting.
    const wake = opts.wake?.().then(() => void (woken = true))
    await Promise.race(wake ? [...inFlight, wake] : inFlight)
  }
  return sum
}

function fanOutAll(deps: DeliveryDeps, sum: PassSummary): void {
  for (;;) {
    const f = fanOutBatch(deps.db, deps.clock(), DELIVERY_LIMITS.fanOutBatch)
    sum.fanned_out_events += f.events
    sum.deliveries_created += f.deliveries
    if (f.events < DELIVERY_LIMITS.fanOutBatch) return
  }
}
