import type { DbLike } from '../../kernel/db'
import type { Logger } from '../../kernel/log'
import { type SecretBox, SecretUnreadable } from '../../kernel/secret-box'
import { toIso } from '../../kernel/time'
import { SERVER_VERSION } from '../../kernel/version'
import { DISABLE_AFTER_MS, retryDelay } from './backoff'
import type { Claim } from './delivery-queries'
import type { AttemptRecord } from './attempt-queries'
import { allowList } from './url-guard'
import { signDelivery, signingSecretPurpose } from './signing'
import { postWebhook, type TransportResult } from './transport'

/** Documented delivery limits (docs/webhooks.md). */
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
  /** Opens the stored signing secrets. */
  secrets: SecretBox
  /** The clock of this pass: real time in the server, a chosen instant in `webhooks deliver --now`. */
  clock: () => number
  random?: () => number
}

/** The envelope of the spec: {id, event, timestamp, tenant, data}. Same bytes on every attempt. */
function envelopeBody(claim: Pick<Claim, 'event'>, tenantSlug: string): string {
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

/** Sends one claimed attempt and decides what it led to; never throws. Recording is the caller's. */
export async function sendAttempt(deps: DeliveryDeps, claim: Claim, tenantSlug: string): Promise<AttemptRecord> {
  const startedAt = deps.clock()
  let secret: string
  try {
    secret = deps.secrets.open(claim.subscription.secret, signingSecretPurpose(claim.subscription.id))
  } catch (e) {
    if (!(e instanceof SecretUnreadable)) throw e
    // Nothing is sent; retried on the usual schedule, so a rotation (a new secret) lets it through.
    const error = `${e.message} Rotate the signing secret (POST /api/v1/webhooks/{subscription_id}/rotate-secret) to send again.`
    return decide(claim, { status: null, excerpt: null, error, durationMs: 0 }, startedAt, deps.clock(), deps.random)
  }
  const signed = signDelivery({
    secret,
    eventId: claim.event.id,
    eventType: claim.event.type,
    deliveryId: claim.delivery.id,
    body: envelopeBody(claim, tenantSlug),
    now: startedAt,
    userAgent: `workforce-webhooks/${SERVER_VERSION}`,
  })
  const res = await postWebhook(claim.subscription.url, signed, {
    timeoutMs: DELIVERY_LIMITS.timeoutMs,
    maxBodyBytes: DELIVERY_LIMITS.maxResponseBytes,
    allow: allowList(deps.allowCidrs),
  })
  return decide(claim, res, startedAt, deps.clock(), deps.random)
}
