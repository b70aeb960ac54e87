import { createHmac, randomBytes } from 'node:crypto'

/**
 * Signing secrets and the two signature schemes of every delivery.
 *
 * A secret is `whsec_` + base64 of 32 random bytes, the Standard Webhooks format:
 * - `X-Service-Signature: sha256=<hex>` is HMAC-SHA256 over the raw body, keyed with the secret
 *   string exactly as shown (UTF-8 bytes of the whole `whsec_…`), as GitHub-style verifiers do.
 * - `webhook-signature: v1,<base64>` is the Standard Webhooks signature: HMAC-SHA256 over
 *   `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded bytes after `whsec_`,
 *   which is what the standardwebhooks libraries do with the same secret string.
 */
const SECRET_PREFIX = 'whsec_'

export const newSigningSecret = (): string => SECRET_PREFIX + randomBytes(32).toString('base64')

/**
 * Secrets are stored sealed (kernel/secret-box.ts) in webhook_subscriptions.secret, bound to their
 * subscription: a copy of the database without the data directory's instance.secret cannot sign.
 */
export const signingSecretPurpose = (subscriptionId: string): string => `webhook_subscriptions.secret:${subscriptionId}`

function serviceSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`
}

function standardSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64')}`
}

export interface SignedRequest {
  body: string
  headers: Record<string, string>
}

/** The body and headers of one attempt. The body is identical on every attempt; the timestamp is not. */
export function signDelivery(input: {
  secret: string
  eventId: string
  eventType: string
  deliveryId: string
  body: string
  now: number
  userAgent: string
}): SignedRequest {
  const ts = Math.floor(input.now / 1000)
  return {
    body: input.body,
    headers: {
      'content-type': 'application/json',
      'user-agent': input.userAgent,
      'x-service-signature': serviceSignature(input.secret, input.body),
      'x-service-event': input.eventType,
      'x-service-delivery': input.deliveryId,
      'webhook-id': input.eventId,
      'webhook-timestamp': String(ts),
      'webhook-signature': standardSignature(input.secret, input.eventId, ts, input.body),
    },
  }
}
