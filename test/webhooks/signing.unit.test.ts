import { describe, expect, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { newSigningSecret, signDelivery } from '../../src/modules/webhooks/signing'

describe('delivery signatures', () => {
  const secret = newSigningSecret()
  const body = JSON.stringify({
    id: 'evt_abc',
    event: 'timesheet.approved',
    timestamp: '2026-01-05T10:00:00.000Z',
    tenant: 'acme',
    data: { totalHours: 38.5, note: 'é ✓' },
  })
  const signed = signDelivery({ secret, eventId: 'evt_abc', eventType: 'timesheet.approved', deliveryId: 'dlv_1', body, now: Date.now(), userAgent: 'test' })

  test('secrets are whsec_ plus base64 of 32 random bytes', () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32)
    expect(newSigningSecret()).not.toBe(secret)
  })

  test('X-Service-Signature is sha256= hex HMAC of the raw body keyed with the secret string', () => {
    expect(signed.headers['x-service-signature']).toBe(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`)
  })

  test('the official Standard Webhooks verifier accepts the delivery with the same secret string', () => {
    expect(new Webhook(secret).verify(body, signed.headers)).toEqual(JSON.parse(body))
    expect(signed.headers['webhook-id']).toBe('evt_abc')
  })

  test('a changed body or another secret fails verification', () => {
    expect(() => new Webhook(secret).verify(body.replace('38.5', '83.5'), signed.headers)).toThrow()
    expect(() => new Webhook(newSigningSecret()).verify(body, signed.headers)).toThrow()
  })
})
